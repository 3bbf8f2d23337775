// SPDX-License-Identifier: GPL-2.0
/*
 * devdax.c - what an application sees of a device-dax character device,
 * for the guest (static: the initramfs has no libc).
 *
 *   kds-devdax check DEV ALIGN SIZE [BLOCKDEV]
 *   kds-devdax teardown DEV ALIGN SIZE UNBIND_FILE NAME
 *   kds-devdax pin DEV RELEASE_FILE
 *   kds-devdax stress DEV WRITER OFFSET LENGTH PEER_OFFSET RUN_FILE CHURN_FILE
 *   kds-devdax units DEV SIZE STEP FIRST stamp|read [SIDE]
 *   kds-devdax odirect-hold DEV BLOCKDEV
 *   kds-devdax odirect-park DEV BLOCKDEV
 *   kds-devdax cmp DEV OFFSET FILE
 *
 * check runs the calls ndctl's device-dax tests make and prints one line
 * per call, "devdax: <call>: <answer>" (an errno name, "ok", a count), so
 * that the answers of Linux's device_dax and of kds's can be compared line
 * by line on the same kernel and range (init.sh). It fails by itself only
 * where an answer cannot be right on any driver: data that does not read
 * back, a child that sees other data, a mapping past the end that faults
 * in without SIGBUS. With BLOCKDEV (a scratch block device, the guest's
 * /dev/ram0), O_DIRECT writes from the mapping to it and reads back into
 * the mapping: the block layer pins the mapping's pages (get_user_pages)
 * and the bytes must survive the round trip.
 *
 * teardown first poisons a page a child maps (memory failure, see
 * hwpoison()), then maps the device, touches it, unbinds the device from its driver
 * through UNBIND_FILE while mapped, and prints what a touch, a new mmap of
 * the open file and a new open get then.
 *
 * pin holds one page of DEV by get_user_pages until RELEASE_FILE appears
 * (see pin()), for the unbind that must wait for it (init.sh).
 *
 * stress, while RUN_FILE exists, opens DEV, maps LENGTH bytes at OFFSET,
 * stamps every page (a magic, the page's device offset, WRITER (0 or 1)
 * and the round), unmaps, maps the device again from offset 0 (so that
 * each page lies elsewhere in the mapping than where it was stamped) and
 * checks every stamp of its own, then every stamp of the other writer's
 * LENGTH bytes at PEER_OFFSET: each must name its own page and the other
 * writer. Again and again, while the device is unbound, bound, handed to
 * kmem, deleted and created under it (kernel/vm/stress.sh). Each round
 * first reads its own pages through the new mapping, before stamping: no
 * churn step clears the device's memory, so every page stamped once must
 * still hold the stamp of its last round, whichever binding or region
 * maps it now (a mapping that lands outside the memory stamped before
 * finds none, and fails). The peer's pages must hold the peer's stamp of
 * a round no older than the last seen there. No page is excused. CHURN_FILE
 * holds a counter the churn loop makes odd while a step is in flight and
 * even between steps. A refusal a vanishing device explains (open ENOENT
 * or ENXIO, mmap ENXIO, SIGBUS) is counted only when a step was in flight
 * at some point since the round's open; any other errno, a refusal with
 * no step in flight, or a missing or wrong stamp fails, reported for the
 * first 3 and counted.
 *
 * units maps SIZE bytes of DEV from offset 0 and, one every STEP bytes,
 * writes a stamp naming FIRST plus its offset (FIRST: the device's start
 * in its region, so that a stamp names a place in the region whatever
 * layout the device has later), or reads the stamps back and says how
 * many units hold their own, how many another's (and how far off) and how
 * many none (see units()). SIDE (default 0) is mixed into the stamp's
 * magic, so that when two drivers are compared over the same memory
 * (init.sh's align_compare) a read finds only the stamps its own side
 * wrote: the other side's leftovers count as no stamp.
 *
 * odirect-hold reads one page of BLOCKDEV with O_DIRECT into the second
 * page of a mapping of DEV, for the unbind that must wait for the read
 * (init.sh holds the read in flight); odirect-park makes the same read in
 * a thread of its own and, while it is in flight, unmaps the device and
 * closes it, so that the pinned page is all that is left of the device
 * for the unbind and the delete that follow, and says what the read
 * answered once it completes. cmp says whether the bytes of DEV at
 * OFFSET are those of FILE.
 *
 * Exit status: 0 when every line was printed and nothing failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define FRESH_NODE	"/tmp/kds-devdax.node"

#ifndef MAP_SHARED_VALIDATE
#define MAP_SHARED_VALIDATE	0x03
#endif
#ifndef MAP_SYNC
#define MAP_SYNC		0x80000
#endif

static int failed;
static sigjmp_buf bus_jmp;
static volatile sig_atomic_t in_probe;

static void on_sigbus(int sig)
{
	(void)sig;
	if (in_probe)
		siglongjmp(bus_jmp, 1);
	_exit(3);
}

static const char *err_name(int e)
{
	switch (e) {
	case 0: return "ok";
	case EINVAL: return "EINVAL";
	case ENXIO: return "ENXIO";
	case ENOTTY: return "ENOTTY";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENODEV: return "ENODEV";
	case EBUSY: return "EBUSY";
	case EFAULT: return "EFAULT";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EOVERFLOW: return "EOVERFLOW";
	default: return "other";
	}
}

static void say(const char *call, const char *answer)
{
	printf("devdax: %s: %s\n", call, answer);
}

static void bad(const char *what)
{
	printf("devdax: not ok: %s\n", what);
	failed = 1;
}

/* mmap and say what it answered; the mapping or MAP_FAILED. */
static void *map(const char *call, void *addr, size_t len, int flags, int fd,
		 off_t off)
{
	void *p = mmap(addr, len, PROT_READ | PROT_WRITE, flags, fd, off);

	say(call, err_name(p == MAP_FAILED ? errno : 0));
	return p;
}

