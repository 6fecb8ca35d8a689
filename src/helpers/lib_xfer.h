/*
 * lib_xfer.h - one-way bulk transfer from a benchmark copy to a partner
 * process, for pipe and socket bandwidth.
 *
 * One iteration: the copy writes `total` bytes in `msg`-byte write()s;
 * the partner read()s every byte into a message-sized buffer, and when
 * it has all `total` bytes it answers with one byte on a back channel,
 * which the copy waits for.  So an interval ends only when the last
 * byte has been received, not merely queued.
 */
#ifndef LMBENCH_LIB_XFER_H
#define LMBENCH_LIB_XFER_H

#include "bench.h"
#include "lib_partner.h"

struct xfer {
	size_t msg, total;		/* total is a multiple of msg */
	void (*open_fds)(struct partner_ends *);
	/* wr and peer_rd carry the data, peer_wr and rd the answer. */
	struct partner_ends ends;
	char *buf;
	pid_t pid;
};

/* total is rounded down to whole messages, at least one. */
void xfer_setup(struct xfer *x, size_t msg, size_t total,
		void (*open_fds)(struct partner_ends *));
void xfer_start(void *cookie);
void xfer_bench(iter_t n, void *cookie);
void xfer_stop(void *cookie);

/*
 * A program of this family (bw_pipe, bw_unix) is this table: how its
 * channel opens, its metric's name and lmbench3's label.  xfer_main()
 * is the whole program: -m (bytes per write, default 64 KB), -M (bytes
 * moved per iteration, default 10 MB) and the common options, the
 * transfer timed, the label and its MB/sec.
 */
struct xfer_program {
	void (*open_fds)(struct partner_ends *);
	const char *name, *label;
};
int xfer_main(int argc, char *argv[], const struct xfer_program *p);

#endif
