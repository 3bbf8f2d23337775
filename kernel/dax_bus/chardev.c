// SPDX-License-Identifier: GPL-2.0
/*
 * chardev.c - /dev/dax<r>.<n>: device_dax's character device, its pin on
 * the device's memory and its mapping.
 *
 * While device_dax runs a device whose range is reserved memory, the range
 * is pinned: held in the iomem tree under the device's name and given
 * struct pages (memremap_pages(), MEMORY_DEVICE_GENERIC, compound pages of
 * the device's align), so get_user_pages() works on a mapping (O_DIRECT,
 * RDMA). Opening the device then gives a file that mmap(2) maps shared,
 * with Linux 6.1's rules: every decision (which mapping is accepted, what
 * a fault of each size does, where a page offset lies, which address a
 * mapping gets, where it may split) is the shared core's
 * (dax_bus/mapping.c); this file performs them on the mm.
 *
 * An unbound device (or a modelled one, whose range is not memory) opens
 * with -ENXIO, as Linux's character device does once device_dax has let
 * it go. Unbinding or deleting a mapped device zaps every mapping (later
 * accesses get SIGBUS, later mmaps -ENXIO) and waits, bounded, for its
 * pages pinned by get_user_pages() to be released before the pages and
 * the range are given back (kds_dax_chardev_unpin()). An open file holds
 * kds.ko (the cdev's owner), and so does a bound device once a page of it
 * has been mapped (a page can be pinned only then), until its hold is
 * given back: unload is refused instead of waiting for pins.
 *
 * In a kernel without FS_DAX the mm never asks a file mapping for a huge
 * fault: a device of one-page align is mapped with PTEs there, one of a
 * larger align is refused as Linux refuses it ("vma is not DAX capable").
 */
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/huge_mm.h>
#include <linux/idr.h>
#include <linux/ioport.h>
#include <linux/log2.h>
#include <linux/delay.h>
#include <linux/memremap.h>
#include <linux/mman.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/pagemap.h>
#include <linux/pfn_t.h>
#include <linux/pseudo_fs.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/srcu.h>

#include "kds_port.h"
#include "kds_api_forms.h"
#include "kds_dax_dev.h"

/*
 * One minor per device, from one device number region for the bus's
 * devices: every minor a major has, as Linux's dax takes (daxctl can
 * create devices past 256).
 */
#define KDS_DAX_CHARDEV_MINORS	(MINORMASK + 1)
#define KDS_DAX_FS_MAGIC	0x6b647864	/* "kdxd" */

static dev_t kds_dax_chardev_devt;
static DEFINE_IDA(kds_dax_chardev_minors);
/* Opens, mmaps and faults against unpin (the kernel's dax_read_lock). */
static struct srcu_struct kds_dax_chardev_srcu;
/* The pseudo filesystem the devices' inodes come from. */
static struct vfsmount *kds_dax_chardev_mnt;

static void kds_dax_hold_faulted(struct kds_dax_hold *hold);

static int kds_dax_fs_init_fs_context(struct fs_context *fc)
{
	return init_pseudo(fc, KDS_DAX_FS_MAGIC) ? 0 : -ENOMEM;
}

static struct file_system_type kds_dax_fs_type = {
	.name = "kds_dax",
	.init_fs_context = kds_dax_fs_init_fs_context,
	.kill_sb = kill_anon_super,
};

static unsigned long kds_dax_chardev_align(const struct kds_dax_glue_dev *gdev)
{
	return kds_dev_dax_get_align(&gdev->core);
}

/* The mapping's bounds and flags, as the core reads them. */
static void kds_dax_chardev_vma(const struct vm_area_struct *vma,
				struct kds_dax_vma *v)
{
	v->start = vma->vm_start;
	v->end = vma->vm_end;
	v->shared = (vma->vm_flags & VM_MAYSHARE) == VM_MAYSHARE;
	v->dax = vma_is_dax(vma);
}

/* ---------------------------------------------------------- faults */

