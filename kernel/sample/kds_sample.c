// SPDX-License-Identifier: GPL-2.0
/*
 * kds_sample.c - a driver that uses kds through kds.ko's exports.
 *
 * It holds no copy of kds: the genradix, DMA-model and dax-bus calls below
 * resolve against kds.ko's symbols in the KDS namespace (kernel/exports.c),
 * the way any driver that depends on kds.ko builds:
 *
 *	make -C /lib/modules/$(uname -r)/build M=$PWD \
 *		KDS_DIR=/path/to/kds/build \
 *		KBUILD_EXTRA_SYMBOLS=/path/to/kds/build/Module.symvers modules
 *
 * It includes only kds's public headers, whose names are all kds_/KDS_
 * prefixed, so the kernel's own genradix (<linux/generic-radix-tree.h>)
 * is used in the same file, next to kds's, and the two are compared.
 *
 * Every call's answer is checked when the module loads. A failed check
 * prints "kds_sample: FAIL: ..." and the load fails with -EINVAL, after
 * freeing everything. While loaded it keeps one genradix populated in
 * kds.ko's memory; unloading frees it and reports whether kds.ko's
 * allocation count is back where it was before the module loaded.
 */
#include <linux/generic-radix-tree.h>
#include <linux/module.h>
#include <linux/sizes.h>

#include "kds/version.h"
#include "kds/genradix.h"
#include "kds/dax_bus.h"
#include "kds/dma.h"

/* Failures printed in full; the rest are counted. */
#define SAMPLE_MAX_REPORTS	16

static unsigned int checks, failures;
static long live_at_load;

/* An entry whose size is not a power of two: 24 bytes. */
struct sample_item {
	u64 index;
	u64 square;
	u32 tag;
};

/* Populated at load, freed at unload. */
static KDS_GENRADIX(struct sample_item) kept;
#define SAMPLE_KEPT	5000

static bool sample_check(bool ok, const char *what, int line)
{
	checks++;
	if (!ok && ++failures <= SAMPLE_MAX_REPORTS)
		pr_err("kds_sample: FAIL: line %d: %s\n", line, what);
	return ok;
}

#define CHECK(cond)	sample_check(!!(cond), #cond, __LINE__)

/* ------------------------------------------------------------ genradix */

static int sample_genradix(void)
{
	KDS_GENRADIX(struct sample_item) tmp;
	struct kds_genradix_iter iter;
	struct sample_item *p;
	long before = kds_alloc_live();
	u64 sum = 0, n = 0;
	size_t i;

	for (i = 0; i < SAMPLE_KEPT; i++) {
		p = kds_genradix_ptr_alloc(&kept, i, KDS_GFP_KERNEL);
		if (!CHECK(p != NULL))
			return -ENOMEM;
		p->index = i;
		p->square = (u64)i * i;
		p->tag = 0x5a;
	}
	CHECK(kds_alloc_live() > before);
	p = kds_genradix_ptr(&kept, 4321);
	CHECK(p && p->index == 4321 && p->square == 4321ULL * 4321);
	CHECK(kds_genradix_ptr(&kept, 1000000) == NULL);

	/* Whole leaves exist: entries past the last one set read as zero. */
	kds_genradix_for_each(&kept, iter, p) {
		if (p->tag == 0x5a) {
			sum += p->index;
			n++;
		} else if (!CHECK(iter.pos >= SAMPLE_KEPT && p->index == 0)) {
			break;
		}
	}
	CHECK(n == SAMPLE_KEPT);
	CHECK(sum == (u64)SAMPLE_KEPT * (SAMPLE_KEPT - 1) / 2);

	/* A second tree, preallocated, then freed: kds's count goes back. */
	kds_genradix_init(&tmp);
	before = kds_alloc_live();
	CHECK(kds_genradix_prealloc(&tmp, 100000, KDS_GFP_KERNEL) == 0);
	CHECK(kds_alloc_live() > before);
	p = kds_genradix_ptr(&tmp, 99999);
	CHECK(p && p->index == 0 && p->tag == 0);
	kds_genradix_free(&tmp);
	CHECK(kds_alloc_live() == before);
	CHECK(kds_genradix_ptr(&tmp, 0) == NULL);
	return 0;
}