/*
 * Access the word at @p (write @v when @write, else read it into @v):
 * 1 when the access faults with SIGBUS, 0 when it is done.
 */
static int access_sigbus(volatile uint64_t *p, int write, uint64_t *v)
{
	int got = 0;

	in_probe = 1;
	if (sigsetjmp(bus_jmp, 1) == 0) {
		if (write)
			*p = *v;
		else
			*v = *p;
	} else {
		got = 1;
	}
	in_probe = 0;
	return got;
}

/* 1 when touching the byte at @p faults with SIGBUS, 0 when it reads. */
static int touch_sigbus(volatile char *p)
{
	int got = 0;

	in_probe = 1;
	if (sigsetjmp(bus_jmp, 1) == 0)
		(void)*p;
	else
		got = 1;
	in_probe = 0;
	return got;
}

static long minflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

/* The KernelPageSize smaps gives for the mapping at @addr. */
static void smaps_pagesize(void *addr)
{
	char line[256], want[32], got[64] = "missing";
	FILE *f = fopen("/proc/self/smaps", "r");
	int in = 0;

	snprintf(want, sizeof(want), "%lx-", (unsigned long)addr);
	while (f && fgets(line, sizeof(line), f)) {
		if (strchr(line, '-') && strchr(line, ' ') &&
		    strchr(line, '-') < strchr(line, ' '))
			in = strncmp(line, want, strlen(want)) == 0;
		if (in && sscanf(line, "KernelPageSize: %63[^\n]", got) == 1)
			break;
	}
	if (f)
		fclose(f);
	say("smaps KernelPageSize", got);
}

/*
 * O_DIRECT between the mapping @p and the block device @blk: 64 KiB from
 * the start of the mapping written to the device, read back into the
 * mapping's last 64 KiB, compared.
 */
static void odirect(const char *blk, char *p, size_t size)
{
	const size_t len = 65536;
	ssize_t n;
	int bfd;

	bfd = open(blk, O_RDWR | O_DIRECT);
	if (bfd < 0) {
		bad("open the block device O_DIRECT");
		return;
	}
	n = pwrite(bfd, p, len, 0);
	say("O_DIRECT write from the mapping",
	    n == (ssize_t)len ? "ok" : err_name(n < 0 ? errno : EIO));
	n = pread(bfd, p + size - len, len, 0);
	say("O_DIRECT read into the mapping",
	    n == (ssize_t)len ? "ok" : err_name(n < 0 ? errno : EIO));
	if (n == (ssize_t)len && memcmp(p, p + size - len, len))
		bad("O_DIRECT carries the mapping's bytes there and back");
	close(bfd);
}

/*
 * A mapping whose page offset is one page off the align, placed at an
 * aligned address with MAP_FIXED (so the vma itself passes): its first
 * fault is a unit of the align whose device offset starts a page in.
 * Linux maps the aligned-down unit, so the bytes of offset 0 appear where
 * offset one page should be; kds gives no address off the unit's size and
 * answers SIGBUS. Offsets 0 and one page are marked first through a proper
 * mapping, and restored after.
 */