/* Insert the unit at @base: phys is the core's answer for its offset. */
static vm_fault_t kds_dax_insert(struct vm_fault *vmf, unsigned long size,
				 u64 base, phys_addr_t phys)
{
	pfn_t pfn = phys_to_pfn_t(phys, PFN_DEV | PFN_MAP);

	if (size == PAGE_SIZE)
		return vmf_insert_mixed(vmf->vma, base, pfn);
	/* A kernel without transparent huge pages maps pages only. */
#ifdef CONFIG_TRANSPARENT_HUGEPAGE
	if (size == PMD_SIZE)
		return vmf_insert_pfn_pmd(vmf, pfn, vmf->flags & FAULT_FLAG_WRITE);
#endif
#ifdef CONFIG_HAVE_ARCH_TRANSPARENT_HUGEPAGE_PUD
	if (size == PUD_SIZE)
		return vmf_insert_pfn_pud(vmf, pfn, vmf->flags & FAULT_FLAG_WRITE);
#endif
	return VM_FAULT_FALLBACK;
}

/*
 * Record in the unit's page which file maps it and at which page offset,
 * as Linux's device_dax does after an insert: memory-failure handling
 * finds the processes mapping a poisoned page through page->mapping and
 * page->index. Only the head page of a compound unit carries them; a page
 * already recorded (another process's mapping of the same unit, whose
 * offset is the same: one address space per device) is left alone. The
 * offset is the unit's own, @base's.
 */
static void kds_dax_set_mapping(struct vm_fault *vmf, u64 base,
				phys_addr_t phys)
{
	struct page *page = compound_head(pfn_to_page(PHYS_PFN(phys)));

	if (READ_ONCE(page->mapping))
		return;
	page->index = linear_page_index(vmf->vma, base);
	WRITE_ONCE(page->mapping, vmf->vma->vm_file->f_mapping);
}

/*
 * A fault of @size bytes (the kernel's huge_fault entry, in its form for
 * this kernel, is KDS_HUGE_FAULT() below).
 */
static vm_fault_t kds_dax_huge_fault_bytes(struct vm_fault *vmf,
					   unsigned long size)
{
	struct vm_area_struct *vma = vmf->vma;
	struct kds_dax_glue_dev *gdev = vma->vm_file->private_data;
	unsigned long align;
	struct kds_dax_vma v;
	vm_fault_t ret;
	u64 base, phys;
	int idx;

	kds_dax_chardev_vma(vma, &v);
	idx = srcu_read_lock(&kds_dax_chardev_srcu);
	/* inside the section: the align and ranges are the bound driver's */
	align = kds_dax_chardev_align(gdev);
	if (kds_dax_check_vma(READ_ONCE(gdev->mappable), align, &v, NULL)) {
		ret = VM_FAULT_SIGBUS;
		goto out;
	}
	switch (kds_dax_fault_decide(align, size,
				     vma->vm_start, vma->vm_end,
				     vmf->address, &base)) {
	case KDS_DAX_FAULT_INSERT:
		break;
	case KDS_DAX_FAULT_FALLBACK:
		ret = VM_FAULT_FALLBACK;
		goto out;
	default:
		dev_dbg(&gdev->dev, "%s: fault of %lu bytes, align %lu: SIGBUS\n",
			current->comm, size, align);
		ret = VM_FAULT_SIGBUS;
		goto out;
	}
	/* the ranges are frozen while a driver holds the device */
	phys = kds_dax_pgoff_to_phys(gdev->core.ranges, gdev->core.nr_range,
				     linear_page_index(vma, base),
				     size);
	if (phys == KDS_DAX_NO_PHYS) {
		dev_dbg(&gdev->dev, "%s: fault past the device's end\n",
			current->comm);
		ret = VM_FAULT_SIGBUS;
		goto out;
	}
	ret = kds_dax_insert(vmf, size, base, phys);
	if (ret == VM_FAULT_NOPAGE) {
		kds_dax_set_mapping(vmf, base, phys);
		kds_dax_hold_faulted(gdev->hold);
	}
out:
	srcu_read_unlock(&kds_dax_chardev_srcu, idx);
	return ret;
}

KDS_HUGE_FAULT(kds_dax_huge_fault)

static vm_fault_t kds_dax_fault(struct vm_fault *vmf)
{
	return kds_dax_huge_fault_bytes(vmf, PAGE_SIZE);
}

static int kds_dax_may_split_vma(struct vm_area_struct *vma,
				 unsigned long addr)
{
	struct kds_dax_glue_dev *gdev = vma->vm_file->private_data;

	return kds_dax_may_split(addr, kds_dax_chardev_align(gdev));
}

