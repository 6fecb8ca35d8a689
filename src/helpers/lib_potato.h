/*
 * lib_potato.h - "hot potato" round trips between a benchmark copy and a
 * partner process over two one-way channels (or one two-way channel):
 * the copy writes a message, the partner reads all of it and writes it
 * back, the copy reads all of it.  One iteration is one round trip.
 *
 * A program fills in msg and open_fds (which creates the descriptors,
 * struct partner_ends: rd/wr for the copy, peer_rd/peer_wr for the
 * partner; rd may equal wr for a socket) and passes potato_start,
 * potato_bench and potato_stop to benchmp_copy().
 */
#ifndef LMBENCH_LIB_POTATO_H
#define LMBENCH_LIB_POTATO_H

#include "bench.h"
#include "lib_partner.h"

struct potato {
	size_t msg;				/* bytes each way */
	void (*open_fds)(struct partner_ends *);
	struct partner_ends ends;
	char *buf;
	pid_t pid;
};

/* Fill in defaults: no descriptors, no partner. */
void potato_setup(struct potato *p, size_t msg,
		  void (*open_fds)(struct partner_ends *));
void potato_start(void *cookie);
void potato_bench(iter_t n, void *cookie);
void potato_stop(void *cookie);
/* Close a descriptor pair that may be one descriptor; set both to -1. */
void potato_close_pair(int *a, int *b);

/*
 * A latency program of this family (lat_pipe, lat_fifo, lat_unix) is
 * this table: how its channel opens, its metric's name, lmbench3's label
 * and, where it takes -m (bytes each way, default 1), the most it allows
 * (0: no -m, one byte).  potato_main() is the whole program: options,
 * the round trips timed, the label and its microseconds.
 */
struct potato_program {
	void (*open_fds)(struct partner_ends *);
	const char *name, *label;
	size_t max_msg;
};
int potato_main(int argc, char *argv[], const struct potato_program *p);

#endif
