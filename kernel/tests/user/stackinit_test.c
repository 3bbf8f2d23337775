// SPDX-License-Identifier: GPL-2.0
/*
 * stackinit_test.c - the stack auto-initialisation cases
 * (kernel/tests/stackinit_cases.h) over the userspace port. Built with the
 * workspace's -ftrivial-auto-var-init=zero, every case must read zeros; the
 * control build (-ftrivial-auto-var-init=uninitialized,
 * KDS_STACKINIT_EXPECT_GARBAGE) must read the pattern instead.
 */
#include "kds_port.h"
#include "kds_expect_run.h"
#include "stackinit_cases.h"

int main(void)
{
	return kds_expect_run_cases("kds_stackinit", kds_stackinit_cases,
				    ARRAY_SIZE(kds_stackinit_cases)) ? 1 : 0;
}
