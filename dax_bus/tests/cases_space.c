// SPDX-License-Identifier: GPL-2.0
/*
 * cases_space.c - dynamic regions, run in both worlds: device ids, the
 * seed and the youngest device, size / mapping / align stores and their
 * errnos, growth by Linux's lowest-address-first rule (extending the
 * device's last range or appending one), shrinking from the end, the
 * mapping<N> files, delete, the bound freeze, and kmem over several
 * ranges. kds_test.ko runs this suite in the kernel;
 * //dax_bus:space_cases_test runs it in userspace.
 *
 * Includes only the port and the dax bus header.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"

#define SP_M		(1ULL << 20)
#define SP_BASE		0x100000000ULL
#define SP_SIZE		(64 * SP_M)
#define SP_ALIGN	(2 * SP_M)

/* A dynamic region of 64 MiB at 4 GiB, align 2 MiB, node 1. */
static struct kds_dax_region *sp_region(struct kds_expect *e)
{
	struct kds_dax_region *r;

	r = kds_dax_region_alloc(NULL, 3, SP_BASE, SP_SIZE, 1, SP_ALIGN,
				 KDS_DAX_REGION_DYNAMIC);
	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return NULL;
	return r;
}

static void sp_region_done(struct kds_dax_region *r)
{
	kds_dax_region_unregister(r);
	kds_dax_region_put(r);
}

/* Whether range @i of @d is [start, start + len) at page offset pgoff. */
static bool sp_range_is(struct kds_expect *e, struct kds_dev_dax *d,
			unsigned int i, u64 start, u64 len, u64 pgoff)
{
	struct kds_dax_range r;

	kds_expect_ctx(e, "%s range %u", d->name, i);
	return KDS_EXPECT_EQ(e, kds_dev_dax_get_range(d, i, &r), 0) &&
	       KDS_EXPECT_U64_EQ(e, r.start, start) &&
	       KDS_EXPECT_U64_EQ(e, r.end, start + len - 1) &&
	       KDS_EXPECT_U64_EQ(e, r.pgoff, pgoff);
}

static ssize_t sp_store(struct kds_dev_dax *d, const char *name, const char *s)
{
	return kds_dev_dax_attr_store(d, name, s, strlen(s) + 1);
}

/* Ids: -1 takes the lowest free number; a taken one is -EEXIST. */
static void dax_space_ids_lowest_free_and_taken(struct kds_expect *e)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax a = { 0 }, b = { 0 }, c = { 0 }, x = { 0 };

	if (!r)
		return;
	KDS_EXPECT(e, kds_dax_region_is_dynamic(r));
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_STREQ(e, a.name, "dax3.0");
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&b, r, 2, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&x, r, 2, KDS_DEV_DAX_BUS), -EEXIST);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&x, r, -2, KDS_DEV_DAX_BUS), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&x, r, -1, KDS_DEV_DAX_CLASS), -EINVAL);
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 4);	/* refusals took nothing */
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&c, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_STREQ(e, c.name, "dax3.1");
	KDS_EXPECT_EQ(e, c.id, 1);
	kds_dev_dax_release(&c);
	/* the released id is free again */
	memset(&c, 0, sizeof(c));
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&c, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_STREQ(e, c.name, "dax3.1");
	kds_dev_dax_release(&a);
	kds_dev_dax_release(&b);
	kds_dev_dax_release(&c);
	sp_region_done(r);
}

/*
 * The daxctl flow: device 0 spans the region; shrink it, create a seed,
 * size the seed, bind it (the seed moves on), refuse what Linux refuses,
 * delete it and get every byte back.
 */
