/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devdax.h - kds-devdax: what an application sees of a device-dax
 * character device, for the guest (static: the initramfs has no libc).
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
 * One file per subcommand (check.c, teardown.c, pin.c, stress.c, units.c,
 * odirect.c, cmp.c) over core.c; each file says what its subcommand does.
 *
 * Exit status: 0 when every line was printed and nothing failed.
 */
#ifndef KDS_VM_DEVDAX_H
#define KDS_VM_DEVDAX_H

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

/* Set when a check fails: the exit status is 1. */
extern int failed;
/* Where a SIGBUS inside access_sigbus()/touch_sigbus() returns to. */
extern sigjmp_buf bus_jmp;
extern volatile sig_atomic_t in_probe;

/* core.c */
void on_sigbus(int sig);
const char *err_name(int e);
void say(const char *call, const char *answer);
void bad(const char *what);
void *map(const char *call, void *addr, size_t len, int flags, int fd, off_t off);
int access_sigbus(volatile uint64_t *p, int write, uint64_t *v);
int touch_sigbus(volatile char *p);
long minflt(void);
char *map_two_pages(const char *dev, const char *call, int *fd);

/* the subcommands */
int check(const char *dev, size_t align, size_t size, const char *blk);
int teardown(const char *dev, size_t align, size_t size, const char *unbind, const char *name);
int pin(const char *dev, const char *release);
int stress(const char *dev, unsigned int writer, off_t off, size_t len, off_t peer, const char *run, const char *churn);
int units(const char *dev, size_t size, size_t step, uint64_t first, int write, uint64_t side);
int odirect_hold(const char *dev, const char *blk);
int odirect_park(const char *dev, const char *blk);
int cmp(const char *dev, off_t off, const char *file);

#endif /* KDS_VM_DEVDAX_H */
