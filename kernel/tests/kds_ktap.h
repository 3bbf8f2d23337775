/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_ktap.h - the KTAP runner of kds_test.ko (kernel only).
 *
 * kds_test.ko runs a list of suites at module load and prints one KTAP
 * version 1 document on the kernel log: a top-level plan with one line per
 * suite, and each suite as an indented subtest with its own plan and one
 * result per case. A case fails when any expectation fails or when it
 * leaves an allocation behind (kds_alloc_live() differs after the case).
 */
#ifndef KDS_KTAP_H
#define KDS_KTAP_H

#include "kds_port.h"
#include "kds_expect.h"

/**
 * struct kds_suite - a named table of cases.
 * @name: the suite's name (KTAP test name at the top level).
 * @cases: the case table.
 * @nr_cases: number of entries in @cases.
 * @skip: optional; returns why the suite cannot run here (the suite is
 *	then reported as "ok N name # SKIP reason"), or NULL to run it.
 */
struct kds_suite {
	const char *name;
	const struct kds_case *cases;
	size_t nr_cases;
	const char *(*skip)(void);
};

/**
 * KDS_SUITE() - define a suite over a case table.
 * @var: the variable to define (global, kds_-prefixed).
 * @sname: the suite's name.
 * @table: the case table (an array, not a pointer).
 * @skipfn: a skip function or NULL.
 */
#define KDS_SUITE(var, sname, table, skipfn)				\
	const struct kds_suite var = {					\
		.name = sname,						\
		.cases = table,						\
		.nr_cases = ARRAY_SIZE(table),				\
		.skip = skipfn,						\
	}

/**
 * kds_ktap_run() - run suites and print them as one KTAP document.
 * @suites: the suites, in order.
 * @nr: number of suites.
 *
 * Context: process context (module init); may sleep.
 * Return: the number of failed suites.
 */
int kds_ktap_run(const struct kds_suite *const *suites, size_t nr);

/* Faults requested with kds_test.inject= (kernel/tests/main.c). */
extern bool kds_test_inject_fail;
extern bool kds_test_inject_warn;
/* Seed of the genradix operation sequences (kds_test.seed=). */
extern unsigned long kds_test_seed;

/* The suites of kds_test.ko (kernel/tests/<suite>.c). */
extern const struct kds_suite kds_suite_port;
extern const struct kds_suite kds_suite_genradix;
extern const struct kds_suite kds_suite_genradix_vs_kernel;
extern const struct kds_suite kds_suite_dax_ids;
extern const struct kds_suite kds_suite_dax_ids_vs_kernel;
extern const struct kds_suite kds_suite_dax_ids_sysfs;
extern const struct kds_suite kds_suite_dma_masks;
extern const struct kds_suite kds_suite_dma_vs_kernel;
extern const struct kds_suite kds_suite_stackinit;
extern const struct kds_suite kds_suite_bench;
extern const struct kds_suite kds_suite_injected;

#endif /* KDS_KTAP_H */
