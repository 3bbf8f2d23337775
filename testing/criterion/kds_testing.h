/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_testing.h - Criterion glue shared by every userspace test suite:
 * each test starts with failure injection off and warnings counted from
 * zero, and ends with a leak check against the port's allocation counters
 * unless it has already failed.
 */
#ifndef KDS_TESTING_H
#define KDS_TESTING_H

#include <criterion/criterion.h>

#include "kds_port.h"

/*
 * Every assertion reports through criterion_send_assert(); routing it
 * through kds_send_assert() lets the teardown know whether the test has
 * already failed, so a failed test is not followed by a leak report for
 * the allocations its aborted body never freed.
 */
void kds_send_assert(struct criterion_assert_stats *stats);
#ifndef KDS_TESTING_NO_REDIRECT
#define criterion_send_assert kds_send_assert
#endif

void kds_test_setup(void);
void kds_test_teardown(void);

/*
 * KDS_TEST_SUITE - a Criterion suite whose every passing test ends with a
 * leak check.
 */
#define KDS_TEST_SUITE(name, ...) \
	TestSuite(name, .init = kds_test_setup, .fini = kds_test_teardown, ##__VA_ARGS__)

#endif /* KDS_TESTING_H */