static void offset_off_align(int fd, char *q, size_t align, size_t page)
{
	const uint64_t m0 = 0x6b64732d6f666630ULL, m1 = 0x6b64732d6f666631ULL;
	volatile uint64_t *o;
	uint64_t s0, s1, got = 0;
	char *p;

	/* refused where the mm cannot fault it as DAX: said, as every call */
	o = map("mmap two units at offset 0 (marks offsets 0 and one page)",
		NULL, 2 * align, MAP_SHARED, fd, 0);
	if (o == MAP_FAILED)
		return;
	s0 = o[0];
	s1 = o[page / 8];
	o[0] = m0;
	o[page / 8] = m1;
	p = map("mmap at an aligned address, offset off the align", q, align,
		MAP_SHARED | MAP_FIXED, fd, (off_t)page);
	if (p != MAP_FAILED) {
		say("touch at an aligned address, offset off the align",
		    access_sigbus((volatile uint64_t *)p, 0, &got) ? "SIGBUS" :
		    got == m0 ? "reads offset 0 (the unit below)" :
		    got == m1 ? "reads its own offset" : "reads other bytes");
		munmap(p, align);
	}
	o[0] = s0;
	o[page / 8] = s1;
	munmap((void *)o, 2 * align);
}

static int check(const char *dev, size_t align, size_t size, const char *blk)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	char buf[4096], *p, *q;
	long f0, f1;
	int fd, pfd[2], st;
	pid_t pid;

	fd = open(dev, O_RDWR);
	say("open", err_name(fd < 0 ? errno : 0));
	if (fd < 0)
		return 1;
	say("read", err_name(read(fd, buf, sizeof(buf)) < 0 ? errno : 0));
	say("write", err_name(write(fd, buf, sizeof(buf)) < 0 ? errno : 0));
	say("ioctl", err_name(ioctl(fd, 0, 0) < 0 ? errno : 0));
	say("lseek", lseek(fd, 4096, SEEK_SET) == 0 ? "0" : "moved");

	p = map("mmap private", NULL, align, MAP_PRIVATE, fd, 0);
	if (p != MAP_FAILED)
		munmap(p, align);
	if (align > page) {
		p = map("mmap one page of a larger align", NULL, page, MAP_SHARED, fd, 0);
		if (p != MAP_FAILED)
			munmap(p, page);
	}
	/* an aligned window to place fixed mappings in */
	q = mmap(NULL, 4 * align, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (q == MAP_FAILED)
		return 1;
	q = (char *)(((uintptr_t)q + align - 1) & ~(uintptr_t)(align - 1));
	if (align > page) {
		p = map("mmap at an address off the align", q + page, align,
			MAP_SHARED | MAP_FIXED, fd, 0);
		if (p != MAP_FAILED)
			munmap(p, align);
		p = map("mmap a length off the align", q, align + page,
			MAP_SHARED | MAP_FIXED, fd, 0);
		if (p != MAP_FAILED)
			munmap(p, align + page);
	}
	/* offsets: off the align, at the end, past the end, near 2^63 and 2^64 */
	if (align > page) {
		p = map("mmap at an offset off the align", NULL, align, MAP_SHARED, fd,
			(off_t)page);
		if (p != MAP_FAILED) {
			say("touch at an offset off the align",
			    touch_sigbus(p) ? "SIGBUS" : "read");
			munmap(p, align);
		}
	}
	if (align > page && size >= 2 * align)
		offset_off_align(fd, q, align, page);
	p = map("mmap at the device's end", NULL, align, MAP_SHARED, fd, (off_t)size);
	if (p != MAP_FAILED) {
		say("touch at the device's end", touch_sigbus(p) ? "SIGBUS" : "read");
		munmap(p, align);
	}
	p = map("mmap one unit before the device's end", NULL, align, MAP_SHARED, fd,
		(off_t)(size - align));
	if (p != MAP_FAILED) {
		say("touch one unit before the device's end",
		    touch_sigbus(p + align - 1) ? "SIGBUS" : "read");
		munmap(p, align);
	}
	p = map("mmap at the largest aligned offset", NULL, align, MAP_SHARED, fd,
		(off_t)(INT64_MAX & ~(int64_t)(align - 1)));
	if (p != MAP_FAILED)
		munmap(p, align);
	p = map("mmap at a negative offset", NULL, align, MAP_SHARED, fd,
		(off_t)-(int64_t)align);
	if (p != MAP_FAILED)
		munmap(p, align);
	p = map("mmap a length near 2^64", NULL, SIZE_MAX & ~(size_t)(align - 1),
		MAP_SHARED, fd, 0);
	if (p != MAP_FAILED)
		munmap(p, SIZE_MAX & ~(size_t)(align - 1));
	p = map("mmap MAP_SHARED_VALIDATE|MAP_SYNC", NULL, align,
		MAP_SHARED_VALIDATE | MAP_SYNC, fd, 0);
	if (p != MAP_FAILED)
		munmap(p, align);
	p = map("mmap MAP_SHARED_VALIDATE with an unknown flag", NULL, align,
		MAP_SHARED_VALIDATE | 0x1000000 /* no flag has this bit */, fd, 0);
	if (p != MAP_FAILED)
		munmap(p, align);

	/* the whole device and as much again past its end */
	p = map("mmap twice the device's size", NULL, 2 * size, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return 0;	/* a driver that maps nothing: nothing more to ask */
	}
	say("address aligned", ((uintptr_t)p & (align - 1)) ? "no" : "yes");
	smaps_pagesize(p);
	f0 = minflt();
	for (i = 0; i < size; i += page)
		*(volatile uint64_t *)(p + i) = 0x6b647300ULL ^ i;
	f1 = minflt();
	printf("devdax: faults writing every page: %ld\n", f1 - f0);
	for (i = 0; i < size; i += page)
		if (*(volatile uint64_t *)(p + i) != (0x6b647300ULL ^ i)) {
			bad("the pattern reads back");
			break;
		}
	say("past the end", touch_sigbus(p + size) ? "SIGBUS" : "read");
	say("last byte", touch_sigbus(p + size - 1) ? "SIGBUS" : "read");

	/* get_user_pages on the mapping: vmsplice pins it into a pipe */
	if (pipe(pfd) == 0) {
		struct iovec iov = { p + page, page };
		ssize_t n = vmsplice(pfd[1], &iov, 1, 0);

		say("vmsplice (get_user_pages)", err_name(n < 0 ? errno : 0));
		if (n == (ssize_t)page && (read(pfd[0], buf, page) != (ssize_t)page ||
					   memcmp(buf, p + page, page)))
			bad("vmsplice carries the mapping's bytes");
		close(pfd[0]);
		close(pfd[1]);
	}

	/* a forked child sees the same memory */
	pid = fork();
	if (pid == 0) {
		for (i = 0; i < size; i += align)
			if (*(volatile uint64_t *)(p + i) != (0x6b647300ULL ^ i))
				_exit(1);
		*(volatile uint64_t *)p = 42;
		_exit(0);
	}
	st = -1;
	if (pid > 0)
		waitpid(pid, &st, 0);
	say("forked child", WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "ok" : "failed");
	if (*(volatile uint64_t *)p != 42)
		bad("the child's write shows in the parent");
	if (blk)
		odirect(blk, p, size);

	if (align > page) {
		say("munmap inside an align unit",
		    err_name(munmap(p + page, page) ? errno : 0));
		say("mremap to a length off the align",
		    err_name(mremap(p, 2 * size, 2 * size - page, 0) == MAP_FAILED ? errno : 0));
	}
	say("munmap one align unit at a boundary",
	    err_name(munmap(p + 2 * size - align, align) ? errno : 0));
	say("mremap shrink at a boundary",
	    err_name(mremap(p, 2 * size - align, size, 0) == MAP_FAILED ? errno : 0));
	say("munmap all", err_name(munmap(p, size) ? errno : 0));
	close(fd);
	return 0;
}