static unsigned long kds_dax_pagesize(struct vm_area_struct *vma)
{
	struct kds_dax_glue_dev *gdev = vma->vm_file->private_data;

	return kds_dax_chardev_align(gdev);
}

static const struct vm_operations_struct kds_dax_vm_ops = {
	.fault = kds_dax_fault,
	.huge_fault = kds_dax_huge_fault,
	.may_split = kds_dax_may_split_vma,
	.pagesize = kds_dax_pagesize,
};

/* ---------------------------------------------------- file operations */

static int kds_dax_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct kds_dax_glue_dev *gdev = filp->private_data;
	enum kds_dax_map_why why;
	struct kds_dax_vma v;
	int idx, rc;

	kds_dax_chardev_vma(vma, &v);
	idx = srcu_read_lock(&kds_dax_chardev_srcu);
	rc = kds_dax_check_vma(READ_ONCE(gdev->mappable),
			       kds_dax_chardev_align(gdev), &v, &why);
	srcu_read_unlock(&kds_dax_chardev_srcu, idx);
	if (rc) {
		dev_info_ratelimited(&gdev->dev, "%s: mmap refused: %s\n",
				     current->comm, kds_dax_map_why_str(why));
		return rc;
	}
	vma->vm_ops = &kds_dax_vm_ops;
	kds_vm_flags_set(vma, VM_HUGEPAGE);
	return 0;
}

static unsigned long kds_dax_get_unmapped_area(struct file *filp,
					       unsigned long addr,
					       unsigned long len,
					       unsigned long pgoff,
					       unsigned long flags)
{
	struct kds_dax_glue_dev *gdev = filp ? filp->private_data : NULL;
	unsigned long align, area;
	u64 wide;

	if (!gdev || addr || (flags & MAP_FIXED))
		goto out;
	align = kds_dax_chardev_align(gdev);
	wide = kds_dax_unmapped_area_len(len, pgoff, align);
	if (!wide || wide > ULONG_MAX)
		goto out;
	area = kds_mm_get_unmapped_area(filp, 0, wide, pgoff, flags);
	if (!IS_ERR_VALUE(area))
		return kds_dax_unmapped_area_fit(area, pgoff, align);
out:
	return kds_mm_get_unmapped_area(filp, addr, len, pgoff, flags);
}

static int kds_dax_open(struct inode *inode, struct file *filp)
{
	struct kds_dax_glue_dev *gdev =
		container_of(inode->i_cdev, struct kds_dax_glue_dev, cdev);
	int idx, rc = 0;

	idx = srcu_read_lock(&kds_dax_chardev_srcu);
	if (!READ_ONCE(gdev->mappable)) {
		rc = -ENXIO;
	} else {
		get_device(&gdev->dev);
		filp->private_data = gdev;
		/* every file maps through the device's one address space */
		filp->f_mapping = gdev->inode->i_mapping;
	}
	srcu_read_unlock(&kds_dax_chardev_srcu, idx);
	return rc;
}

static int kds_dax_release(struct inode *inode, struct file *filp)
{
	struct kds_dax_glue_dev *gdev = filp->private_data;

	put_device(&gdev->dev);
	return 0;
}

static const struct file_operations kds_dax_fops = {
	.owner = THIS_MODULE,
	.open = kds_dax_open,
	.release = kds_dax_release,
	.get_unmapped_area = kds_dax_get_unmapped_area,
	.mmap = kds_dax_mmap,
	KDS_FOPS_MMAP_SYNC,
	.llseek = noop_llseek,
};

/* ------------------------------------------------ device_dax's hold */

