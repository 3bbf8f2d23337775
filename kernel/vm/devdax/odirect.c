// SPDX-License-Identifier: GPL-2.0
/*
 * odirect.c - kds-devdax odirect-hold and odirect-park (see devdax.h for the program).
 *
 * odirect-hold reads one page of BLOCKDEV with O_DIRECT into the second
 * page of a mapping of DEV, for the unbind that must wait for the read
 * (init.sh holds the read in flight); odirect-park makes the same read in
 * a thread of its own and, while it is in flight, unmaps the device and
 * closes it, so that the pinned page is all that is left of the device
 * for the unbind and the delete that follow, and says what the read
 * answered once it completes.
 */
#include "devdax.h"

/*
 * The two ends of an O_DIRECT read for @call: @blk opened with O_DIRECT in
 * *@bfd, the first two pages of @dev mapped (its file in *@fd), and the
 * second page faulted in (zeroed) before the read. Returns that page, or
 * NULL, said as @call's answer.
 */
static char *odirect_target(const char *dev, const char *blk, const char *call,
			    int *bfd, int *fd)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *p;

	*bfd = open(blk, O_RDONLY | O_DIRECT);
	if (*bfd < 0) {
		say(call, "open failed");
		return NULL;
	}
	p = map_two_pages(dev, call, fd);
	if (!p)
		return NULL;
	memset(p + page, 0, page);
	return p + page;
}

/*
 * An O_DIRECT read of one page of @blk into the second page of a mapping
 * of @dev: the block layer pins the page (get_user_pages) for as long as
 * the read is in flight, which init.sh makes as long as it wants (a
 * device-mapper device suspended with its I/O queued). Says
 * "odirect-hold: reading" just before the read, then what it answered.
 * The mapping and the file stay, so that the device's unbind meets a
 * mapped, open device as well as the pinned page.
 */
int odirect_hold(const char *dev, const char *blk)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int fd, bfd;
	ssize_t n;
	char *p;

	p = odirect_target(dev, blk, "odirect-hold", &bfd, &fd);
	if (!p)
		return 1;
	say("odirect-hold", "reading");
	n = pread(bfd, p, page, 0);
	say("O_DIRECT read held in flight",
	    n == (ssize_t)page ? "ok" : err_name(n < 0 ? errno : EIO));
	return 0;
}

/* The read odirect_park() runs in a thread of its own. */
struct park_read {
	int bfd;
	char *buf;
	size_t len;
	pid_t tid;
	ssize_t n;
	int err;
};

static void *park_read_fn(void *arg)
{
	struct park_read *r = arg;

	__atomic_store_n(&r->tid, (pid_t)syscall(SYS_gettid), __ATOMIC_RELEASE);
	r->n = pread(r->bfd, r->buf, r->len, 0);
	r->err = r->n < 0 ? errno : 0;
	return NULL;
}

/* The state letter of thread @tid of this process ('?' if unknown). */
static char thread_state(pid_t tid)
{
	char path[64], buf[256], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return '?';
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/*
 * The O_DIRECT read of odirect_hold(), synchronous as there (the block
 * layer dirties the page through its ->mapping when the read completes),
 * but in a thread of its own: once that thread sleeps in the read (D: the
 * page pinned, the bio queued), the main thread unmaps the device and
 * closes it, so that the pinned page is all that is left of the device
 * for the unbind and the delete that follow. Says "odirect-park: in
 * flight, unmapped and closed", then, once the read returns (60 s at
 * most), what it answered.
 */
int odirect_park(const char *dev, const char *blk)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct park_read r = { 0 };
	pthread_t t;
	int fd, i;
	char *p;

	r.buf = odirect_target(dev, blk, "odirect-park", &r.bfd, &fd);
	if (!r.buf)
		return 1;
	p = r.buf - page;
	r.len = page;
	if (pthread_create(&t, NULL, park_read_fn, &r)) {
		say("odirect-park", "no thread");
		return 1;
	}
	for (i = 0; i < 6000; i++) {
		pid_t tid = __atomic_load_n(&r.tid, __ATOMIC_ACQUIRE);

		if (tid && thread_state(tid) == 'D')
			break;
		usleep(10000);
	}
	if (i == 6000) {
		say("odirect-park", "the read never slept");
		return 1;
	}
	if (munmap(p, 2 * page) || close(fd)) {
		say("odirect-park", "unmap or close failed");
		return 1;
	}
	say("odirect-park", "in flight, unmapped and closed");
	pthread_join(t, NULL);
	say("O_DIRECT read parked",
	    r.n == (ssize_t)page ? "ok" : err_name(r.n < 0 ? r.err : EIO));
	close(r.bfd);
	return 0;
}