#ifndef MADV_HWPOISON
#define MADV_HWPOISON	100
#endif

/*
 * Memory failure on a mapped page (madvise(MADV_HWPOISON), root): a child
 * maps the device's last align unit, writes it and poisons its first page.
 * The kernel finds the processes to signal through the page's mapping and
 * index; the child, which maps the page, gets SIGBUS. Says what became of
 * the child: killed by a signal, or madvise's answer.
 */
static void hwpoison(int fd, size_t align, size_t size)
{
	char answer[64];
	pid_t pid;
	int st = -1;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char *p;

		signal(SIGBUS, SIG_DFL);
		p = mmap(NULL, align, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			 (off_t)(size - align));
		if (p == MAP_FAILED)
			_exit(99);
		*(volatile char *)p = 1;
		if (madvise(p, (size_t)sysconf(_SC_PAGESIZE), MADV_HWPOISON))
			_exit(100 + (errno < 100 ? errno : 99));
		*(volatile char *)p = 2;
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &st, 0);
	if (pid > 0 && WIFSIGNALED(st))
		snprintf(answer, sizeof(answer), "child killed by %s",
			 WTERMSIG(st) == SIGBUS ? "SIGBUS" : "another signal");
	else if (pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) >= 100)
		snprintf(answer, sizeof(answer), "madvise %s",
			 err_name(WEXITSTATUS(st) - 100));
	else if (pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		snprintf(answer, sizeof(answer), "child lives");
	else
		snprintf(answer, sizeof(answer), "child failed");
	say("hwpoison a mapped page", answer);
}