/**
 * struct kds_dax_hold - device_dax's hold on a device's memory.
 * @node: link on kds_dax_held while parked (see kds_dax_chardev_unpin()).
 * @pgmap: the ranges' struct pages (ZONE_DEVICE), NULL until given.
 * @inode: the device's inode, referenced: a fault points each page's
 *         ->mapping at its address space, and a page pinned past unbind
 *         (a parked hold) is dirtied through it when an O_DIRECT read
 *         completes, and read through it by memory failure, after the
 *         device itself may be gone. Put after the pages are given back.
 * @faulted: bit 0 set by the first fault that maps a page of the hold,
 *           which then takes a module reference: only a mapped page can
 *           be pinned, so kds.ko refuses unload (rather than wait at exit)
 *           while any page could be pinned. Dropped when the hold is
 *           freed, after the pins are gone.
 * @name: the device's name, a copy: the iomem entries carry it, and a
 *        parked hold outlives its device.
 * @at_range: with @at_pfn, where the last pin was seen: once the mappings
 *            are gone no page can be newly pinned, so each look resumes
 *            there instead of rescanning the device.
 * @at_pfn: the page frame of that pin.
 * @nr: entries in @pins.
 * @pins: the ranges' holds in the iomem tree, named @name.
 */
struct kds_dax_hold {
	struct list_head node;
	struct dev_pagemap *pgmap;
	struct inode *inode;
	unsigned long faulted;
	char *name;
	unsigned int at_range;
	unsigned long at_pfn;
	unsigned int nr;
	struct resource *pins[];
};

/*
 * How long unbind waits for a device's pinned pages (get_user_pages: an
 * O_DIRECT in flight, an RDMA registration, a pipe holding vmspliced
 * pages) before it parks the device's memory instead (root, at run time).
 */
static unsigned int kds_dax_pin_wait_ms = 10000;
module_param_named(dax_pin_wait_ms, kds_dax_pin_wait_ms, uint, 0600);
MODULE_PARM_DESC(dax_pin_wait_ms,
		 "How long unbind waits for a device's pinned pages before its memory stays reserved until they go (ms)");

/* Parked holds: memory whose pages were still pinned at unbind. */
static LIST_HEAD(kds_dax_held);
static DEFINE_MUTEX(kds_dax_held_lock);
static void kds_dax_held_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(kds_dax_held_work, kds_dax_held_work_fn);

/*
 * A page of @hold was mapped: the first time since probe, take the
 * module reference the hold keeps until it is freed. The fault runs with
 * the device's file open, which holds kds.ko, so the reference can be
 * taken without a check.
 */
static void kds_dax_hold_faulted(struct kds_dax_hold *hold)
{
	if (!test_and_set_bit(0, &hold->faulted))
		__module_get(THIS_MODULE);
}

/*
 * Give back a hold's pages (if given), its iomem entries, its inode
 * reference and itself, then its module reference (if a page was
 * mapped): every pin is gone by then.
 */
static void kds_dax_hold_free(struct kds_dax_hold *hold)
{
	bool faulted = test_bit(0, &hold->faulted);
	unsigned int i;

#ifdef CONFIG_ZONE_DEVICE
	if (hold->pgmap) {
		memunmap_pages(hold->pgmap);
		kfree(hold->pgmap);
	}
#endif
	for (i = 0; i < hold->nr; i++)
		if (hold->pins[i])
			release_mem_region(hold->pins[i]->start,
					   resource_size(hold->pins[i]));
	/* no struct page points at the inode any more */
	if (hold->inode)
		iput(hold->inode);
	kfree(hold->name);
	kfree(hold);
	if (faulted)
		module_put(THIS_MODULE);
}

#ifdef CONFIG_ZONE_DEVICE
/*
 * Whether a page of @hold's memory is pinned: a folio with a reference
 * beyond the one it holds while idle (device_dax maps without taking
 * references; get_user_pages takes one, or a pin's bias). Called only
 * once the device's mappings are zapped; looks from where the last pin
 * was seen (@hold->at_range, @hold->at_pfn) and leaves them at the next.
 */
static bool kds_dax_hold_pinned(struct kds_dax_hold *hold)
{
	const struct dev_pagemap *pgmap = hold->pgmap;

	for (; hold->at_range < pgmap->nr_range; hold->at_range++) {
		const struct range *r = &pgmap->ranges[hold->at_range];
		unsigned long end = PHYS_PFN(r->end + 1);

		if (hold->at_pfn < PHYS_PFN(r->start))
			hold->at_pfn = PHYS_PFN(r->start);
		while (hold->at_pfn < end) {
			struct folio *folio = page_folio(pfn_to_page(hold->at_pfn));

			if (folio_ref_count(folio) > 1)
				return true;
			hold->at_pfn = folio_pfn(folio) + folio_nr_pages(folio);
			cond_resched();
		}
	}
	return false;
}
#endif

