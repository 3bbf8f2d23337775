// SPDX-License-Identifier: GPL-2.0
/*
 * cases_mapping.c - device_dax's mapping rules, run in both worlds: the
 * mmap check in Linux's order, fault sizes, page offsets over ranges,
 * unmapped-area alignment and splits. kds_test.ko runs this suite in the
 * kernel; //dax_bus:mapping_cases_test runs it in userspace.
 *
 * Includes only the port and the dax bus header.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"
#include "cases_dax.h"

#define DAX_SZ_4K	((u64)PAGE_SIZE)

/* One row of the mmap rule: the mapping, the device, the answer. */
struct dax_vma_row {
	bool alive;
	unsigned long align;
	u64 start, end;
	bool shared, dax;
	int rc;
	enum kds_dax_map_why why;
};

/*
 * Linux 6.1's check_vma() order: dead before private before unaligned
 * before not-DAX; a mapping past the device's end is not refused here.
 */
static void dax_map_check_vma_in_linux_order(struct kds_expect *e)
{
	static const struct dax_vma_row rows[] = {
		{ true, 1 << 21, 0x200000, 0x600000, true, true, 0, KDS_DAX_MAP_OK },
		/* dead wins over everything else */
		{ false, 1 << 21, 0x201000, 0x600000, false, false, -ENXIO, KDS_DAX_MAP_DEAD },
		/* private wins over unaligned */
		{ true, 1 << 21, 0x201000, 0x600000, false, true, -EINVAL, KDS_DAX_MAP_PRIVATE },
		{ true, 1 << 21, 0x201000, 0x600000, true, true, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		{ true, 1 << 21, 0x200000, 0x601000, true, true, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		/* a 4 KiB mapping of a 2 MiB device */
		{ true, 1 << 21, 0x200000, 0x201000, true, true, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		/* unaligned wins over not-DAX */
		{ true, 1 << 21, 0x201000, 0x600000, true, false, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		{ true, 1 << 21, 0x200000, 0x600000, true, false, -EINVAL, KDS_DAX_MAP_NOT_DAX },
		{ true, 1 << 30, 0x40000000, 0x80000000, true, false, -EINVAL, KDS_DAX_MAP_NOT_DAX },
		/* a one-page align needs no huge fault: mapped without DAX too */
		{ true, PAGE_SIZE, 0x1000, 0x3000, true, false, 0, KDS_DAX_MAP_OK },
		{ true, PAGE_SIZE, 0x1000, 0x3000, false, false, -EINVAL, KDS_DAX_MAP_PRIVATE },
		/* 1 GiB align, aligned mapping */
		{ true, 1 << 30, 0x40000000, 0x80000000, true, true, 0, KDS_DAX_MAP_OK },
		/* invalid arguments */
		{ true, 0, 0, PAGE_SIZE, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ true, 3 << 20, 0, 3 << 20, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ true, PAGE_SIZE / 2, 0, PAGE_SIZE, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ true, 1 << 21, 0x400000, 0x200000, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ false, 0, 0, PAGE_SIZE, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct dax_vma_row *r = &rows[i];
		struct kds_dax_vma v = {
			.start = r->start, .end = r->end,
			.shared = r->shared, .dax = r->dax,
		};
		enum kds_dax_map_why why = (enum kds_dax_map_why)99;

		KDS_EXPECT_MSG(e, kds_dax_check_vma(r->alive, r->align, &v, &why) == r->rc &&
			       why == r->why, "row %u: rc %d why %s",
			       i, kds_dax_check_vma(r->alive, r->align, &v, NULL),
			       kds_dax_map_why_str(why));
	}
	KDS_EXPECT_EQ(e, kds_dax_check_vma(true, 1 << 21, NULL, NULL), -EINVAL);
	KDS_EXPECT_STREQ(e, kds_dax_map_why_str(KDS_DAX_MAP_PRIVATE),
			 "cannot mmap private mapping");
	KDS_EXPECT_STREQ(e, kds_dax_map_why_str((enum kds_dax_map_why)99), "unknown");
}

/*
 * Faults: smaller than the align is SIGBUS, larger falls back, equal
 * inserts the unit around the address when the unit fits in the mapping.
 */
static void dax_map_fault_sizes(struct kds_expect *e)
{
	const unsigned long pmd = 1UL << 21, pud = 1UL << 30;
	u64 base = 7;

	/* align 4 KiB: only a PTE fault inserts */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, PAGE_SIZE, 0x10000, 0x20000,
					      0x12345, &base), KDS_DAX_FAULT_INSERT);
	KDS_EXPECT_U64_EQ(e, base, 0x12000);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, pmd, 0, 0x400000, 0x1000, NULL),
		      KDS_DAX_FAULT_FALLBACK);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, pud, 0, pud, 0x1000, NULL),
		      KDS_DAX_FAULT_FALLBACK);
	/* align 2 MiB: a PTE fault is SIGBUS, a PUD one falls back */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, PAGE_SIZE, 0x200000, 0x600000,
					      0x200000, NULL), KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pud, 0, pud, 0x200000, NULL),
		      KDS_DAX_FAULT_FALLBACK);
	base = 7;
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, 0x200000, 0x600000,
					      0x5fffff, &base), KDS_DAX_FAULT_INSERT);
	KDS_EXPECT_U64_EQ(e, base, 0x400000);
	/* the unit sticks out of the mapping: fall back */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, 0x201000, 0x600000,
					      0x201000, NULL), KDS_DAX_FAULT_FALLBACK);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, 0x200000, 0x5ff000,
					      0x400000, NULL), KDS_DAX_FAULT_FALLBACK);
	/* align 1 GiB: PTE and PMD faults are SIGBUS */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pud, pmd, 0, pud, 0, NULL),
		      KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pud, PAGE_SIZE, 0, pud, 0, NULL),
		      KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pud, pud, pud, 2 * (u64)pud,
					      pud + 5, &base), KDS_DAX_FAULT_INSERT);
	KDS_EXPECT_U64_EQ(e, base, pud);
	/* the top of the address space: no wrap */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, U64_MAX - pmd + 1 - PAGE_SIZE,
					      U64_MAX - PAGE_SIZE + 1, U64_MAX - PAGE_SIZE,
					      NULL), KDS_DAX_FAULT_FALLBACK);
	/* invalid: outside the mapping, bad sizes */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, PAGE_SIZE, 0x1000, 0x2000,
					      0x2000, NULL), KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, 3 * PAGE_SIZE, 0, 0x10000,
					      0, NULL), KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(0, PAGE_SIZE, 0, 0x10000, 0, NULL),
		      KDS_DAX_FAULT_SIGBUS);
}