static int teardown(const char *dev, size_t align, size_t size,
		    const char *unbind, const char *name)
{
	int fd = open(dev, O_RDWR), u;
	struct stat st;
	char *p;

	say("open", err_name(fd < 0 ? errno : 0));
	if (fd < 0)
		return 1;
	hwpoison(fd, align, size);
	p = map("mmap", NULL, align, MAP_SHARED, fd, 0);
	if (p != MAP_FAILED)
		say("touch while bound", touch_sigbus(p) ? "SIGBUS" : "read");
	u = open(unbind, O_WRONLY);
	if (u < 0 || write(u, name, strlen(name)) < 0) {
		bad("unbind while open");
		return 1;
	}
	close(u);
	if (p != MAP_FAILED) {
		say("touch after unbind", touch_sigbus(p) ? "SIGBUS" : "read");
		say("touch the unit's end after unbind",
		    touch_sigbus(p + align - 1) ? "SIGBUS" : "read");
	}
	p = map("mmap after unbind", NULL, align, MAP_SHARED, fd, 0);
	/*
	 * A new open, through a node of its own: a /dev inode opened while the
	 * device was bound may keep the old character device (Linux's does).
	 */
	if (fstat(fd, &st) == 0 && mknod(FRESH_NODE, S_IFCHR | 0600, st.st_rdev) == 0) {
		u = open(FRESH_NODE, O_RDWR);
		say("open after unbind", err_name(u < 0 ? errno : 0));
		if (u >= 0)
			close(u);
		unlink(FRESH_NODE);
	} else {
		bad("a fresh node for the device");
	}
	close(fd);
	return 0;
}

/*
 * The mapping stress. Each page's first 32 bytes carry a stamp: a magic,
 * the page's offset in the device, the writer's number and the writer's
 * round. Stores go magic last, so that a reader that sees the magic sees
 * the rest of a stamp its writer completed.
 */
#define STAMP_MAGIC	0x6b64732d7374616dULL	/* "kds-stam" */

struct stamp {
	uint64_t magic, devoff, writer, seq;
};

/*
 * Write @s to the page at @p (magic last) or read it from there: 1 when an
 * access faults with SIGBUS (the stamp is then partly done), 0 when done.
 */
static int stamp_access(volatile uint64_t *p, int write, struct stamp *s)
{
	int got = 0;

	in_probe = 1;
	if (sigsetjmp(bus_jmp, 1) == 0) {
		if (write) {
			p[1] = s->devoff;
			p[2] = s->writer;
			p[3] = s->seq;
			p[0] = s->magic;
		} else {
			s->magic = p[0];
			s->devoff = p[1];
			s->writer = p[2];
			s->seq = p[3];
		}
	} else {
		got = 1;
	}
	in_probe = 0;
	return got;
}

static unsigned long stress_bad;

static void stress_fail(const char *what, int e)
{
	if (++stress_bad > 3)
		return;
	if (e)
		printf("devdax: stress: not ok: %s (%s)\n", what, err_name(e));
	else
		printf("devdax: stress: not ok: %s\n", what);
}

/*
 * The churn counter kernel/vm/stress.sh keeps in @churn, written whole by
 * rename: odd while a churn step (unbind, region deletion, kmem) is in
 * flight, even between steps. ~0 when it cannot be read.
 */
static unsigned long churn_now(const char *churn)
{
	char buf[32];
	ssize_t n;
	int fd = open(churn, O_RDONLY);

	if (fd < 0)
		return ~0UL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return ~0UL;
	buf[n] = 0;
	return strtoul(buf, NULL, 10);
}

/*
 * A refusal (an errno a vanishing device gives, or SIGBUS) is explained
 * only when a churn step was in flight at some point since @since was
 * read: the counter was odd then or is odd now, or it moved.
 */
static int churned(const char *churn, unsigned long since)
{
	unsigned long now = churn_now(churn);

	return since == ~0UL || now == ~0UL ? 0 :
	       (since & 1) || (now & 1) || now != since;
}

struct stress_counts {
	unsigned long rounds, maps, written, before, remapped, peer, explained;
};

/*
 * What a writer knows of one page: @seq, the round of the last stamp
 * known to be there (0: none yet); for its own pages, @cut, a round whose
 * stamp a SIGBUS cut short (the page may hold that round's seq under the
 * old magic, or no magic if it had none).
 */
struct seen {
	uint64_t seq, cut;
};

/*
 * Check the stamps of the @len bytes at @p, device offset @off, against
 * what @known says of each page. The device's memory is never cleared by
 * anything the churn does (unbind, kmem adding it offline and taking it
 * back, the region deleted and created again over the same range), so a
 * page once stamped must always carry a stamp naming its own device
 * offset and @writer, whatever churn happened: for the writer's own pages
 * exactly the round it knows (or the cut one), for the peer's a round no
 * older than the last seen (then recorded). A page with no stamp passes
 * only while none is known there; nothing is excused. Returns 1 on SIGBUS
 * (the caller accounts for it), else 0; counts verified pages in *@ok.
 */
