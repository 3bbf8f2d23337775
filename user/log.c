// SPDX-License-Identifier: GPL-2.0
/*
 * log.c - printk and WARN for the userspace port: every warning
 * counted, the expected one silent, the rest printed.
 */
#include "kds_port.h"
#include "port_internal.h"

static unsigned long kds_warns;
static unsigned long kds_warns_unexpected;
static bool kds_warn_quiet;
/* While set, the one warning text that is expected (kds_warn_expect()). */
static const char *kds_warn_expected;

void kds_printk(const char *level, const char *fmt, ...)
{
	va_list ap;

	if (kds_warn_is_quiet() && strcmp(level, "err") && strcmp(level, "emerg"))
		return;
	fprintf(stderr, "<%s> ", level);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/*
 * Every warning is counted. A warning whose text holds the one
 * kds_warn_expect() names is expected and silent; any other is unexpected
 * and printed, quiet or not: a quiet section that provokes a warning names
 * it, so that a different warning in the same section still fails.
 */
void kds_warn_report(const char *file, int line, const char *cond)
{
	const char *want = __atomic_load_n(&kds_warn_expected, __ATOMIC_ACQUIRE);

	__atomic_add_fetch(&kds_warns, 1, __ATOMIC_RELAXED);
	if (want && strstr(cond, want))
		return;
	__atomic_add_fetch(&kds_warns_unexpected, 1, __ATOMIC_RELAXED);
	fprintf(stderr, "WARNING: at %s:%d: %s\n", file, line, cond);
}

unsigned long kds_warn_count(void)
{
	return __atomic_load_n(&kds_warns, __ATOMIC_RELAXED);
}

unsigned long kds_warn_unexpected_count(void)
{
	return __atomic_load_n(&kds_warns_unexpected, __ATOMIC_RELAXED);
}

void kds_warn_reset(void)
{
	__atomic_store_n(&kds_warns, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&kds_warns_unexpected, 0, __ATOMIC_RELAXED);
}

/* kds_warn_set_quiet - hold back kds's messages below KERN_ERR (for tests that provoke them). */
void kds_warn_set_quiet(bool quiet)
{
	__atomic_store_n(&kds_warn_quiet, quiet, __ATOMIC_RELAXED);
}

void kds_warn_expect(const char *what)
{
	__atomic_store_n(&kds_warn_expected, what, __ATOMIC_RELEASE);
}


/* kds_warn_is_quiet - whether kds_warn_set_quiet(true) holds back messages. */
bool kds_warn_is_quiet(void)
{
	return __atomic_load_n(&kds_warn_quiet, __ATOMIC_RELAXED);
}
