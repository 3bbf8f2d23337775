/* SPDX-License-Identifier: GPL-2.0 */
/*
 * host.h - what the host does with memory the guest frees (host.c), for the
 * benchmark driver and walk_floor.
 *
 * Userspace-only code, not part of libkds: names carry a bench_ prefix.
 */
#ifndef KDS_BENCH_HOST_H
#define KDS_BENCH_HOST_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Tries of one cold build before a build that raced a report of freed
 * memory to the host is kept: a build during which
 * bench_host_reported_kib() moved is built again, up to this many times.
 */
#define BENCH_COLD_TRIES	4

bool bench_host_reports_free_pages(void);
/* What sysfs says of when freed memory is reported (", ..." or empty). */
void bench_host_reporting_policy(char *buf, size_t len);
long bench_host_reported_kib(void);

#endif /* KDS_BENCH_HOST_H */
