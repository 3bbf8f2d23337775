// SPDX-License-Identifier: GPL-2.0
/*
 * teardown.c - kds-devdax teardown (see devdax.h for the program).
 *
 * teardown first poisons a page a child maps (memory failure, see
 * hwpoison()), then maps the device, touches it, unbinds the device from its driver
 * through UNBIND_FILE while mapped, and prints what a touch, a new mmap of
 * the open file and a new open get then.
 */
#include "devdax.h"

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

int teardown(const char *dev, size_t align, size_t size,
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