/* Page offsets over two ranges that follow each other physically. */
static void dax_map_pgoff_to_phys_over_ranges(struct kds_expect *e)
{
	const u64 pages0 = DAX_SZ_2M / DAX_SZ_4K;
	const struct kds_dax_range r[] = {
		{ 0x10000000, 0x10000000 + DAX_SZ_2M - 1, 0 },
		{ 0x10200000, 0x10200000 + 2 * DAX_SZ_2M - 1, pages0 },
	};
	const struct kds_dax_range top[] = {
		{ U64_MAX - DAX_SZ_2M + 1, U64_MAX, 0 },
	};
	const struct kds_dax_range off4k[] = {
		{ 0x10001000, 0x10001000 + 2 * DAX_SZ_2M - 1, 0 },
	};
	const struct kds_dax_range off128m[] = {
		{ DAX_SZ_1G + DAX_SZ_128M, 3 * DAX_SZ_1G + DAX_SZ_128M - 1, 0 },
	};

	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, DAX_SZ_2M), 0x10000000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 1, DAX_SZ_4K), 0x10001000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, pages0 - 1, DAX_SZ_4K),
			  0x10000000 + DAX_SZ_2M - DAX_SZ_4K);
	/* a unit that would cross into the next range: none, even though
	 * the next range follows physically */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, pages0 - 1, 2 * DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, pages0, DAX_SZ_2M), 0x10200000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 2 * pages0, DAX_SZ_2M),
			  0x10400000);
	/* past the end of the device */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 3 * pages0, DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, U64_MAX, DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	/* a range ending at 2^64 */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(top, 1, pages0 - 1, DAX_SZ_4K),
			  U64_MAX - DAX_SZ_4K + 1);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(top, 1, pages0 - 1, 2 * DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	/*
	 * never a unit off its size: a range 4 KiB past a 2 MiB boundary, one
	 * 128 MiB past a 1 GiB boundary, and a page offset one page in
	 */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off4k, 1, 0, DAX_SZ_2M),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off4k, 1, 0, DAX_SZ_4K),
			  0x10001000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off4k, 1, pages0 - 1, DAX_SZ_2M),
			  0x10200000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off128m, 1, 0, DAX_SZ_1G),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off128m, 1,
						   (DAX_SZ_1G - DAX_SZ_128M) / DAX_SZ_4K,
						   DAX_SZ_1G), 2 * DAX_SZ_1G);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 1, DAX_SZ_2M), KDS_DAX_NO_PHYS);
	/* invalid */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(NULL, 1, 0, DAX_SZ_4K), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, 0), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, 3 * DAX_SZ_4K), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, DAX_SZ_4K / 2), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(NULL, 0, 0, DAX_SZ_4K), KDS_DAX_NO_PHYS);
}

