// SPDX-License-Identifier: GPL-2.0
/*
 * timing.c - the clock (CLOCK_MONOTONIC) and the progress lines on stderr.
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "benchmarks/harness/harness.h"

int bench_progress_done, bench_progress_total;

static double t_start;

double bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void bench_timing_start(void)
{
	t_start = bench_now_ns();
}

double bench_elapsed_s(void)
{
	return (bench_now_ns() - t_start) / 1e9;
}

void bench_progress(const char *fmt, ...)
{
	va_list ap;
	double s = bench_elapsed_s();

	fprintf(stderr, "[%3d/%d %3d:%02d] ", bench_progress_done, bench_progress_total,
		(int)s / 60, (int)s % 60);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
