// SPDX-License-Identifier: GPL-2.0
/* No redirect: this file calls Criterion's own criterion_send_assert. */
#define KDS_TESTING_NO_REDIRECT
#include "kds_testing.h"

#include <stdlib.h>

#include <criterion/hooks.h>
#include <criterion/logging.h>
#include <criterion/output.h>

/*
 * Whether the running test has had a failed assertion. Each test runs in
 * its own worker process, and kds_test_setup() clears it for the next.
 */
static bool kds_test_failed;

void kds_send_assert(struct criterion_assert_stats *stats)
{
	if (!stats->passed)
		kds_test_failed = true;
	criterion_send_assert(stats);
}

void kds_test_setup(void)
{
	kds_test_failed = false;
	kds_alloc_fail_off();
	kds_warn_reset();
	kds_warn_set_quiet(false);
	kds_warn_expect(NULL);
}

/*
 * The leak and warning check of a test that passed: an allocation left
 * live, a bad free, or a warning nothing expected (kds_warn_unexpected_count())
 * fails it. Criterion has already counted the
 * test when its .fini runs, and a failed assertion here is only printed,
 * so three things make a leak fail: the assertion (the numbers, in the
 * console and the XML report's failure text), an error log (the run's exit
 * status) and criterion_test_die (the test's status in the XML report).
 */
static void kds_check_leaks(void)
{
	struct kds_alloc_stats st;

	unsigned long warned = kds_warn_unexpected_count();

	kds_alloc_stats(&st);
	if (!st.live && !st.bad_frees && !warned)
		return;
	cr_expect_eq(st.live, 0, "%ld allocation(s) leaked (%ld bytes)",
		     st.live, st.live_bytes);
	cr_expect_eq(st.bad_frees, 0, "%lu bad free(s)", st.bad_frees);
	cr_expect_eq(warned, 0, "%lu unexpected warning(s): a warning the test "
		     "did not name with kds_warn_expect()", warned);
	cr_log_error("%s::%s: failed its leak and warning check",
		     criterion_current_suite->name, criterion_current_test->name);
	criterion_test_die("failed its leak and warning check");
}

/*
 * A test that failed has already said what went wrong; the allocations it
 * abandoned when its assertion cut it short would only add a second,
 * misleading failure. Passing tests still end with the leak check.
 */
void kds_test_teardown(void)
{
	kds_alloc_fail_off();
	if (!kds_test_failed)
		kds_check_leaks();
}

/*
 * Under `bazel test`, write Criterion's per-test XML report where Bazel
 * reads test.xml, so the report holds one testcase per Criterion test
 * instead of one for the whole binary. The console output is unchanged.
 */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
	const char *xml = getenv("XML_OUTPUT_FILE");

	(void)tests;
	if (xml && *xml)
		criterion_add_output("xml", xml);
}