/*
 * Every 100 ms while holds are parked: give back those whose pins went,
 * each with the module reference it holds.
 */
static void kds_dax_held_work_fn(struct work_struct *work)
{
	struct kds_dax_hold *hold, *next;
	bool more;

	mutex_lock(&kds_dax_held_lock);
	list_for_each_entry_safe(hold, next, &kds_dax_held, node) {
#ifdef CONFIG_ZONE_DEVICE
		if (kds_dax_hold_pinned(hold))
			continue;
#endif
		list_del(&hold->node);
		pr_info("kds dax: %s: its pinned pages were released: its memory is let go\n",
			hold->name);
		kds_dax_hold_free(hold);
	}
	more = !list_empty(&kds_dax_held);
	mutex_unlock(&kds_dax_held_lock);
	if (more)
		schedule_delayed_work(&kds_dax_held_work, msecs_to_jiffies(100));
}

#ifdef CONFIG_ZONE_DEVICE
/*
 * The pin check (kds_dax_hold_pinned()) counts a page pinned when its
 * folio has more than one reference: memremap_pages() leaves each folio
 * of a MEMORY_DEVICE_GENERIC map with one reference while idle, and
 * device_dax's inserts take none (Linux 6.1 to 6.12). A kernel that does
 * otherwise (later kernels free such folios at 0 and take a reference per
 * insert) would have one FOLL_GET pin go unseen and the memory be given
 * back under it: checked on the first folio of @hold's fresh map, and
 * refused (-EOPNOTSUPP) with one line when it does not hold.
 */
static int kds_dax_hold_idle_ref(struct kds_dax_glue_dev *gdev,
				 const struct kds_dax_hold *hold)
{
	struct folio *folio =
		page_folio(pfn_to_page(PHYS_PFN(hold->pgmap->ranges[0].start)));
	int ref = folio_ref_count(folio);

	if (ref == 1)
		return 0;
	dev_err(&gdev->dev, "its idle pages hold %d references, not 1: pins could not be told apart, refused\n",
		ref);
	return -EOPNOTSUPP;
}
#endif

/**
 * kds_dax_chardev_pin() - device_dax takes a backed device's memory.
 * @gdev: a device whose driver is probing it.
 *
 * Holds each of its ranges in the iomem tree under the device's name (a busy
 * range fails with one message), gives it struct pages, and opens the
 * device to open() and mmap(). A modelled device has no memory: nothing is
 * pinned and the device stays closed.
 *
 * Context: process context, the device's driver-model lock held.
 * Return: 0 or -errno (-EBUSY: another owner holds part of the range;
 * -EOPNOTSUPP: no ZONE_DEVICE, or idle pages this kernel counts in a way
 * the pin check cannot read).
 */
int kds_dax_chardev_pin(struct kds_dax_glue_dev *gdev)
{
	/* frozen from the bus's bind step to the unbind */
	unsigned int i, nr = gdev->core.nr_range;
	const struct kds_dax_range *ranges = gdev->core.ranges;
	struct kds_dax_hold *hold;
	int rc;

	if (!gdev->backed)
		return 0;
	hold = kzalloc(struct_size(hold, pins, nr), GFP_KERNEL);
	if (!hold)
		return -ENOMEM;
	INIT_LIST_HEAD(&hold->node);
	hold->nr = nr;
	ihold(gdev->inode);
	hold->inode = gdev->inode;
	hold->name = kstrdup(dev_name(&gdev->dev), GFP_KERNEL);
	if (!hold->name) {
		rc = -ENOMEM;
		goto err;
	}
	for (i = 0; i < nr; i++) {
		hold->pins[i] = request_mem_region(ranges[i].start,
						   ranges[i].end - ranges[i].start + 1,
						   hold->name);
		if (!hold->pins[i]) {
			dev_warn(&gdev->dev, "could not reserve its range\n");
			rc = -EBUSY;
			goto err;
		}
	}
#ifdef CONFIG_ZONE_DEVICE
	{
		unsigned long align = kds_dev_dax_get_align(&gdev->core);
		struct dev_pagemap *pgmap;
		void *addr;

		pgmap = kzalloc(struct_size(pgmap, ranges, nr - 1), GFP_KERNEL);
		if (!pgmap) {
			rc = -ENOMEM;
			goto err;
		}
		for (i = 0; i < nr; i++) {
			pgmap->ranges[i].start = ranges[i].start;
			pgmap->ranges[i].end = ranges[i].end;
		}
		pgmap->nr_range = nr;
		pgmap->type = MEMORY_DEVICE_GENERIC;
		if (align > PAGE_SIZE)
			pgmap->vmemmap_shift = order_base_2(align >> PAGE_SHIFT);
		addr = memremap_pages(pgmap, dev_to_node(&gdev->dev));
		if (IS_ERR(addr)) {
			rc = PTR_ERR(addr);
			dev_info(&gdev->dev, "could not give its range struct pages: %d\n", rc);
			kfree(pgmap);
			goto err;
		}
		hold->pgmap = pgmap;
		rc = kds_dax_hold_idle_ref(gdev, hold);
		if (rc)
			goto err;
	}
#else
	rc = -EOPNOTSUPP;
	dev_info(&gdev->dev, "this kernel has no ZONE_DEVICE: the range cannot be mapped\n");
	goto err;
#endif
	gdev->hold = hold;
	WRITE_ONCE(gdev->mappable, true);
	return 0;

err:
	kds_dax_hold_free(hold);
	return rc;
}