static void dax_space_create_size_bind_delete_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax d0 = { 0 }, d1 = { 0 };
	ssize_t n;

	if (!r)
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d0, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&d0), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(&d0), -ENXIO);	/* size 0 */
	KDS_EXPECT_EQ(e, kds_dev_dax_add_range(&d0, SP_BASE, SP_SIZE), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_may_create(r, "1", 2), -ENOSPC);
	n = kds_dax_region_attr_show(r, "seed", buf);
	KDS_EXPECT_EQ(e, n, 1);
	KDS_EXPECT_EQ(e, buf[0], '\n');

	/* the files of a dynamic region's device */
	for (unsigned int i = 0; i < kds_dev_dax_nr_attrs; i++) {
		/* memmap_on_memory last: none, the region was made without it */
		static const unsigned short want[] = { 0444, 0644, 0444, 0644, 0400, 0444, 0200, 0 };

		kds_expect_ctx(e, "%s", kds_dev_dax_attrs[i].name);
		KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d0, i), want[i]);
	}
	for (unsigned int i = 5; i < kds_dax_region_nr_attrs; i++)
		KDS_EXPECT(e, kds_dax_region_attr_visible(r, i) != 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "delete", buf), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d0, "mapping", buf), -EACCES);

	KDS_EXPECT_EQ(e, sp_store(&d0, "size", "33554432"), 9);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 32 * SP_M);
	n = kds_dax_region_attr_show(r, "available_size", buf);
	KDS_EXPECT_EQ(e, n, 9);
	KDS_EXPECT_EQ(e, memcmp(buf, "33554432\n", 9), 0);

	KDS_EXPECT_EQ(e, kds_dax_region_may_create(r, "0", 2), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_may_create(r, "2\n", 2), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_may_create(r, "one", 3), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_may_create(r, "4294967297", 10), -ERANGE);
	KDS_EXPECT_EQ(e, kds_dax_region_may_create(r, "0x1\n", 4), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d1, r, -1, KDS_DEV_DAX_BUS), 0);
	kds_dev_dax_created(&d1);
	n = kds_dax_region_attr_show(r, "seed", buf);
	KDS_EXPECT_EQ(e, n, 7);
	KDS_EXPECT_EQ(e, memcmp(buf, "dax3.1\n", 7), 0);
	n = kds_dax_region_attr_show(r, "create", buf);
	KDS_EXPECT_EQ(e, n, 7);
	KDS_EXPECT_EQ(e, memcmp(buf, "dax3.1\n", 7), 0);

	/* size errors, in Linux's order: parse, align, then space */
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "16M"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "99999999999999999999"), -ERANGE);
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "4096"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "0x4000000"), -ENOSPC);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&d1), 0);
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "0x1000000\n"), 11);
	sp_range_is(e, &d1, 0, SP_BASE + 32 * SP_M, 16 * SP_M, 0);
	n = kds_dev_dax_mapping_attr_show(&d1, 0, "start", buf);
	KDS_EXPECT_EQ(e, n, 12);
	KDS_EXPECT_EQ(e, memcmp(buf, "0x102000000\n", 12), 0);
	n = kds_dev_dax_mapping_attr_show(&d1, 0, "end", buf);
	KDS_EXPECT_EQ(e, n, 12);
	KDS_EXPECT_EQ(e, memcmp(buf, "0x102ffffff\n", 12), 0);
	n = kds_dev_dax_mapping_attr_show(&d1, 0, "page_offset", buf);
	KDS_EXPECT_EQ(e, n, 4);
	KDS_EXPECT_EQ(e, memcmp(buf, "0x0\n", 4), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_mapping_attr_show(&d1, 1, "start", buf), -ENXIO);
	KDS_EXPECT_EQ(e, kds_dev_dax_mapping_attr_show(&d1, 0, "size", buf), -ENOENT);
	n = kds_dev_dax_attr_show(&d1, "resource", buf);
	KDS_EXPECT_EQ(e, n, 12);
	KDS_EXPECT_EQ(e, memcmp(buf, "0x102000000\n", 12), 0);

	/* bound: nothing about the device changes, nor can it go */
	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(&d1), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(&d1), -EBUSY);
	kds_dev_dax_bind_finish(&d1, 0);
	KDS_EXPECT(e, kds_dev_dax_is_bound(&d1));
	n = kds_dax_region_attr_show(r, "seed", buf);	/* bound: no longer the seed */
	KDS_EXPECT_EQ(e, n, 1);
	n = kds_dax_region_attr_show(r, "create", buf);	/* still the youngest */
	KDS_EXPECT_EQ(e, n, 7);
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "0"), -EBUSY);
	KDS_EXPECT_EQ(e, sp_store(&d1, "align", "4096"), -EBUSY);
	KDS_EXPECT_EQ(e, sp_store(&d1, "mapping", "0x103000000-0x1031fffff"), -EBUSY);
	KDS_EXPECT_EQ(e, kds_dev_dax_free_ranges(&d1), -EBUSY);
	KDS_EXPECT_EQ(e, kds_dev_dax_delete(&d1), -EBUSY);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&d1), 16 * SP_M);
	kds_dev_dax_unbind(&d1);

	/* a refused probe unfreezes the device and keeps it the seed */
	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(&d1), 0);
	kds_dev_dax_bind_finish(&d1, -ENOMEM);
	KDS_EXPECT(e, !kds_dev_dax_is_bound(&d1));

	KDS_EXPECT_EQ(e, kds_dev_dax_delete(&d1), -EBUSY);	/* it has a size */
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "0"), 2);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&d1), 0);
	n = kds_dev_dax_attr_show(&d1, "resource", buf);	/* size 0: the region's start */
	KDS_EXPECT_EQ(e, memcmp(buf, "0x100000000\n", 12), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(&d1), -ENXIO);
	KDS_EXPECT(e, !kds_dax_name_is(&d1, "dax3.0", 7));
	KDS_EXPECT(e, !kds_dax_name_is(&d1, "dax3.1\n\n", 9));
	KDS_EXPECT(e, kds_dax_name_is(&d1, "dax3.1\n", 8));
	KDS_EXPECT(e, kds_dax_name_is(&d1, "dax3.1\0junk", 11));
	KDS_EXPECT_EQ(e, kds_dev_dax_delete(&d1), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_delete(&d1), -ENXIO);
	n = kds_dax_region_attr_show(r, "create", buf);	/* no youngest any more */
	KDS_EXPECT_EQ(e, n, 1);
	KDS_EXPECT_EQ(e, sp_store(&d1, "size", "0x200000"), -ENXIO);	/* deleted */

	/* device 0 is never deleted; giving its bytes back frees the region */
	KDS_EXPECT_EQ(e, sp_store(&d0, "size", "0"), 2);
	KDS_EXPECT_EQ(e, kds_dev_dax_delete(&d0), -EBUSY);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), SP_SIZE);

	kds_dev_dax_release(&d1);
	kds_dev_dax_release(&d0);
	/* an unregistered region takes no change */
	sp_region_done(r);
}