/*
 * The kernel's own genradix (lib/generic-radix-tree.c, built in) and kds's,
 * side by side in one file: the same entries in both, read back through
 * both iterators in step.
 */
static void sample_both_genradix(void)
{
	GENRADIX(u64) theirs;
	KDS_GENRADIX(u64) ours;
	struct genradix_iter ti;
	struct kds_genradix_iter oi;
	u64 *t, *o;
	size_t i, seen = 0;
	bool same = true;

	genradix_init(&theirs);
	kds_genradix_init(&ours);
	for (i = 0; i < 3000; i += 7) {
		t = genradix_ptr_alloc(&theirs, i, GFP_KERNEL);
		o = kds_genradix_ptr_alloc(&ours, i, KDS_GFP_KERNEL);
		if (!CHECK(t && o))
			goto out;
		*t = *o = i * 3 + 1;
	}
	oi = kds_genradix_iter_init(&ours, 0);
	genradix_for_each(&theirs, ti, t) {
		o = kds_genradix_iter_peek(&oi, &ours);
		if (!o) {
			/* kds's leaves end first: the kernel's rest is unwritten. */
			same &= !*t;
			continue;
		}
		if (oi.pos != ti.pos || *o != *t) {
			same = false;
			break;
		}
		seen++;
		kds_genradix_iter_advance(&oi, &ours);
	}
	/*
	 * The kernel's leaves end first where its nodes are smaller (512
	 * bytes from Linux 6.8, kds's are pages): kds's rest is unwritten.
	 */
	while ((o = kds_genradix_iter_peek(&oi, &ours))) {
		same &= !*o;
		kds_genradix_iter_advance(&oi, &ours);
	}
	CHECK(same);
	/* Both walked every entry written, [0, 2996], in step. */
	CHECK(seen >= 2997);
out:
	genradix_free(&theirs);
	kds_genradix_free(&ours);
}

/* ------------------------------------------------------------ DMA model */

static const struct kds_dma_platform sample_x86 = {
	.name = "x86-64",
	.rule = KDS_DMA_RULE_5_6,
	.zone_dma_bits = 24,
	.ram_top = 0x3fffff000ULL,
};

static void sample_dma(void)
{
	struct kds_dma_negotiation neg;
	struct kds_dma_dev dev;
	char buf[256];
	u64 mask = 0;

	CHECK(kds_dma_platform_check(&sample_x86) == 0);
	kds_dma_dev_init(&dev, "kds_sample", &sample_x86, &mask);
	CHECK(kds_dma_get_mask(&dev) == KDS_DMA_BIT_MASK(32));
	CHECK(kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)) == 0);
	CHECK(mask == KDS_DMA_BIT_MASK(64));
	CHECK(dev.coherent_dma_mask == KDS_DMA_BIT_MASK(64));
	/* Below the 24-bit DMA zone: refused, the mask stays. */
	CHECK(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(16)) == -EIO);
	CHECK(mask == KDS_DMA_BIT_MASK(64));
	CHECK(!kds_dma_addressing_limited(&dev));
	CHECK(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(32),
				&neg) == 0);
	CHECK(neg.streaming_mask == KDS_DMA_BIT_MASK(64));
	CHECK(neg.coherent_mask == KDS_DMA_BIT_MASK(32));
	CHECK(kds_dma_explain(&dev, &neg, buf, sizeof(buf)) > 0);
	CHECK(kds_dma_rule_name(KDS_DMA_RULE_5_6) != NULL);
}

/* ------------------------------------------------------------- dax bus */