#ifdef CONFIG_ZONE_DEVICE
/*
 * Wait up to kds.dax_pin_wait_ms for no page of @hold (@gdev's) to be
 * pinned, polling every 10 ms; says so once when it has to wait, and
 * again when the bound is reached. Return: true once nothing is pinned.
 */
static bool kds_dax_chardev_wait_pins(struct kds_dax_glue_dev *gdev,
				      struct kds_dax_hold *hold)
{
	unsigned int ms = READ_ONCE(kds_dax_pin_wait_ms);
	unsigned long deadline = jiffies + msecs_to_jiffies(ms);
	bool said = false;

	while (kds_dax_hold_pinned(hold)) {
		if (!said) {
			dev_info(&gdev->dev, "waiting up to %u ms for its pinned pages to be released\n",
				 ms);
			said = true;
		}
		if (time_after(jiffies, deadline)) {
			dev_warn(&gdev->dev, "pages still pinned after %u ms: its memory stays reserved until they are released\n",
				 ms);
			return false;
		}
		msleep(10);
	}
	if (said)
		dev_info(&gdev->dev, "its pinned pages were released\n");
	return true;
}
#endif

/**
 * kds_dax_chardev_unpin() - device_dax lets a device's memory go.
 * @gdev: a device kds_dax_chardev_pin() succeeded on (or a modelled one).
 *
 * Closes the device to new opens, mmaps and faults and waits out those
 * under way, zaps every mapping of it (a later access is SIGBUS), then
 * waits (up to kds.dax_pin_wait_ms) until no page of it is pinned by
 * get_user_pages(): an O_DIRECT in flight, an RDMA registration, a pipe's
 * vmspliced pages. Then it gives the struct pages (memunmap_pages() waits
 * for the page map's own references) and the ranges back. Pages still
 * pinned at the bound park the memory instead: its pages, its iomem
 * entries and the device's inode (which the pages' ->mapping names) stay,
 * so that neither kds_kmem nor another device can take the range while a
 * transfer may still write it, and a completion that dirties a page
 * finds a live address space; kds.ko stays loaded (the module reference
 * the first fault took) until the last pin goes and the memory is given
 * back. The wait happens only here, in the unbind or delete root asked
 * for: an unload cannot start while a device has had a page mapped.
 *
 * Context: process context, may sleep.
 */
void kds_dax_chardev_unpin(struct kds_dax_glue_dev *gdev)
{
	struct kds_dax_hold *hold = gdev->hold;

	if (!hold)
		return;
	WRITE_ONCE(gdev->mappable, false);
	synchronize_srcu(&kds_dax_chardev_srcu);
	unmap_mapping_range(gdev->inode->i_mapping, 0, 0, 1);
	gdev->hold = NULL;
#ifdef CONFIG_ZONE_DEVICE
	if (!kds_dax_chardev_wait_pins(gdev, hold)) {
		/* a pinned page was mapped: the hold has its module reference */
		WARN_ON(!test_bit(0, &hold->faulted));
		mutex_lock(&kds_dax_held_lock);
		list_add_tail(&hold->node, &kds_dax_held);
		mutex_unlock(&kds_dax_held_lock);
		schedule_delayed_work(&kds_dax_held_work, msecs_to_jiffies(100));
		return;
	}
#endif
	kds_dax_hold_free(hold);
}

