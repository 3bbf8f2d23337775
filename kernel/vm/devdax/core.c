// SPDX-License-Identifier: GPL-2.0
/*
 * core.c - what every kds-devdax subcommand builds on: the SIGBUS probe,
 * errno names, the one-line answers, mapping helpers and fault counts.
 */
#include "devdax.h"

int failed;
sigjmp_buf bus_jmp;
volatile sig_atomic_t in_probe;

void on_sigbus(int sig)
{
	(void)sig;
	if (in_probe)
		siglongjmp(bus_jmp, 1);
	_exit(3);
}

const char *err_name(int e)
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

void say(const char *call, const char *answer)
{
	printf("devdax: %s: %s\n", call, answer);
}

void bad(const char *what)
{
	printf("devdax: not ok: %s\n", what);
	failed = 1;
}

/* mmap and say what it answered; the mapping or MAP_FAILED. */
void *map(const char *call, void *addr, size_t len, int flags, int fd,
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
int access_sigbus(volatile uint64_t *p, int write, uint64_t *v)
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
int touch_sigbus(volatile char *p)
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

long minflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}


/*
 * The first two pages of @dev mapped shared, its file open in *@fd, or
 * NULL, said as @call's answer ("open failed", "mmap failed").
 */
char *map_two_pages(const char *dev, const char *call, int *fd)
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
