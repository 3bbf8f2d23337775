/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_expect_run.h - userspace runner for kds_expect.h case tables.
 */
#ifndef KDS_EXPECT_RUN_H
#define KDS_EXPECT_RUN_H

#include "kds_port.h"
#include "kds_expect.h"

/**
 * kds_expect_run_cases() - run a case table in userspace, printing KTAP.
 * @suite: the suite's name.
 * @cases: the case table.
 * @nr: number of cases.
 *
 * Each case must leave the port's live allocation count and bad-free
 * count as it found them.
 *
 * Context: a test program's main thread.
 * Return: the number of failed cases.
 */
int kds_expect_run_cases(const char *suite, const struct kds_case *cases, size_t nr);

#endif /* KDS_EXPECT_RUN_H */
