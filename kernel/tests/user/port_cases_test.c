// SPDX-License-Identifier: GPL-2.0
/*
 * port_cases_test.c - the port's case table (kernel/tests/port_cases.h)
 * over the userspace port. kds_test.ko runs the same table in the kernel.
 */
#include "kds_port.h"
#include "kds_expect_run.h"
#include "port_cases.h"

int main(void)
{
	return kds_expect_run_cases("kds_port", kds_port_cases,
				    ARRAY_SIZE(kds_port_cases)) ? 1 : 0;
}