static int check_stamps(volatile char *p, uint64_t off, size_t len,
			uint64_t writer, int own, struct seen *known,
			const char *when, unsigned long *ok)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	struct stamp s;
	char what[200];

	for (i = 0; i < len; i += page) {
		struct seen *k = &known[i / page];

		if (stamp_access((volatile uint64_t *)(p + i), 0, &s))
			return 1;
		if ((s.magic != STAMP_MAGIC || own) && !k->seq && !k->cut)
			continue;	/* never stamped as far as this writer knows */
		if (s.magic != STAMP_MAGIC && !k->seq)
			continue;	/* only a cut stamp was ever written here */
		if (s.magic != STAMP_MAGIC) {
			snprintf(what, sizeof(what),
				 "%s: device offset 0x%llx: no stamp where writer %llu stamped round %llu",
				 when, (unsigned long long)(off + i),
				 (unsigned long long)writer, (unsigned long long)k->seq);
			stress_fail(what, 0);
			return 0;
		}
		if (s.devoff != off + i || s.writer != writer ||
		    (own ? s.seq != k->seq && (!k->cut || s.seq != k->cut) :
			   s.seq < k->seq)) {
			snprintf(what, sizeof(what),
				 "%s: device offset 0x%llx holds the stamp of offset 0x%llx, writer %llu, round %llu (want writer %llu, round %s%llu)",
				 when, (unsigned long long)(off + i),
				 (unsigned long long)s.devoff,
				 (unsigned long long)s.writer,
				 (unsigned long long)s.seq,
				 (unsigned long long)writer, own ? "" : ">= ",
				 (unsigned long long)k->seq);
			stress_fail(what, 0);
			return 0;
		}
		if (!own)
			k->seq = s.seq;
		(*ok)++;
	}
	return 0;
}

/* A refusal: counted when churn explains it, else a failure. */
static void refused(struct stress_counts *c, const char *what, int e,
		    const char *churn, unsigned long since)
{
	char buf[96];

	if (churned(churn, since)) {
		c->explained++;
		return;
	}
	snprintf(buf, sizeof(buf), "%s with no churn step in flight", what);
	stress_fail(buf, e);
}

static int stress(const char *dev, unsigned int writer, off_t off, size_t len,
		  off_t peer_off, const char *run, const char *churn)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	struct stress_counts c = { 0 };
	unsigned long since, first = churn_now(churn), last = ~0UL;
	size_t win = (size_t)(off > peer_off ? off : peer_off) + len;
	struct seen *own = calloc(len / page, sizeof(*own));
	struct seen *peer = calloc(len / page, sizeof(*peer));
	uint64_t seq = 0;
	char *p;
	int fd;

	if (!own || !peer) {
		stress_fail("no memory", ENOMEM);
		goto out;
	}
	if (first == ~0UL) {
		stress_fail("the churn counter cannot be read", errno);
		goto out;
	}
	while (access(run, F_OK) == 0) {
		c.rounds++;
		since = churn_now(churn);
		fd = open(dev, O_RDWR);
		if (fd < 0) {
			if (errno == ENOENT || errno == ENXIO)
				refused(&c, "open", errno, churn, since);
			else
				stress_fail("open", errno);
			usleep(1000);
			continue;
		}
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
		if (p == MAP_FAILED) {
			if (errno == ENXIO)
				refused(&c, "mmap", errno, churn, since);
			else
				stress_fail("mmap", errno);
			close(fd);
			continue;
		}
		c.maps++;
		/*
		 * Before stamping: what the last rounds left, through a new
		 * mapping (after a churn step, of a new binding or a new
		 * region over the same memory), must still be there.
		 */
		if (check_stamps(p, (uint64_t)off, len, writer, 1, own,
				 "before stamping", &c.before)) {
			refused(&c, "SIGBUS reading a stamp before stamping", 0,
				churn, since);
			munmap(p, len);
			close(fd);
			continue;
		}
		seq++;
		for (i = 0; i < len; i += page) {
			struct stamp s = { STAMP_MAGIC, (uint64_t)off + i,
					   writer, seq };

			if (stamp_access((volatile uint64_t *)(p + i), 1, &s)) {
				own[i / page].cut = seq;
				refused(&c, "SIGBUS writing a stamp", 0, churn, since);
				break;
			}
			own[i / page].seq = seq;
			own[i / page].cut = 0;
			c.written++;
		}
		if (munmap(p, len))
			stress_fail("munmap", errno);
		/*
		 * Both writers' stamps through a new mapping of the same file,
		 * from device offset 0: a page here sits at another place in
		 * its mapping than where it was stamped.
		 */
		p = mmap(NULL, win, PROT_READ, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED) {
			if (errno == ENXIO)
				refused(&c, "mmap again", errno, churn, since);
			else
				stress_fail("mmap again", errno);
			close(fd);
			continue;
		}
		if (check_stamps(p + off, (uint64_t)off, len, writer, 1, own,
				 "after the remap", &c.remapped))
			refused(&c, "SIGBUS reading a stamp after the remap", 0,
				churn, since);
		else if (check_stamps(p + peer_off, (uint64_t)peer_off, len,
				      !writer, 0, peer, "the peer's", &c.peer))
			refused(&c, "SIGBUS reading the peer's stamps", 0, churn,
				since);
		munmap(p, win);
		close(fd);
	}
	last = churn_now(churn);