static void dax_space_create_size_bind_delete(struct kds_expect *e)
{
	char *buf = kmalloc(KDS_DAX_ATTR_BUF_SIZE, GFP_KERNEL);

	if (!KDS_EXPECT(e, buf))
		return;
	dax_space_create_size_bind_delete_in(e, buf);
	kfree(buf);
}

/*
 * Growth takes the lowest free run: it extends the device's last range
 * when the run follows it and appends a range otherwise; shrinking takes
 * from the end. Page offsets follow the ranges in order.
 */
static void dax_space_grow_extends_or_appends_shrink_from_end(struct kds_expect *e)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax a = { 0 }, b = { 0 };
	const u64 pg = PAGE_SIZE;

	if (!r)
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&b, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 16 * SP_M), 0);	/* [0, 16) */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&b, 16 * SP_M), 0);	/* [16, 32) */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 32 * SP_M), 0);	/* + [32, 48) */
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 2);
	sp_range_is(e, &a, 0, SP_BASE, 16 * SP_M, 0);
	sp_range_is(e, &a, 1, SP_BASE + 32 * SP_M, 16 * SP_M, 16 * SP_M / pg);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 40 * SP_M), 0);	/* extends to 56 */
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 2);
	sp_range_is(e, &a, 1, SP_BASE + 32 * SP_M, 24 * SP_M, 16 * SP_M / pg);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&b, 8 * SP_M), 0);	/* frees [24, 32) */
	/*
	 * +16 MiB: the lowest hole [24, 32) follows b, so a new range; then
	 * [56, 64) follows a's range 1, which is no longer a's last: a
	 * fourth range, not an extension (Linux's adjust_ok()).
	 */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 56 * SP_M), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 4);
	sp_range_is(e, &a, 1, SP_BASE + 32 * SP_M, 24 * SP_M, 16 * SP_M / pg);
	sp_range_is(e, &a, 2, SP_BASE + 24 * SP_M, 8 * SP_M, 40 * SP_M / pg);
	sp_range_is(e, &a, 3, SP_BASE + 56 * SP_M, 8 * SP_M, 48 * SP_M / pg);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&b, 10 * SP_M), -ENOSPC);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&b), 8 * SP_M);

	/* shrink 20 MiB: ranges 3 and 2 (8 + 8), then 4 of range 1 */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 36 * SP_M), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 2);
	sp_range_is(e, &a, 1, SP_BASE + 32 * SP_M, 20 * SP_M, 16 * SP_M / pg);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 20 * SP_M);
	/* b grows into the lowest hole, [24, 32), right after its range */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&b, 12 * SP_M), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&b), 1);
	sp_range_is(e, &b, 0, SP_BASE + 16 * SP_M, 12 * SP_M, 0);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&a), 36 * SP_M);

	/* release gives everything back */
	kds_dev_dax_release(&a);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 52 * SP_M);
	kds_dev_dax_release(&b);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), SP_SIZE);
	sp_region_done(r);
}

