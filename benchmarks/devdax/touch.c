// SPDX-License-Identifier: GPL-2.0
/*
 * touch.c - the device-dax benchmark's guest program (static: the
 * initramfs has no libc).
 *
 *   kds-devbench DEV SIZE
 *
 * Maps SIZE bytes of the device-dax character device DEV shared, then
 * writes one word to every 4 KiB page of it in order, timing the pass
 * (CLOCK_MONOTONIC) and counting the minor faults it takes (getrusage),
 * and prints "devbench: ns=<N> faults=<N> pages=<N>". The mapping is made
 * on a freshly bound device: every page is touched for the first time, so
 * the pass costs what the driver's fault path costs. Exits 1 when the
 * mapping is refused or a page does not read back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static long minflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	size_t size, i, page = 4096;
	long long t0, t1;
	long f0, f1;
	char *p;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: %s DEV SIZE\n", argv[0]);
		return 2;
	}
	size = strtoul(argv[2], NULL, 0);
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		printf("devbench: open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		printf("devbench: mmap %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	f0 = minflt();
	t0 = now_ns();
	for (i = 0; i < size; i += page)
		*(volatile uint64_t *)(p + i) = i;
	t1 = now_ns();
	f1 = minflt();
	for (i = 0; i < size; i += page)
		if (*(volatile uint64_t *)(p + i) != i) {
			printf("devbench: page %zu does not read back\n", i / page);
			return 1;
		}
	printf("devbench: ns=%lld faults=%ld pages=%zu\n", t1 - t0, f1 - f0,
	       size / page);
	munmap(p, size);
	close(fd);
	return 0;
}
