// SPDX-License-Identifier: GPL-2.0
/*
 * expect.c - the userspace side of the kds_expect.h primitives: KTAP on
 * stdout, warning brackets that accept only the warning they name and
 * require at least one, and the port's bad-free and unexpected-warning
 * counters.
 */
#include <stdarg.h>
#include <stdio.h>

#include "kds_port.h"
#include "kds_expect.h"

void kds_ktap_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

void kds_ktap_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
	vsnprintf(buf, size, fmt, ap);
}

unsigned long kds_ktap_bad_frees(void)
{
	struct kds_alloc_stats st;

	kds_alloc_stats(&st);
	return st.bad_frees;
}

unsigned long kds_ktap_unexpected_warnings(void)
{
	return kds_warn_unexpected_count();
}

static unsigned long kds_expect_warns_before;
static unsigned long kds_expect_unexpected_before;

void kds_expect_warnings_begin(struct kds_expect *e, const char *what)
{
	kds_expect_note(e, "expecting warnings: %s", what);
	kds_warn_set_quiet(true);
	kds_warn_expect(what);
	kds_expect_warns_before = kds_warn_count();
	kds_expect_unexpected_before = kds_warn_unexpected_count();
}

void kds_expect_warnings_end(struct kds_expect *e)
{
	unsigned long warned = kds_warn_count() - kds_expect_warns_before;
	unsigned long other = kds_warn_unexpected_count() - kds_expect_unexpected_before;

	kds_warn_expect(NULL);
	kds_warn_set_quiet(false);
	/* The port counts every warning (the kernel prints some only once). */
	if (warned == other)
		kds_expect_fail(e, __FILE__, __LINE__,
				"the bracket expected warnings but none was reported");
}