out:
	printf("devdax: stress: writer %u: %lu rounds, %lu mappings, %lu pages stamped, %lu found again before stamping, %lu read back after a remap, %lu of the peer's verified, %lu refusals during churn, %lu churn steps seen, %lu failures\n",
	       writer, c.rounds, c.maps, c.written, c.before, c.remapped,
	       c.peer, c.explained,
	       first == ~0UL || last == ~0UL ? 0 : (last - first) / 2, stress_bad);
	free(own);
	free(peer);
	return stress_bad != 0;
}

/*
 * The first two pages of @dev mapped shared, its file open in *@fd, or
 * NULL, said as @call's answer ("open failed", "mmap failed").
 */
static char *map_two_pages(const char *dev, const char *call, int *fd)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *p;

	*fd = open(dev, O_RDWR);
	if (*fd < 0) {
		say(call, "open failed");
		return NULL;
	}
	p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
	if (p == MAP_FAILED) {
		say(call, "mmap failed");
		close(*fd);
		return NULL;
	}
	return p;
}

/*
 * A page of DEV pinned by get_user_pages until RELEASE_FILE appears:
 * vmsplice() of the device's second page into a pipe (the pipe holds the
 * page's reference until it is read), then the mapping and the file are
 * given back, so that only the pin remains. Says "pin: pinned" once the
 * page is in the pipe; once RELEASE_FILE exists (60 s at most), reads the
 * pipe and says whether the bytes are what was written.
 */
static int pin(const char *dev, const char *release)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	char *p, *buf = malloc(page);
	struct iovec iov;
	int fd, pfd[2];
	ssize_t n;

	if (!buf) {
		say("pin", "no memory");
		return 1;
	}
	p = map_two_pages(dev, "pin", &fd);
	if (!p)
		return 1;
	for (i = 0; i < page; i++)
		p[page + i] = (char)(i * 7 + 1);
	iov.iov_base = p + page;
	iov.iov_len = page;
	if (pipe(pfd) || vmsplice(pfd[1], &iov, 1, 0) != (ssize_t)page) {
		say("pin", "vmsplice failed");
		return 1;
	}
	munmap(p, 2 * page);
	close(fd);
	say("pin", "pinned");
	for (i = 0; i < 6000 && access(release, F_OK); i++)
		usleep(10000);
	if (i == 6000)
		bad("the release file never came");
	n = read(pfd[0], buf, page);
	for (i = 0; n == (ssize_t)page && i < page; i++)
		if (buf[i] != (char)(i * 7 + 1))
			break;
	say("pinned page", n == (ssize_t)page && i == page ? "reads back" :
	    "other bytes");
	return 0;
}

/*
 * The stamps of units(): a magic, then the place in the region it names.
 * One is read (or written) through access_sigbus(), so that a unit the
 * driver refuses counts as SIGBUS rather than ending the run.
 */
#define UNIT_MAGIC	0x6b64732d756e6974ULL	/* "kds-unit" */

static int units(const char *dev, size_t size, size_t step, uint64_t first,
		 int write, uint64_t side)
{
	const uint64_t unit_magic = UNIT_MAGIC ^ side;
	size_t k, n = step ? size / step : 0;
	size_t own = 0, other = 0, none = 0, sigbus = 0;
	uint64_t magic, at;
	int64_t shift = 0;
	int mixed = 0, fd;
	char line[96];
	long f0;
	char *p;

	fd = open(dev, O_RDWR);
	if (fd < 0 || !n) {
		say("units", fd < 0 ? err_name(errno) : "no units");
		return 1;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		say("units", err_name(errno));
		close(fd);
		return 1;
	}
	f0 = minflt();
	for (k = 0; k < n; k++) {
		volatile uint64_t *w = (volatile uint64_t *)(p + k * step);
		uint64_t want = first + k * step;

		if (write) {
			magic = unit_magic;
			if (access_sigbus(w + 1, 1, &want) ||
			    access_sigbus(w, 1, &magic))
				sigbus++;
			continue;
		}
		if (access_sigbus(w, 0, &magic) || access_sigbus(w + 1, 0, &at)) {
			sigbus++;
		} else if (magic != unit_magic) {
			none++;
		} else if (at == want) {
			own++;
		} else {
			if (other++ && (int64_t)(at - want) != shift)
				mixed = 1;
			shift = (int64_t)(at - want);
		}
	}
	f0 = minflt() - f0;	/* before stdio's first output allocates */
	if (write) {
		snprintf(line, sizeof(line), "%zu of %zu", n - sigbus, n);
		say("units stamped", line);
	} else {
		snprintf(line, sizeof(line), "%zu of %zu", own, n);
		say("units holding their own stamp", line);
		if (!other)
			snprintf(line, sizeof(line), "0");
		else if (mixed)
			snprintf(line, sizeof(line), "%zu, at varying distances", other);
		else
			snprintf(line, sizeof(line), "%zu, each %s0x%llx from its own",
				 other, shift < 0 ? "-" : "+",
				 (unsigned long long)(shift < 0 ? -shift : shift));
		say("units holding another's stamp", line);
		snprintf(line, sizeof(line), "%zu", none);
		say("units holding no stamp", line);
		if (none || other)
			/* where the first misplaced unit's bytes came from */
			for (k = 0; k < n; k++) {
				volatile uint64_t *w = (volatile uint64_t *)(p + k * step);

				if (access_sigbus(w, 0, &magic) ||
				    access_sigbus(w + 1, 0, &at) ||
				    (magic == unit_magic && at == first + k * step))
					continue;
				snprintf(line, sizeof(line), "+0x%zx: %s", k * step,
					 magic == unit_magic ? "another unit's stamp" :
					 "bytes that are no stamp");
				say("first unit misplaced", line);
				break;
			}
	}
	snprintf(line, sizeof(line), "%zu", sigbus);
	say("units SIGBUS", line);
	snprintf(line, sizeof(line), "%ld", f0);
	say("units faults", line);
	munmap(p, size);
	close(fd);
	return 0;
}

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
static int odirect_hold(const char *dev, const char *blk)
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
static int odirect_park(const char *dev, const char *blk)
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

