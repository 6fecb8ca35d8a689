/*
 * ops_range - the chains of lib_ops.h stay in range over long runs, and
 * a floating-point chain pushed out of range is caught, not timed.
 * Prints TAP.
 */
#include "bench.h"
#include "lib_ops.h"

#include <sys/wait.h>

/* Iterations of the long runs: 16 pairs of each of 8 chains apiece. */
#define ITER 50000	/* x 32 operations: 1.6 M per chain */

#define RANGE_KERNEL(kind, label, name) OPS_KERNEL(k_##kind, kind, 8, OPS_X16)
OPS_GRID_INT(RANGE_KERNEL)
OPS_GRID_FP(RANGE_KERNEL)
OPS_GRID_BOGO(RANGE_KERNEL)

static const struct {
	const char *label;
	benchmp_f fn;
} kernels[] = {
#define RANGE_ENTRY(kind, label, name) {label, k_##kind},
	OPS_GRID_INT(RANGE_ENTRY)
	OPS_GRID_FP(RANGE_ENTRY)
	OPS_GRID_BOGO(RANGE_ENTRY)
};
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

static int test_no;

/*
 * Run fn in a child (its stderr silenced when an error is expected);
 * return its exit status (or 128 + signal).
 */
static int in_child(benchmp_f fn, iter_t n, struct ops_operands *o,
		    int quiet)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (quiet && freopen("/dev/null", "w", stderr) == NULL)
			_exit(99);
		fn(n, o);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status)
				 : 128 + WTERMSIG(status);
}

static void ok(int cond, const char *what, const char *label)
{
	printf("%sok %d - %s %s\n", cond ? "" : "not ", ++test_no, label,
	       what);
}

int main(int argc, char *argv[])
{
	struct ops_operands o, bad;
	size_t i;

	bench_init(argc, argv, "");
	ops_operands_init(&o);
	printf("1..%zu\n", NKERNELS + 2);
	/* 8 chains each, every chain's start value, millions of steps. */
	for (i = 0; i < NKERNELS; i++)
		ok(in_child(kernels[i].fn, ITER, &o, 0) == 0,
		   "stays in range for 1.6 M operations per chain", kernels[i].label);
	/* A multiply that grows without bound must be caught. */
	bad = o;
	bad.fmul_down = bad.fmul_up;
	ok(in_child(k_float_mul, ITER, &bad, 1) == 1,
	   "out of range: exit 1", "float mul growing");
	bad = o;
	bad.fmul_up = bad.fmul_down;
	ok(in_child(k_double_mul, ITER, &bad, 1) == 1,
	   "out of range: exit 1", "double mul shrinking");
	return 0;
}
