// SPDX-License-Identifier: GPL-2.0
/*
 * variants_test.c - the PAGE_SIZE and 512-byte variants link into one
 * program (kds_genradix_* and kds_genradix512_*) and each uses its own
 * node size.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "variants_test.h"

static void own_node_sizes(struct kds_expect *e)
{
	long b4k = 0, b512 = 0;
	/* 1024 u32 entries: one 4 KiB leaf, or eight 512-byte leaves + a parent. */
	size_t s4k = variant_default_run(1024, &b4k);
	size_t s512 = variant_512_run(1024, &b512);

	KDS_EXPECT_EQ(e, s4k, PAGE_SIZE);
	KDS_EXPECT_EQ(e, s512, 512);
	KDS_EXPECT_EQ(e, b4k, PAGE_SIZE);
	KDS_EXPECT_EQ(e, b512, 9 * 512);
}

static const struct kds_case variants_cases[] = { KDS_CASE(own_node_sizes) };
KDS_SUITE(kds_suite_genradix_variants, "kds_genradix_variants", variants_cases, NULL);