/* Whether the bytes of @dev at @off are those of @file (a page at most). */
static int cmp(const char *dev, off_t off, const char *file)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char want[4096], *p;
	ssize_t n;
	int fd, ffd;

	ffd = open(file, O_RDONLY);
	n = ffd < 0 ? -1 : read(ffd, want, sizeof(want));
	fd = open(dev, O_RDWR);
	if (n <= 0 || fd < 0 || off % (off_t)page) {
		say("cmp", "cannot compare");
		return 1;
	}
	p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	if (p == MAP_FAILED) {
		say("cmp", err_name(errno));
		return 1;
	}
	say("cmp", memcmp(p, want, (size_t)n) ? "differs" : "same");
	munmap(p, page);
	close(fd);
	close(ffd);
	return 0;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	int rc;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigbus;
	sigaction(SIGBUS, &sa, NULL);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "check"))
		rc = check(argv[2], strtoul(argv[3], NULL, 0),
			   strtoul(argv[4], NULL, 0), argc == 6 ? argv[5] : NULL);
	else if (argc == 7 && !strcmp(argv[1], "teardown"))
		rc = teardown(argv[2], strtoul(argv[3], NULL, 0),
			      strtoul(argv[4], NULL, 0), argv[5], argv[6]);
	else if (argc == 4 && !strcmp(argv[1], "pin"))
		rc = pin(argv[2], argv[3]);
	else if (argc == 9 && !strcmp(argv[1], "stress"))
		rc = stress(argv[2], strtoul(argv[3], NULL, 0) != 0,
			    (off_t)strtoull(argv[4], NULL, 0),
			    strtoul(argv[5], NULL, 0),
			    (off_t)strtoull(argv[6], NULL, 0), argv[7], argv[8]);
	else if ((argc == 7 || argc == 8) && !strcmp(argv[1], "units") &&
		 (!strcmp(argv[6], "stamp") || !strcmp(argv[6], "read")))
		rc = units(argv[2], strtoul(argv[3], NULL, 0),
			   strtoul(argv[4], NULL, 0), strtoull(argv[5], NULL, 0),
			   !strcmp(argv[6], "stamp"),
			   argc == 8 ? strtoull(argv[7], NULL, 0) : 0);
	else if (argc == 4 && !strcmp(argv[1], "odirect-hold"))
		rc = odirect_hold(argv[2], argv[3]);
	else if (argc == 4 && !strcmp(argv[1], "odirect-park"))
		rc = odirect_park(argv[2], argv[3]);
	else if (argc == 5 && !strcmp(argv[1], "cmp"))
		rc = cmp(argv[2], (off_t)strtoull(argv[3], NULL, 0), argv[4]);
	else {
		fprintf(stderr, "usage: %s check DEV ALIGN SIZE [BLOCKDEV] | teardown DEV ALIGN SIZE UNBIND NAME | pin DEV RELEASE_FILE | stress DEV WRITER OFFSET LENGTH PEER_OFFSET RUN_FILE CHURN_FILE | units DEV SIZE STEP FIRST stamp|read [SIDE] | odirect-hold DEV BLOCKDEV | odirect-park DEV BLOCKDEV | cmp DEV OFFSET FILE\n", argv[0]);
		return 2;
	}
	return rc || failed;
}
