// SPDX-License-Identifier: GPL-2.0
/*
 * check.c - kds-devdax check (see devdax.h for the program).
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
 */
#include "devdax.h"

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

int check(const char *dev, size_t align, size_t size, const char *blk)
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
