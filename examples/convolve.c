/*
 * convolve - two implementations of one job, timed side by side: a 1-D
 * convolution of a 4096-sample signal with a 16-tap filter, written
 * plainly and with the taps unrolled by four.  Run it with programs built
 * by two compilers, or with two flag sets, and the figures say which code
 * is faster on this machine and by how much.
 *
 * The signal and the filter are allocated and filled once per copy, in
 * initialize(0), outside every timed interval; each output is summed into
 * a sink so that the compiler cannot drop the work.
 *
 *   cc -O2 convolve.c $(pkg-config --cflags --libs lmbench-ng) -o convolve
 */
#include "bench.h"

#define SAMPLES	4096
#define TAPS	16

struct state {
	float *in, *out, taps[TAPS];
};

static void setup(void *cookie)
{
	struct state *s = cookie;
	int i;

	s->in = bench_alloc(SAMPLES + TAPS, sizeof(*s->in));
	s->out = bench_alloc(SAMPLES, sizeof(*s->out));
	for (i = 0; i < SAMPLES + TAPS; i++)
		s->in[i] = (float)(i % 17) / 17.0f;
	for (i = 0; i < TAPS; i++)
		s->taps[i] = 1.0f / (float)(i + 1);
}

static void teardown(void *cookie)
{
	struct state *s = cookie;

	free(s->in);
	free(s->out);
}

static void plain(iter_t iterations, void *cookie)
{
	struct state *s = cookie;
	int i, k;

	while (iterations-- > 0) {
		for (i = 0; i < SAMPLES; i++) {
			float acc = 0.0f;

			for (k = 0; k < TAPS; k++)
				acc += s->in[i + k] * s->taps[k];
			s->out[i] = acc;
		}
		use_pointer(s->out);
	}
}

static void unrolled(iter_t iterations, void *cookie)
{
	struct state *s = cookie;
	int i, k;

	while (iterations-- > 0) {
		for (i = 0; i < SAMPLES; i++) {
			float a0 = 0.0f, a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;

			for (k = 0; k < TAPS; k += 4) {
				a0 += s->in[i + k] * s->taps[k];
				a1 += s->in[i + k + 1] * s->taps[k + 1];
				a2 += s->in[i + k + 2] * s->taps[k + 2];
				a3 += s->in[i + k + 3] * s->taps[k + 3];
			}
			s->out[i] = (a0 + a1) + (a2 + a3);
		}
		use_pointer(s->out);
	}
}

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state s;

	bench_init(argc, argv, BENCH_USAGE_PWN);
	bench_common_args(argc, argv, &opts, 0, 0);
	benchmp_copy(setup, plain, teardown, &opts, &s);
	nano("convolve plain, per output sample", get_n() * SAMPLES);
	benchmp_copy(setup, unrolled, teardown, &opts, &s);
	nano("convolve unrolled, per output sample", get_n() * SAMPLES);
	return 0;
}
