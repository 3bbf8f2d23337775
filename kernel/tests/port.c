// SPDX-License-Identifier: GPL-2.0
/*
 * port.c - the port's case table (port_cases.h) as a kds_test.ko suite.
 * The same table runs in userspace as //kernel:port_cases_test.
 */
#include "kds_port.h"
#include "kds_ktap.h"
#include "port_cases.h"

KDS_SUITE(kds_suite_port, "kds_port", kds_port_cases, NULL);
