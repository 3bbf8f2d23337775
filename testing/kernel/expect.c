// SPDX-License-Identifier: GPL-2.0
/*
 * expect.c - the kernel's side of the kds_expect.h primitives, shared by
 * kds_test.ko (kernel/tests/main.c) and the KUnit suites
 * (kernel/kunit/kds_kunit.c), which each print KTAP their own way
 * (kds_ktap_printf()). The kernel's allocator keeps no bad-free count
 * and its warnings are judged on the console, so both counters are 0
 * here; the warning brackets are only printed, as
 * "<module>: expect-warning begin: <case>: <what>" and
 * "<module>: expect-warning end: <case>", the lines the VM runner
 * (kernel/vm/check.awk) accepts a kernel warning between.
 */
#include "kds_port.h"
#include "kds_expect.h"

void kds_ktap_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
	vscnprintf(buf, size, fmt, ap);
}

unsigned long kds_ktap_bad_frees(void)
{
	return 0;
}

unsigned long kds_ktap_unexpected_warnings(void)
{
	return 0;
}

void kds_expect_warnings_begin(struct kds_expect *e, const char *what)
{
	pr_info("%s: expect-warning begin: %s: %s\n", KBUILD_MODNAME, e->name, what);
}

void kds_expect_warnings_end(struct kds_expect *e)
{
	pr_info("%s: expect-warning end: %s\n", KBUILD_MODNAME, e->name);
}