/* mapping: "start-end" in hex adds exactly that range, never merged. */
static void dax_space_mapping_store_rules(struct kds_expect *e)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax a = { 0 }, b = { 0 };

	if (!r)
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&b, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "0x100400000"), -EINVAL);	/* no end */
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "100400000-"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "-1005fffff"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "0x100400000 - 0x1005fffff"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "g-1005fffff"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "1-10000000000000000"), -ERANGE);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "1005fffff-100400000"), -EINVAL);	/* end first */
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "0-ffffffffffffffff"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "100400000-1004fffff"), -ENXIO);	/* 1 MiB: off the align */
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "100400000-1005ffffe"), -ENXIO);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "ffe00000-fffffffff"), -ENOMEM);	/* overlaps it */
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "ffe00000-ffffffff"), -ENOMEM);	/* before the region */
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "103e00000-1041fffff"), -ENOMEM);	/* past its end */
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 0);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "0x100400000-0x1005fffff\n"), 25);
	KDS_EXPECT_EQ(e, sp_store(&a, "mapping", "100200000-1003fffff"), 20);	/* touches: a new range */
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 2);
	sp_range_is(e, &a, 0, SP_BASE + 4 * SP_M, 2 * SP_M, 0);
	sp_range_is(e, &a, 1, SP_BASE + 2 * SP_M, 2 * SP_M, 2 * SP_M / PAGE_SIZE);
	/* taken bytes, by a or by b */
	KDS_EXPECT_EQ(e, sp_store(&b, "mapping", "100400000-1005fffff"), -ENOMEM);
	KDS_EXPECT_EQ(e, sp_store(&b, "mapping", "100000000-1003fffff"), -ENOMEM);
	KDS_EXPECT_EQ(e, sp_store(&b, "mapping", "100000000-1001fffff"), 20);
	/* growth of a now goes to the lowest free byte: 6 MiB, after range 0 */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 6 * SP_M), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 3);
	sp_range_is(e, &a, 2, SP_BASE + 6 * SP_M, 2 * SP_M, 4 * SP_M / PAGE_SIZE);
	kds_dev_dax_release(&a);
	kds_dev_dax_release(&b);
	sp_region_done(r);
}

/* align: a valid unit that divides every range, only while unbound. */
static void dax_space_align_store_rules_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax a = { 0 };
	ssize_t n;

	if (!r)
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, sp_store(&a, "align", "two"), -ENXIO);	/* Linux's answer */
	KDS_EXPECT_EQ(e, sp_store(&a, "align", ""), -ENXIO);
	KDS_EXPECT_EQ(e, sp_store(&a, "align", "12345"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "align", "8192"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "align", "0"), -EINVAL);
	KDS_EXPECT_EQ(e, sp_store(&a, "align", "4096"), 5);
	n = kds_dev_dax_attr_show(&a, "align", buf);
	KDS_EXPECT_EQ(e, n, 5);
	KDS_EXPECT_EQ(e, memcmp(buf, "4096\n", 5), 0);
	/* the size step stays the kernel's smallest (2 MiB on x86-64) */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 2 * SP_M + PAGE_SIZE),
		      kds_map_min_size() > PAGE_SIZE ? -EINVAL : 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 2 * SP_M), 0);
	if (kds_dax_align_valid(PMD_SIZE)) {
		KDS_EXPECT_EQ(e, sp_store(&a, "align", "0x200000\n"), 10);
		KDS_EXPECT_EQ(e, kds_dev_dax_get_align(&a), PMD_SIZE);
		KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 4 * SP_M), 0);
	}
	if (kds_dax_align_valid(PUD_SIZE)) {
		/* a valid unit that does not divide the range: the align stays */
		unsigned long before = kds_dev_dax_get_align(&a);

		KDS_EXPECT_EQ(e, sp_store(&a, "align", "1073741824"), -EINVAL);
		KDS_EXPECT_EQ(e, kds_dev_dax_get_align(&a), before);
	}
	kds_dev_dax_release(&a);
	sp_region_done(r);
}

