// SPDX-License-Identifier: GPL-2.0
/*
 * injected.c - faults planted on request (kds_test.inject=fail,warn) so the
 * VM runner's detection of failed cases and unexpected kernel warnings can
 * itself be tested (//kernel:vm_detects_faults_test). Without inject= the
 * suite is skipped.
 */
#include "kds_port.h"
#include "kds_ktap.h"

static void injected_failure(struct kds_expect *e)
{
	KDS_EXPECT_EQ(e, 1 + 1, kds_test_inject_fail ? 3 : 2);
}

static void injected_warning(struct kds_expect *e)
{
	/* Outside any expect-warning bracket: the runner must fail the run. */
	WARN(kds_test_inject_warn, "kds_test: injected warning\n");
}

static const struct kds_case kds_injected_cases[] = {
	KDS_CASE(injected_failure),
	KDS_CASE(injected_warning),
};

static const char *kds_injected_skip(void)
{
	return kds_test_inject_fail || kds_test_inject_warn ?
		NULL : "no fault injected";
}

KDS_SUITE(kds_suite_injected, "kds_injected", kds_injected_cases, kds_injected_skip);
