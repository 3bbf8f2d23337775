/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_ktap.h - the suites of kds_test.ko and its module parameters.
 *
 * kds_test.ko runs these suites at module load with kds_ktap_run()
 * (kds_expect.h), printing one KTAP version 1 document on the kernel log.
 * Suites of the components' shared case files (<component>/tests/cases*.c)
 * also run in userspace; the others reach the running kernel.
 */
#ifndef KDS_KTAP_H
#define KDS_KTAP_H

#include "kds_port.h"
#include "kds_expect.h"

/* Faults requested with kds_test.inject= (kernel/tests/main.c). */
extern bool kds_test_inject_fail;
extern bool kds_test_inject_warn;

/* The suites of kds_test.ko: kernel/tests/ and <component>/tests/cases*.c. */
extern const struct kds_suite kds_suite_port;
extern const struct kds_suite kds_suite_genradix;
extern const struct kds_suite kds_suite_genradix_api;
extern const struct kds_suite kds_suite_genradix_vs_linux;
extern const struct kds_suite kds_suite_genradix_concurrent;
extern const struct kds_suite kds_suite_dax_ids;
extern const struct kds_suite kds_suite_dax_bus;
extern const struct kds_suite kds_suite_dax_region;
extern const struct kds_suite kds_suite_dax_kmem;
extern const struct kds_suite kds_suite_dax_mapping;
extern const struct kds_suite kds_suite_dax_space;
extern const struct kds_suite kds_suite_dax_ids_vs_linux;
extern const struct kds_suite kds_suite_dax_iomem;
extern const struct kds_suite kds_suite_dax_ids_via_sysfs;
extern const struct kds_suite kds_suite_dma_masks;
extern const struct kds_suite kds_suite_dma_vs_linux;
extern const struct kds_suite kds_suite_stackinit;
extern const struct kds_suite kds_suite_bench;
extern const struct kds_suite kds_suite_injected;

#endif /* KDS_KTAP_H */
