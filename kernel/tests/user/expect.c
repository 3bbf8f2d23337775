// SPDX-License-Identifier: GPL-2.0
/*
 * expect.c - userspace side of the kds_expect.h shim: diagnostics on
 * stdout as KTAP comments, warning brackets silence the port's reports,
 * and a runner that gives every case a leak check.
 */
#include <stdarg.h>
#include <stdio.h>

#include "kds_port.h"
#include "kds_expect.h"
#include "kds_expect_run.h"

void kds_expect_fail(struct kds_expect *e, const char *file, int line,
		     const char *fmt, ...)
{
	va_list ap;

	e->failures++;
	printf("    # %s: %s:%d: ", e->name, file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void kds_expect_note(struct kds_expect *e, const char *fmt, ...)
{
	va_list ap;

	printf("    # %s: ", e->name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static unsigned long kds_expect_warns_before;

void kds_expect_warnings_begin(struct kds_expect *e, const char *what)
{
	printf("    # %s: expecting warnings: %s\n", e->name, what);
	kds_warn_set_quiet(true);
	kds_expect_warns_before = kds_warn_count();
}

void kds_expect_warnings_end(struct kds_expect *e)
{
	kds_warn_set_quiet(false);
	/* The port counts every warning (the kernel prints some only once). */
	if (kds_warn_count() == kds_expect_warns_before)
		kds_expect_fail(e, __FILE__, __LINE__,
				"the bracket expected warnings but none was reported");
}

int kds_expect_run_cases(const char *suite, const struct kds_case *cases, size_t nr)
{
	struct kds_alloc_stats before, after;
	int failed = 0;
	size_t i;

	printf("KTAP version 1\n# Subtest: %s\n1..%zu\n", suite, nr);
	for (i = 0; i < nr; i++) {
		struct kds_expect e = { .name = cases[i].name, .failures = 0 };

		kds_alloc_stats(&before);
		cases[i].run(&e);
		kds_alloc_stats(&after);
		if (after.live != before.live)
			kds_expect_fail(&e, __FILE__, __LINE__, "%ld allocation(s) not freed by the case",
					after.live - before.live);
		if (after.bad_frees != before.bad_frees)
			kds_expect_fail(&e, __FILE__, __LINE__, "%lu bad free(s)",
					after.bad_frees - before.bad_frees);
		printf("%s %zu %s\n", e.failures ? "not ok" : "ok", i + 1, cases[i].name);
		if (e.failures)
			failed++;
	}
	fflush(stdout);
	return failed;
}