static void sample_dax_bus(void)
{
	struct kds_dax_driver dflt = { .name = "sample_device_dax",
				       .match_always = true };
	struct kds_dax_driver kmem = { .name = "sample_kmem" };
	struct kds_dax_region *region;
	struct kds_dev_dax dev_dax = {};
	struct kds_dax_bus bus;
	void *parent_data = NULL;	/* what a parent's drvdata would hold */
	long before = kds_alloc_live();
	int r = -1, id = -1;
	u64 start, size;

	CHECK(kds_dax_parse_id("dax3.0\n", 7, &r, &id) == 0 && r == 3 && id == 0);
	CHECK(kds_dax_parse_id("dax3.x", 6, &r, &id) == -EINVAL);

	kds_dax_bus_init(&bus);
	CHECK(kds_dax_driver_register(&bus, &dflt) == 0);
	CHECK(kds_dax_driver_register(&bus, &kmem) == 0);

	/* 384 MiB at 0x104000000, 2 MiB aligned, node 0. */
	region = kds_dax_region_alloc(parent_data, 3, 0x104000000ULL,
				      0x18000000ULL, 0, SZ_2M, 0);
	if (!CHECK(!IS_ERR(region)))
		goto drivers;
	/* The caller keeps the region; a parent carries at most one. */
	parent_data = region;
	CHECK(PTR_ERR(kds_dax_region_alloc(parent_data, 4, 0, SZ_2M, 0, SZ_2M,
					   0)) == -EBUSY);
	CHECK(kds_dev_dax_init(&dev_dax, region, 0, KDS_DEV_DAX_BUS) == 0);
	kds_dax_region_put(region);
	CHECK(strcmp(dev_dax.name, "dax3.0") == 0);
	CHECK(kds_dev_dax_size(&dev_dax) == 0x18000000ULL);

	/* The default driver takes any device; the kmem one only by id. */
	CHECK(kds_dax_driver_match(&dflt, &dev_dax));
	CHECK(!kds_dax_driver_match(&kmem, &dev_dax));
	CHECK(kds_dax_new_id_store(&kmem, "dax3.0\n", 7) == 7);
	CHECK(kds_dax_driver_has_id(&kmem, 3, 0));
	CHECK(kds_dax_driver_match(&kmem, &dev_dax));
	CHECK(kds_dax_new_id_store(&kmem, "dax3.0junk", 10) == -EINVAL);
	CHECK(kds_dax_driver_nr_ids(&kmem) == 1);
	CHECK(kds_dax_remove_id_store(&kmem, "dax3.0", 6) == 6);
	CHECK(!kds_dax_driver_match(&kmem, &dev_dax));

	/* What kmem would hot-plug: whole 128 MiB blocks inside the range. */
	CHECK(kds_dax_kmem_range(region->start, region->size, SZ_128M,
				 &start, &size) == 0);
	CHECK(start == 0x108000000ULL && size == 0x10000000ULL);

	/* device_dax's probe runs the device, its remove kills it. */
	CHECK(kds_dax_device_dax_probe(&dev_dax) == 0);
	CHECK(kds_dev_dax_is_alive(&dev_dax));
	CHECK(kds_dax_device_dax_remove(&dev_dax) == 0);
	CHECK(kds_dax_device_dax_remove(&dev_dax) == -EALREADY);
	CHECK(kds_dax_region_unregister(region) == 0);
	parent_data = NULL;
	kds_dev_dax_release(&dev_dax);
drivers:
	kds_dax_driver_unregister(&kmem);
	kds_dax_driver_unregister(&dflt);
	kds_dax_bus_destroy(&bus);
	CHECK(kds_alloc_live() == before);
}

/* ---------------------------------------------------------------- glue */

static int __init kds_sample_init(void)
{
	live_at_load = kds_alloc_live();
	kds_genradix_init(&kept);
	pr_info("kds_sample: built against kds %s (%#x)\n", KDS_VERSION_STRING,
		KDS_VERSION_CODE);

	sample_genradix();
	sample_both_genradix();
	sample_dma();
	sample_dax_bus();

	if (failures) {
		pr_err("kds_sample: FAIL: %u of %u checks failed (%u not shown)\n",
		       failures, checks,
		       failures > SAMPLE_MAX_REPORTS ? failures - SAMPLE_MAX_REPORTS : 0);
		kds_genradix_free(&kept);
		return -EINVAL;
	}
	pr_info("kds_sample: all %u checks passed\n", checks);
	return 0;
}

static void __exit kds_sample_exit(void)
{
	long left;

	kds_genradix_free(&kept);
	left = kds_alloc_live() - live_at_load;
	if (left)
		pr_err("kds_sample: %ld allocation(s) leaked at unload\n", left);
	else
		pr_info("kds_sample: unloaded, no allocation outstanding\n");
}

module_init(kds_sample_init);
module_exit(kds_sample_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kds sample driver: genradix, DMA masks and the dax bus through kds.ko");
MODULE_VERSION(KDS_VERSION_STRING);
MODULE_IMPORT_NS(KDS);
