/*
 * lat_sem - round trip between two processes through System V
 * semaphores: the copy posts semaphore A and waits on semaphore B, the
 * partner waits on A and posts B.  One round trip is four semop() calls
 * and two wake-ups of a blocked process; loop and timer overheads are
 * subtracted by the harness.
 *
 * One semaphore set (two semaphores per parallel copy) is made before
 * the copies start and removed (IPC_RMID) when the program ends: at
 * exit, on an error and on SIGINT/SIGTERM/SIGHUP/SIGQUIT.  A partner
 * whose set disappears ends.
 *
 * usage: lat_sem [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_partner.h"

#include <signal.h>
#include <sys/ipc.h>
#include <sys/sem.h>

struct state {
	int semid;
	unsigned short post, wait;	/* the copy's two semaphores */
	pid_t pid;
};

/* The set, for the cleanup hook (the harness calls it in its creator). */
static volatile int set_id = -1;

static void remove_set(void)
{
	if (set_id >= 0) {
		(void)semctl(set_id, 0, IPC_RMID);
		set_id = -1;
	}
}

static void make_set(int nsems)
{
	sigset_t all, old;

	/* No signal between creating the set and hooking its removal. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	set_id = semget(IPC_PRIVATE, nsems, IPC_CREAT | 0600);
	if (set_id >= 0)
		bench_cleanup_hook(remove_set);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (set_id < 0)
		bench_die("semget of %d semaphores", nsems);
	bench_debug("System V semaphore set id %d", set_id);
}

static int sem_op(int semid, unsigned short num, short op)
{
	struct sembuf sb;

	sb.sem_num = num;
	sb.sem_op = op;
	sb.sem_flg = 0;
	return semop(semid, &sb, 1);
}

static void partner(struct state *st)
{
	for (;;) {
		if (sem_op(st->semid, st->post, -1) != 0 ||
		    sem_op(st->semid, st->wait, 1) != 0)
			_exit(0);	/* the set was removed */
	}
}

static void do_sem(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0) {
		if (sem_op(st->semid, st->post, 1) != 0)
			bench_die("semop post");
		if (sem_op(st->semid, st->wait, -1) != 0)
			bench_die("semop wait");
	}
}

static void start_partner(void *cookie)
{
	struct state *st = cookie;
	int id = benchmp_childid();

	st->post = (unsigned short)(2 * id);
	st->wait = (unsigned short)(2 * id + 1);
	if (semctl(st->semid, st->post, SETVAL, 0) != 0 ||
	    semctl(st->semid, st->wait, SETVAL, 0) != 0)
		bench_die("semctl SETVAL");
	st->pid = partner_fork(1, 1);
	if (st->pid == 0)
		partner(st);
	partner_place_self(1);
	do_sem(1, st);
}

static void stop_partner(void *cookie)
{
	struct state *st = cookie;

	partner_reap(&st->pid, 1);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;

	make_set(2 * r->opts.parallel);
	st->semid = set_id;
	benchmp_copy(start_partner, do_sem, stop_partner, &r->opts, st);
	report_micro("sem.latency", "Semaphore latency", get_n());
	return 0;
}

/* No options, no operands: -P/-W/-N alone. */
BENCH_MAIN(.usage = BENCH_USAGE_PWN "\n",
	   BENCH_STATE(.semid = -1))
