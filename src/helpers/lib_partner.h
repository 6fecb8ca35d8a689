/*
 * lib_partner.h - helper processes of a benchmark copy: the other end of
 * a pipe, the members of a token ring.  They are forked in a copy's
 * initialize(0), placed with handle_scheduler() (LMBENCH_SCHED), and
 * killed and reaped in its cleanup(0); none outlives its copy, also when
 * the program is interrupted.
 */
#ifndef LMBENCH_LIB_PARTNER_H
#define LMBENCH_LIB_PARTNER_H

#include <sys/types.h>

/*
 * fork() a helper: process `which` (1..count) of `count` helpers of the
 * current copy.  In the child (return 0) it is already placed, dies with
 * its parent (Linux: parent-death signal) and must end with _exit().
 * In the parent it returns the pid, registered to be killed on
 * SIGINT/SIGTERM and fatal errors.  Dies with a clear message (naming
 * RLIMIT_NPROC where that is the limit hit) if the fork fails.
 */
pid_t partner_fork(int which, int count);
/*
 * Place the copy itself as process 0 of a group with `count` helpers, and
 * ignore SIGPIPE so that a dead helper is reported as a failed write.
 */
void partner_place_self(int count);
/* SIGKILL and reap helpers (pids <= 0 are skipped, then zeroed). */
void partner_reap(pid_t *pids, int n);
/*
 * The ends of the channel between a copy and its partner: the copy reads
 * rd and writes wr, the partner reads peer_rd and writes peer_wr (one
 * socket may be both ends of a side: rd == wr).  -1: closed.
 */
struct partner_ends {
	int rd, wr, peer_rd, peer_wr;
};
/* Two pipes, wr -> peer_rd and peer_wr -> rd; dies if one fails. */
void partner_pipes(struct partner_ends *e);
/* Full read/write of len bytes: 0 on success, -1 on EOF or error. */
int partner_read_all(int fd, void *buf, size_t len);
int partner_write_all(int fd, const void *buf, size_t len);

#endif
