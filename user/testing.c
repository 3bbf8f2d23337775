// SPDX-License-Identifier: GPL-2.0
#include "kds_testing.h"

void kds_test_setup(void)
{
	kds_alloc_fail_off();
	kds_warn_reset();
	kds_warn_set_quiet(false);
}

void kds_test_teardown(void)
{
	kds_alloc_fail_off();
	kds_assert_no_leaks();
}
