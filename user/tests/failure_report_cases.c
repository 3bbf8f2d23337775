// SPDX-License-Identifier: GPL-2.0
/*
 * Deliberately failing Criterion tests, run by failure_report_test.sh to
 * check how failures are reported: a test that fails is not followed by a
 * leak report, a passing test that leaks is, a warning nothing expected
 * fails its test while a counted or named one does not, and the XML report
 * written to $XML_OUTPUT_FILE has one testcase per test. Not a test on its
 * own.
 */
#include "kds_testing.h"

KDS_TEST_SUITE(failure_report);

/* Kept reachable so that LeakSanitizer, under --config=asan, stays quiet. */
static void *abandoned[3];

Test(failure_report, assert_fails_after_allocating)
{
	abandoned[0] = kmalloc(24, GFP_KERNEL);
	cr_assert_not_null(abandoned[0]);
	cr_assert_eq(1 + 1, 3, "deliberate failure");
}

Test(failure_report, expect_fails_after_allocating)
{
	abandoned[1] = kmalloc(24, GFP_KERNEL);
	cr_expect_eq(2 + 2, 5, "deliberate expectation failure");
}

Test(failure_report, passes_but_leaks)
{
	abandoned[2] = kmalloc(24, GFP_KERNEL);
	cr_assert_not_null(abandoned[2]);
}

Test(failure_report, passes_clean)
{
	void *p = kmalloc(24, GFP_KERNEL);

	cr_assert_not_null(p);
	kfree(p);
}

Test(failure_report, warns_outside_any_expectation)
{
	WARN_ON(1);
	WARN_ON(1);
}

Test(failure_report, warns_not_the_named_one)
{
	kds_warn_expect("refcount_t:");
	WARN_ON(1);
	kds_warn_expect(NULL);
}

/* Quiet is no expectation: the warning is named or it fails the test. */
Test(failure_report, warns_quietly_unnamed)
{
	kds_warn_set_quiet(true);
	WARN_ON(1);
	cr_assert_eq(kds_warn_count(), 1);
}

Test(failure_report, warns_the_named_one)
{
	refcount_t r = REFCOUNT_INIT(0);

	kds_warn_expect("refcount_t:");
	refcount_inc(&r);
	kds_warn_expect(NULL);
	cr_assert_eq(kds_warn_count(), 1);
}
