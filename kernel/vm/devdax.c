// SPDX-License-Identifier: GPL-2.0
/*
 * devdax.c - what an application sees of a device-dax character device,
 * for the guest (static: the initramfs has no libc).
 *
 *   kds-devdax check DEV ALIGN SIZE [BLOCKDEV]
 *   kds-devdax teardown DEV ALIGN SIZE UNBIND_FILE NAME
 *   kds-devdax stress DEV OFFSET LENGTH RUN_FILE
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
 * stress, while RUN_FILE exists, opens DEV, maps LENGTH bytes at OFFSET,
 * writes a pattern to every page and reads it back, unmaps and closes,
 * again and again, while the device is unbound, bound, deleted and
 * created under it (kernel/vm/stress.sh). A refusal a vanishing device
 * explains (open ENOENT or ENXIO, mmap ENXIO, SIGBUS on a touch) is
 * counted; anything else (another errno, a page that reads back other
 * data without SIGBUS) fails, reported for the first 3 and counted.
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

static unsigned long stress_bad;

static void stress_fail(const char *what, int e)
{
	if (++stress_bad <= 3)
		printf("devdax: stress: not ok: %s (%s)\n", what, err_name(e));
}

static int stress(const char *dev, off_t off, size_t len, const char *run)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	unsigned long rounds = 0, opens = 0, maps = 0, pages = 0, sigbus = 0;
	unsigned long gone = 0;
	uint64_t v, seq = 0;
	char *p;
	int fd;

	while (access(run, F_OK) == 0) {
		rounds++;
		fd = open(dev, O_RDWR);
		if (fd < 0) {
			if (errno == ENOENT || errno == ENXIO)
				gone++;
			else
				stress_fail("open", errno);
			usleep(1000);
			continue;
		}
		opens++;
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
		if (p == MAP_FAILED) {
			if (errno == ENXIO)
				gone++;
			else
				stress_fail("mmap", errno);
			close(fd);
			continue;
		}
		maps++;
		seq++;
		for (i = 0; i < len; i += page) {
			v = seq ^ i;
			if (access_sigbus((volatile uint64_t *)(p + i), 1, &v)) {
				sigbus++;
				break;
			}
			if (access_sigbus((volatile uint64_t *)(p + i), 0, &v)) {
				sigbus++;
				break;
			}
			if (v != (seq ^ i)) {
				stress_fail("a page reads back what was written", 0);
				break;
			}
			pages++;
		}
		if (munmap(p, len))
			stress_fail("munmap", errno);
		close(fd);
	}
	printf("devdax: stress: %lu rounds, %lu opens, %lu mappings, %lu pages written and read, %lu SIGBUS, %lu refused (device gone), %lu failures\n",
	       rounds, opens, maps, pages, sigbus, gone, stress_bad);
	return stress_bad != 0;
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
	else if (argc == 6 && !strcmp(argv[1], "stress"))
		rc = stress(argv[2], (off_t)strtoull(argv[3], NULL, 0),
			    strtoul(argv[4], NULL, 0), argv[5]);
	else {
		fprintf(stderr, "usage: %s check DEV ALIGN SIZE [BLOCKDEV] | teardown DEV ALIGN SIZE UNBIND NAME | stress DEV OFFSET LENGTH RUN_FILE\n", argv[0]);
		return 2;
	}
	return rc || failed;
}
