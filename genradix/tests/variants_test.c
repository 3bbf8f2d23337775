// SPDX-License-Identifier: GPL-2.0
/*
 * variants_test.c - the PAGE_SIZE and 512-byte variants link into one
 * program (kds_genradix_* and kds_genradix512_*) and each uses its own
 * node size.
 */
#include "kds_check.h"
#include "variants_test.h"

int main(void)
{
	long b4k = 0, b512 = 0;
	/* 1024 u32 entries: one 4 KiB leaf, or eight 512-byte leaves + a parent. */
	size_t s4k = variant_default_run(1024, &b4k);
	size_t s512 = variant_512_run(1024, &b512);

	KDS_CHECK(s4k == PAGE_SIZE, "default variant: node size %zu", s4k);
	KDS_CHECK(s512 == 512, "512 variant: node size %zu", s512);
	KDS_CHECK(b4k == (long)PAGE_SIZE, "default variant used %ld bytes", b4k);
	KDS_CHECK(b512 == 9 * 512, "512 variant used %ld bytes", b512);
	return kds_check_exit("genradix variants");
}
