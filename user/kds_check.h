/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_check.h - assertions for the plain (non-Criterion) test programs.
 *
 * Concurrency tests must also run under ThreadSanitizer, where Criterion
 * cannot start; they are ordinary programs that count failed checks and
 * exit non-zero when any check failed (kds_check_exit()).
 */
#ifndef KDS_CHECK_H
#define KDS_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "kds_port.h"

extern unsigned long kds_check_failures;

/*
 * Only the first KDS_CHECK_REPORTS failed checks are printed; the rest are
 * counted, and kds_check_exit() reports the total. A check failing inside
 * a long loop thus costs a bounded log, not gigabytes.
 */
#define KDS_CHECK_REPORTS	20

#define KDS_CHECK(cond, fmt, ...) do {					\
	if (!(cond) &&							\
	    __atomic_add_fetch(&kds_check_failures, 1, __ATOMIC_RELAXED) <= \
	    KDS_CHECK_REPORTS)						\
		fprintf(stderr, "%s:%d: check failed: %s: " fmt "\n",	\
			__FILE__, __LINE__, #cond, ##__VA_ARGS__);	\
} while (0)

/* kds_check_exit - leak-check, report and return the exit status for main(). */
int kds_check_exit(const char *name);

#endif /* KDS_CHECK_H */