static void dax_space_align_store_rules(struct kds_expect *e)
{
	char *buf = kmalloc(KDS_DAX_ATTR_BUF_SIZE, GFP_KERNEL);

	if (!KDS_EXPECT(e, buf))
		return;
	dax_space_align_store_rules_in(e, buf);
	kfree(buf);
}

/*
 * A device's ranges start on its align whatever made them (kds's rule;
 * Linux 6.1 takes any start): growth skips a free run's unaligned head,
 * a mapping store off the align and an align store over a range that does
 * not start on it are -EINVAL with nothing changed, and -ENOSPC counts
 * only the free bytes in aligned units. The largest unit this platform
 * maps with is used (1 GiB on x86-64; the page where it has no huge ones).
 */
static void dax_space_ranges_start_on_the_align(struct kds_expect *e)
{
	unsigned long big = kds_dax_align_valid(PUD_SIZE) ? PUD_SIZE :
			    kds_dax_align_valid(PMD_SIZE) ? PMD_SIZE : PAGE_SIZE;
	u64 min = kds_map_min_size(), step = max_t(u64, big, min);
	/* one size step past a boundary of the big unit */
	u64 base = 4 * 1024 * SP_M + min, off = min > PAGE_SIZE ? PAGE_SIZE : 1;
	/* where a's first unit goes: the next boundary of the step */
	u64 first = step > min ? base - min + step : base;
	struct kds_dev_dax a = { 0 }, b = { 0 };
	struct kds_dax_region *r;
	char buf[48];

	r = kds_dax_region_alloc(NULL, 3, base, 3 * step, 1, (unsigned int)min,
				 KDS_DAX_REGION_DYNAMIC);
	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&b, r, -1, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_set_align(&a, big), 0);
	/* the first aligned unit is past the region's head */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, step), 0);
	sp_range_is(e, &a, 0, first, step, 0);
	if (step > min) {
		/* two units free in bytes, one in aligned units */
		KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 2 * step);
		KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 3 * step), -ENOSPC);
		KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&a), step);
	}
	/* the next aligned unit follows: one range */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 2 * step), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&a), 1);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(a.ranges, a.nr_range,
						   step / PAGE_SIZE, big),
			  first + step);

	/* b, at the region's align: a mapping store off it changes nothing */
	snprintf(buf, sizeof(buf), "%llx-%llx",
		 (unsigned long long)(base + off),
		 (unsigned long long)(base + off + min - 1));
	KDS_EXPECT_EQ(e, sp_store(&b, "mapping", buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(&b), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), step);
	if (step > min) {
		/* the head, on the region's align: taken */
		snprintf(buf, sizeof(buf), "%llx-%llx",
			 (unsigned long long)base,
			 (unsigned long long)(base + min - 1));
		KDS_EXPECT_EQ(e, sp_store(&b, "mapping", buf),
			      (ssize_t)strlen(buf) + 1);
		/* and then b's range does not start on the big unit */
		KDS_EXPECT_EQ(e, kds_dev_dax_set_align(&b, big), -EINVAL);
		KDS_EXPECT_EQ(e, kds_dev_dax_get_align(&b), min);
	}
	kds_dev_dax_release(&a);
	kds_dev_dax_release(&b);
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(r), 3 * step);
	sp_region_done(r);
}

/* Seeds: several creates in a row leave the oldest unbound one the seed. */
static void dax_space_seed_is_the_oldest_unbound(struct kds_expect *e)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax d[3] = { { 0 } };

	if (!r)
		return;
	for (int i = 0; i < 3; i++) {
		KDS_EXPECT_EQ(e, kds_dev_dax_init(&d[i], r, -1, KDS_DEV_DAX_BUS), 0);
		kds_dev_dax_created(&d[i]);
	}
	KDS_EXPECT_PTR_EQ(e, r->seed, &d[0]);
	KDS_EXPECT_PTR_EQ(e, r->youngest, &d[2]);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&d[0], SP_ALIGN), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(&d[0]), 0);
	kds_dev_dax_bind_finish(&d[0], 0);
	KDS_EXPECT(e, r->seed == NULL);	/* Linux does not pick the next one */
	kds_dev_dax_unbind(&d[0]);
	for (int i = 0; i < 3; i++)
		kds_dev_dax_release(&d[i]);
	KDS_EXPECT(e, r->youngest == NULL);
	sp_region_done(r);
}

