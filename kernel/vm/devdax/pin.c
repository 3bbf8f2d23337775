// SPDX-License-Identifier: GPL-2.0
/*
 * pin.c - kds-devdax pin (see devdax.h for the program).
 *
 * pin holds one page of DEV by get_user_pages until RELEASE_FILE appears
 * (see pin()), for the unbind that must wait for it (init.sh).
 */
#include "devdax.h"

/*
 * A page of DEV pinned by get_user_pages until RELEASE_FILE appears:
 * vmsplice() of the device's second page into a pipe (the pipe holds the
 * page's reference until it is read), then the mapping and the file are
 * given back, so that only the pin remains. Says "pin: pinned" once the
 * page is in the pipe; once RELEASE_FILE exists (60 s at most), reads the
 * pipe and says whether the bytes are what was written.
 */
int pin(const char *dev, const char *release)
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