/*
 * The address of a new mapping: widened only when a whole align unit lies
 * inside it; inside the wider area the offset lands on a unit boundary.
 */
static void dax_map_unmapped_area_aligns_the_offset(struct kds_expect *e)
{
	const unsigned long pmd = 1UL << 21;
	const u64 pmd_pages = pmd / DAX_SZ_4K;
	u64 addr, got;
	unsigned int bad = 0;

	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(4 * pmd, 0, pmd), 5 * (u64)pmd);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, 0, pmd), 2 * (u64)pmd);
	/* less than a unit, or no whole unit inside: no widening */
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd - DAX_SZ_4K, 0, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, 1, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd + DAX_SZ_4K, 1, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(2 * pmd, 1, pmd), 3 * (u64)pmd);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(DAX_SZ_4K, 0, PAGE_SIZE),
			  2 * DAX_SZ_4K);
	/* lengths and offsets at 2^64: nothing wraps */
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(U64_MAX - pmd + 1, 0, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, U64_MAX >> PAGE_SHIFT, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, U64_MAX, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(0, 0, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, 0, 3 * PAGE_SIZE), 0);

	/* every page-aligned start of the area and offsets around a unit */
	for (addr = 0x7f0000000000ULL; addr < 0x7f0000000000ULL + 2 * pmd;
	     addr += DAX_SZ_4K) {
		u64 pgoff = (addr / DAX_SZ_4K) % (3 * pmd_pages);

		got = kds_dax_unmapped_area_fit(addr, pgoff, pmd);
		if (got < addr || got - addr >= pmd ||
		    ((got - (pgoff << PAGE_SHIFT)) & (pmd - 1)))
			bad++;
	}
	KDS_EXPECT_EQ(e, bad, 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_fit(0x7f0000001000ULL, 0, pmd),
			  0x7f0000200000ULL);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_fit(0x7f0000001000ULL, 0, 0),
			  0x7f0000001000ULL);
}

/* Splits only at align boundaries: munmap of half a unit is refused. */
static void dax_map_may_split_at_unit_boundaries(struct kds_expect *e)
{
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x7f0000200000ULL, 1UL << 21), 0);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x7f0000201000ULL, 1UL << 21), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x7f0000201000ULL, PAGE_SIZE), 0);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x40000000ULL, 1UL << 30), 0);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x40200000ULL, 1UL << 30), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0, 0), -EINVAL);
}

static const struct kds_case kds_dax_mapping_cases_run[] = {
	KDS_CASE(dax_map_check_vma_in_linux_order),
	KDS_CASE(dax_map_fault_sizes),
	KDS_CASE(dax_map_pgoff_to_phys_over_ranges),
	KDS_CASE(dax_map_unmapped_area_aligns_the_offset),
	KDS_CASE(dax_map_may_split_at_unit_boundaries),
};

KDS_SUITE(kds_suite_dax_mapping, "kds_dax_mapping", kds_dax_mapping_cases_run, NULL);