/* A fake memory platform that records every range added. */
struct sp_mem {
	struct kds_dax_claims claims;
	struct kds_dax_claims ranges;	/* each range added, as added */
	int adds, removes, fail_add_at, remove_rc;
	u64 added;
};

static u64 sp_mem_block(void *ctx)
{
	return 4 * SP_M;
}

static int sp_mem_reserve(void *ctx, u64 start, u64 size, const char *name)
{
	return kds_dax_claim(&((struct sp_mem *)ctx)->claims, start, size);
}

static void sp_mem_unreserve(void *ctx, u64 start, u64 size)
{
	kds_dax_unclaim(&((struct sp_mem *)ctx)->claims, start, size);
}

static int sp_mem_add(void *ctx, int nid, u64 start, u64 size,
		      bool memmap_on_memory)
{
	struct sp_mem *m = ctx;

	if (++m->adds == m->fail_add_at)
		return -ENOMEM;
	if (kds_dax_claim(&m->ranges, start, size))
		return -ENOMEM;
	m->added += size;
	return 0;
}

static int sp_mem_remove(void *ctx, int nid, u64 start, u64 size)
{
	struct sp_mem *m = ctx;

	if (!kds_dax_is_claimed(&m->ranges, start, size))
		return -ENOENT;	/* never added */
	m->removes++;
	if (m->remove_rc)
		return m->remove_rc;
	kds_dax_unclaim(&m->ranges, start, size);
	m->added -= size;
	return 0;
}

static const struct kds_dax_kmem_ops sp_mem_ops = {
	.memory_block_size = sp_mem_block,
	.reserve = sp_mem_reserve,
	.unreserve = sp_mem_unreserve,
	.add_memory = sp_mem_add,
	.remove_memory = sp_mem_remove,
};

/*
 * kmem over a device of three ranges: each is hot-added (rounded to
 * blocks; one without a whole block is skipped). The first range's
 * failure fails the probe with nothing held; a later range's failure is
 * skipped and the probe keeps what it added (Linux's kmem: added memory
 * may be online already), and remove takes back exactly that.
 */
static void dax_space_kmem_adds_every_range(struct kds_expect *e)
{
	struct kds_dax_region *r = sp_region(e);
	struct kds_dev_dax a = { 0 };
	struct sp_mem m = { 0 };

	if (!r)
		return;
	kds_dax_claims_init(&m.claims);
	kds_dax_claims_init(&m.ranges);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	/* [8, 16) 2 blocks, [2, 4) no whole block, [32, 44) 3 blocks */
	KDS_EXPECT_EQ(e, kds_dev_dax_add_range(&a, SP_BASE + 8 * SP_M, 8 * SP_M), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_add_range(&a, SP_BASE + 2 * SP_M, 2 * SP_M), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_add_range(&a, SP_BASE + 32 * SP_M, 12 * SP_M), 0);

	m.fail_add_at = 1;	/* the first range's add fails: nothing held */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&a, &sp_mem_ops, &m), -ENOMEM);
	KDS_EXPECT_EQ(e, m.adds, 1);
	KDS_EXPECT_U64_EQ(e, m.added, 0);
	KDS_EXPECT_EQ(e, m.removes, 0);
	KDS_EXPECT(e, list_empty(&m.claims.list));

	/* the last range's add fails: the first stays memory, the probe succeeds */
	m.adds = 0;
	m.fail_add_at = 2;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&a, &sp_mem_ops, &m), 0);
	KDS_EXPECT_EQ(e, m.adds, 2);
	KDS_EXPECT_U64_EQ(e, m.added, 8 * SP_M);
	KDS_EXPECT_EQ(e, m.removes, 0);
	KDS_EXPECT(e, kds_dax_is_claimed(&m.claims, SP_BASE + 8 * SP_M, 8 * SP_M));
	KDS_EXPECT(e, !kds_dax_is_claimed(&m.claims, SP_BASE + 32 * SP_M, 12 * SP_M));
	/* remove takes back the added range only; the skipped one is not an error */
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&a, &sp_mem_ops, &m), 0);
	KDS_EXPECT_EQ(e, m.removes, 1);
	KDS_EXPECT_U64_EQ(e, m.added, 0);
	KDS_EXPECT(e, list_empty(&m.claims.list));

	m.fail_add_at = 0;
	m.adds = m.removes = 0;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&a, &sp_mem_ops, &m), 0);
	KDS_EXPECT_EQ(e, m.adds, 2);
	KDS_EXPECT_U64_EQ(e, m.added, 20 * SP_M);
	KDS_EXPECT(e, kds_dax_is_claimed(&m.claims, SP_BASE + 8 * SP_M, 8 * SP_M));
	KDS_EXPECT(e, kds_dax_is_claimed(&m.claims, SP_BASE + 32 * SP_M, 12 * SP_M));
	KDS_EXPECT(e, !kds_dax_is_claimed(&m.claims, SP_BASE + 2 * SP_M, 2 * SP_M));
	/* a second probe of the same ranges finds them claimed */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&a, &sp_mem_ops, &m), -EBUSY);
	KDS_EXPECT_U64_EQ(e, m.added, 20 * SP_M);

	m.remove_rc = -EBUSY;	/* in use: stays, and stays claimed */
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&a, &sp_mem_ops, &m), -EBUSY);
	KDS_EXPECT(e, kds_dax_is_claimed(&m.claims, SP_BASE + 8 * SP_M, 8 * SP_M));
	KDS_EXPECT(e, kds_dax_is_claimed(&m.claims, SP_BASE + 32 * SP_M, 12 * SP_M));
	m.remove_rc = 0;
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&a, &sp_mem_ops, &m), 0);
	KDS_EXPECT_U64_EQ(e, m.added, 0);
	KDS_EXPECT(e, list_empty(&m.claims.list));

	/* only ranges without a whole block: refused before anything */
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&a, 0), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_add_range(&a, SP_BASE + 2 * SP_M, 2 * SP_M), 0);
	m.adds = 0;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&a, &sp_mem_ops, &m), -EINVAL);
	KDS_EXPECT_EQ(e, m.adds, 0);
	kds_dev_dax_release(&a);
	kds_dax_claims_destroy(&m.claims);
	kds_dax_claims_destroy(&m.ranges);
	sp_region_done(r);
}

