// SPDX-License-Identifier: GPL-2.0
/*
 * stackinit.c - the stack auto-initialisation cases (stackinit_cases.h)
 * as a kds_test.ko suite. The same table runs in userspace as
 * //kernel:stackinit_test; the module's objects are compiled with the
 * kernel's -ftrivial-auto-var-init=zero (CONFIG_INIT_STACK_ALL_ZERO).
 */
#include "kds_port.h"
#include "kds_ktap.h"
#include "stackinit_cases.h"

KDS_SUITE(kds_suite_stackinit, "kds_stackinit", kds_stackinit_cases, NULL);
