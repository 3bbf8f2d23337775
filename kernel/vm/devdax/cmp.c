// SPDX-License-Identifier: GPL-2.0
/*
 * cmp.c - kds-devdax cmp (see devdax.h for the program).
 *
 * cmp says whether the bytes of DEV at OFFSET are those of FILE.
 */
#include "devdax.h"

/* Whether the bytes of @dev at @off are those of @file (a page at most). */
int cmp(const char *dev, off_t off, const char *file)
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
