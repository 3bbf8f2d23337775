// SPDX-License-Identifier: GPL-2.0
/*
 * genradix_vs_linux.c - suite kds_genradix_vs_linux: the seeded operation
 * sequences of genradix/tests/cases.c, each checked step by step against
 * the same reference model, on the running kernel's own genradix
 * (genradix_vs_linux_ops.c). kds's genradix passes them in suite kds_genradix, so
 * both implementations agree on presence, contents, prealloc results,
 * iteration order and positions. Kernel only.
 */
#include "kds/components.h"

#ifdef KDS_HAVE_GENRADIX /* the genradix tests are laid out only with it */
#include "kds_port.h"
#include "kds_ktap.h"
#include "genradix/tests/gr_ops.h"
#include "genradix/tests/kernel/genradix_vs_linux.h"

#define GR_LINUX_CASE(k, SZ)						\
static void genradix_vs_linux_size_##SZ(struct kds_expect *e)		\
{									\
	KDS_ASSERT(e, kds_gr_vs_linux_ops[k].size == SZ);			\
	kds_gr_model_run(e, &kds_gr_vs_linux_ops[k], kds_test_seed, kds_test_steps); \
}

GR_LINUX_CASE(0, 1)
GR_LINUX_CASE(1, 3)
GR_LINUX_CASE(2, 8)
GR_LINUX_CASE(3, 24)
GR_LINUX_CASE(4, 100)
GR_LINUX_CASE(5, 512)
#if KDS_GR_VS_LINUX_PAGE_ENTRIES
GR_LINUX_CASE(6, 4096)
#endif

static const struct kds_case kds_gr_vs_linux_cases[] = {
	KDS_CASE(genradix_vs_linux_size_1),
	KDS_CASE(genradix_vs_linux_size_3),
	KDS_CASE(genradix_vs_linux_size_8),
	KDS_CASE(genradix_vs_linux_size_24),
	KDS_CASE(genradix_vs_linux_size_100),
	KDS_CASE(genradix_vs_linux_size_512),
#if KDS_GR_VS_LINUX_PAGE_ENTRIES
	KDS_CASE(genradix_vs_linux_size_4096),
#endif
};

KDS_SUITE(kds_suite_genradix_vs_linux, "kds_genradix_vs_linux", kds_gr_vs_linux_cases, NULL);

#endif /* KDS_HAVE_GENRADIX */
