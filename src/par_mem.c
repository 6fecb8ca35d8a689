/*
 * par_mem - memory-level parallelism by size: how many independent
 * loads the processor keeps in flight at each level of the hierarchy.
 *
 * For each size (powers of two from 4 KB to len) the lines of the size
 * are split into k random chains, followed side by side (the k loads of
 * a step independent of each other) for k = 1 .. 16; the parallelism is
 * the largest k * t(1) / t(k), t(k) being the time of one step.  Huge
 * pages are asked for, so page walks do not limit the overlap.
 *
 * usage: par_mem [-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_probe.h"

#define DEFAULT_LEN	((size_t)32 << 20)
#define FIRST_SIZE	((size_t)4 << 10)
#define PAR_SEED	0x7061725f6d656dULL

static const char usage[] =
	"[-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]\n";

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct chain_spec spec = {CHAIN_RANDOM, 0, 0, 0, PAR_SEED};
	size_t len = DEFAULT_LEN, line = 0, s;
	struct probe pr;
	double par;
	int c, cost = 0;

	bench_init(argc, argv, usage);
	while ((c = getopt(argc, argv, "cL:M:W:N:")) != -1) {
		if (bench_common_opt(c, optarg, &opts))
			continue;
		if (c == 'c')
			cost = 1;
		else if (c == 'L')
			line = bench_arg_size(optarg);
		else if (c == 'M')
			len = bench_arg_size(optarg);
		else
			bench_usage();
	}
	if (optind != argc)
		bench_usage();
	if (line != 0 && (line < sizeof(void *) ||
			  line % sizeof(void *) != 0 || line > 4096))
		bench_fail("-L: a line is a multiple of %zu up to 4096 bytes",
			   sizeof(void *));
	if (len < FIRST_SIZE)
		bench_fail("-M %zu: at least %zu bytes are needed", len,
			   FIRST_SIZE);
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, MEM_HUGE, &opts);
	if (line == 0 && (len < 64 * 1024 ||
			  (line = probe_line_size(&pr, NULL)) == 0))
		line = 64;	/* too small to measure, or no step seen */
	spec.stride = line;
	for (s = FIRST_SIZE; s <= len; s *= 2) {
		par = probe_parallelism(&pr, &spec, s);
		if (cost)
			fprintf(stderr, "# %zu bytes: %.3f nanoseconds per "
				"load, one chain\n", s,
				probe_chain(&pr, &spec, s, 1));
		fprintf(stderr, "%.6f %.2f\n", (double)s / (1024 * 1024), par);
		if (s > len / 2)
			break;
	}
	probe_free(&pr);
	return 0;
}