/* ------------------------------------------------ device lifetime */

/**
 * kds_dax_chardev_add() - device_add() @gdev with its character device.
 * @gdev: an initialised, named device not yet added.
 *
 * Takes a minor and an inode for the device's address space; both are
 * given back by kds_dax_chardev_release() from the device's release,
 * whether or not the add succeeded.
 *
 * Context: process context.
 * Return: 0 or -errno.
 */
int kds_dax_chardev_add(struct kds_dax_glue_dev *gdev)
{
	struct inode *inode;
	int minor;

	inode = alloc_anon_inode(kds_dax_chardev_mnt->mnt_sb);
	if (IS_ERR(inode))
		return PTR_ERR(inode);
	/*
	 * The mm faults a file whose mapping's host is S_DAX as DAX; memory
	 * failure takes a character-device host for device-dax (no entry
	 * locking: the page map's pin keeps the inode) and signals the
	 * processes mapping the page.
	 */
	inode->i_flags |= S_DAX;
	inode->i_mode = S_IFCHR;
	gdev->inode = inode;
	minor = ida_alloc_max(&kds_dax_chardev_minors,
			      KDS_DAX_CHARDEV_MINORS - 1, GFP_KERNEL);
	if (minor < 0)
		return minor;
	gdev->dev.devt = MKDEV(MAJOR(kds_dax_chardev_devt), minor);
	inode->i_rdev = gdev->dev.devt;
	cdev_init(&gdev->cdev, &kds_dax_fops);
	gdev->cdev.owner = THIS_MODULE;
	return cdev_device_add(&gdev->cdev, &gdev->dev);
}

/* Undo a successful kds_dax_chardev_add() (the caller puts the device). */
void kds_dax_chardev_del(struct kds_dax_glue_dev *gdev)
{
	cdev_device_del(&gdev->cdev, &gdev->dev);
}

/* From the device's release: the minor and the inode. */
void kds_dax_chardev_release(struct kds_dax_glue_dev *gdev)
{
	if (gdev->dev.devt)
		ida_free(&kds_dax_chardev_minors, MINOR(gdev->dev.devt));
	if (gdev->inode)
		iput(gdev->inode);
}

/**
 * kds_dax_chardev_init() - device numbers and the inodes' filesystem.
 * @name: the name of the device number region (the bus's name).
 *
 * Context: module init.
 * Return: 0 or -errno (nothing left allocated).
 */
int kds_dax_chardev_init(const char *name)
{
	int rc;

	rc = init_srcu_struct(&kds_dax_chardev_srcu);
	if (rc)
		return rc;
	kds_dax_chardev_mnt = kern_mount(&kds_dax_fs_type);
	if (IS_ERR(kds_dax_chardev_mnt)) {
		rc = PTR_ERR(kds_dax_chardev_mnt);
		goto err_srcu;
	}
	rc = alloc_chrdev_region(&kds_dax_chardev_devt, 0,
				 KDS_DAX_CHARDEV_MINORS, name);
	if (rc)
		goto err_mnt;
	return 0;

err_mnt:
	kern_unmount(kds_dax_chardev_mnt);
err_srcu:
	cleanup_srcu_struct(&kds_dax_chardev_srcu);
	return rc;
}

/*
 * Give back what kds_dax_chardev_init() took; every device is gone. No
 * hold can be parked: a parked hold keeps kds.ko loaded, and a device
 * whose pages were never mapped has none pinned, so the unbinds of an
 * unload never wait.
 */
void kds_dax_chardev_exit(void)
{
	WARN_ON(!list_empty(&kds_dax_held));
	cancel_delayed_work_sync(&kds_dax_held_work);
	unregister_chrdev_region(kds_dax_chardev_devt, KDS_DAX_CHARDEV_MINORS);
	ida_destroy(&kds_dax_chardev_minors);
	kern_unmount(kds_dax_chardev_mnt);
	cleanup_srcu_struct(&kds_dax_chardev_srcu);
}