/* NULL in every pointer argument of the dynamic-region API. */
static void dax_space_refuses_null_arguments(struct kds_expect *e)
{
	struct kds_dax_range rg;
	char buf[8];

	KDS_EXPECT_EQ(e, kds_dev_dax_bind_start(NULL), -EINVAL);
	kds_dev_dax_bind_finish(NULL, 0);
	kds_dev_dax_unbind(NULL);
	kds_dev_dax_created(NULL);
	KDS_EXPECT(e, !kds_dev_dax_is_bound(NULL));
	KDS_EXPECT(e, !kds_dax_region_is_dynamic(NULL));
	KDS_EXPECT_U64_EQ(e, kds_dax_region_available(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_add_range(NULL, 0, SP_ALIGN), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(NULL, 0), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_set_align(NULL, PAGE_SIZE), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_free_ranges(NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_nr_ranges(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_get_range(NULL, 0, &rg), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_get_align(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_may_create(NULL, "1", 1), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_delete(NULL), -EINVAL);
	KDS_EXPECT(e, !kds_dax_name_is(NULL, "dax0.0", 6));
	KDS_EXPECT_EQ(e, kds_dev_dax_size_store(NULL, "0", 1), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_mapping_store(NULL, "0-1", 3), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_align_store(NULL, "4096", 4), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_mapping_attr_show(NULL, 0, "start", buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(NULL, "size", "0", 1), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_seed_show(NULL, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_create_show(NULL, buf), -EINVAL);
}

static const struct kds_case kds_dax_space_cases_run[] = {
	KDS_CASE(dax_space_ids_lowest_free_and_taken),
	KDS_CASE(dax_space_create_size_bind_delete),
	KDS_CASE(dax_space_grow_extends_or_appends_shrink_from_end),
	KDS_CASE(dax_space_mapping_store_rules),
	KDS_CASE(dax_space_align_store_rules),
	KDS_CASE(dax_space_ranges_start_on_the_align),
	KDS_CASE(dax_space_seed_is_the_oldest_unbound),
	KDS_CASE(dax_space_kmem_adds_every_range),
	KDS_CASE(dax_space_refuses_null_arguments),
};

KDS_SUITE(kds_suite_dax_space, "kds_dax_space", kds_dax_space_cases_run, NULL);
