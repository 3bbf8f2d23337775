// SPDX-License-Identifier: GPL-2.0
/*
 * memory.c - the memory side of kds.ko's dax bus: what lies under a new
 * region's range, the region's hold on it, and what kds_kmem does with it.
 *
 * A range inside memory the firmware set aside (Soft Reserved or legacy
 * persistent memory in /proc/iomem) is real and unused: the region holds
 * it in the iomem tree from creation to deletion (named after the region,
 * not busy, so that the claim of whichever driver runs the device nests
 * inside), and kds_kmem hot-adds it as driver-managed System RAM
 * ("System RAM (<driver>)") for daxctl to online and takes it back on
 * unbind once it is offline. A range that lies in no resource at all is
 * modelled: kds_kmem only records it (kmem_range). Anything else (System
 * RAM, a device window, another owner's claim, a range half inside
 * reserved memory) is refused. kds regions never overlap one another:
 * every region's range is on one claim list, modelled ones included.
 */
#include <linux/ioport.h>
#include <linux/memory.h>
#include <linux/memory_hotplug.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/nodemask.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include "kds_port.h"
#include "kds_api_forms.h"
#include "kds_dax_dev.h"
#include "kds_dax_iomem.h"

/* kds_kmem's claims; they last until kds.ko unloads. */
static struct kds_dax_claims kds_dax_memory_claims;
/* Every region's range: the rule that regions never overlap. */
static struct kds_dax_claims kds_dax_memory_regions;
/* The kmem driver's name, for the System RAM it adds. */
static const char *kds_dax_memory_kmem_name;

/*
 * kds.dax_fail_kmem_add=N (writable by root at run time): the Nth range
 * kds_kmem adds from then on fails with -ENOMEM, once, before anything of
 * it reaches the page allocator (tests: a device whose second range
 * cannot be added keeps its first, as Linux's kmem does).
 */
KDS_DAX_FAULT_SWITCH(dax_fail_kmem_add, kds_dax_fail_kmem_add, 0600,
		     "make the Nth range kds_kmem adds from now fail with -ENOMEM (0: never)");

/**
 * struct kds_dax_memory_hold - a region's hold on its range.
 * @start: first byte.
 * @size: size in bytes.
 * @res: the region's resource in the iomem tree (reserved memory only).
 * @name: its name, "kds_dax_region<id>".
 */
struct kds_dax_memory_hold {
	u64 start;
	u64 size;
	struct resource *res;
	char *name;
};

/* ------------------------------------------------------------- kmem */

static u64 kds_dax_memory_block_size(void *ctx)
{
#ifdef CONFIG_MEMORY_HOTPLUG
	return memory_block_size_bytes();
#else
	/* No memory blocks in this kernel: x86-64's smallest block size. */
	return SZ_128M;
#endif
}

/*
 * Claim a range through the core's claim list (its overlap rule) and, for a
 * backed device, in the iomem tree under the reserved range, named after
 * the device, as System RAM without the busy flag so that the memory
 * added next nests under it.
 */
/* The state of the range that starts at @start, or a free slot for it. */
static struct kds_dax_glue_kmem *kds_dax_memory_entry(struct kds_dax_glue_dev *gdev,
						      u64 start)
{
	unsigned int i;

	for (i = 0; i < gdev->nr_kmem; i++)
		if (gdev->kmem[i].size && gdev->kmem[i].start == start)
			return &gdev->kmem[i];
	for (i = 0; i < gdev->nr_kmem; i++)
		if (!gdev->kmem[i].size)
			return &gdev->kmem[i];
	return NULL;
}

static int kds_dax_memory_reserve(void *ctx, u64 start, u64 size,
				const char *name)
{
	struct kds_dax_glue_dev *gdev = ctx;
	struct kds_dax_glue_kmem *km = kds_dax_memory_entry(gdev, start);
	struct resource *res;
	char *res_name;
	int rc;

	if (WARN_ON(!km))
		return -EINVAL;
	rc = kds_dax_claim(&kds_dax_memory_claims, start, size);
	if (rc == -EBUSY)
		pr_debug("kds dax: %s: range %#llx+%#llx already claimed\n",
			name, (unsigned long long)start, (unsigned long long)size);
	if (rc)
		return rc;
	km->start = start;
	km->size = size;
	if (!gdev->backed)
		return 0;
	/*
	 * The names and the resource belong to the iomem tree (and stay
	 * there if the memory can never be taken back): the kernel's own
	 * allocations, not kds's counted ones.
	 */
	res_name = (char *)kstrdup_const(name, GFP_KERNEL);
	res = res_name ? request_mem_region(start, size, res_name) : NULL;
	if (!res) {
		pr_info("kds dax: %s: its range is in use in the iomem tree\n", name);
		pr_debug("kds dax: %s: %#llx+%#llx is in use in the iomem tree\n",
			 name, (unsigned long long)start, (unsigned long long)size);
		kfree_const(res_name);
		WARN_ON(kds_dax_unclaim(&kds_dax_memory_claims, start, size));
		memset(km, 0, sizeof(*km));
		return res_name ? -EBUSY : -ENOMEM;
	}
	res->flags = IORESOURCE_SYSTEM_RAM;
	km->res = res;
	km->res_name = res_name;
	return 0;
}

static void kds_dax_memory_unreserve(void *ctx, u64 start, u64 size)
{
	struct kds_dax_glue_dev *gdev = ctx;
	struct kds_dax_glue_kmem *km = kds_dax_memory_entry(gdev, start);

	if (km && km->size && km->res) {
		kds_dax_iomem_remove(km->res);
		kfree_const(km->res_name);
	}
	if (km && km->size)
		memset(km, 0, sizeof(*km));
	WARN_ON(kds_dax_unclaim(&kds_dax_memory_claims, start, size));
}

/*
 * Hot-add a backed range as driver-managed System RAM named after
 * kds_kmem; a kernel built without memory hot-plug refuses.
 */
static int kds_dax_memory_hot_add(struct kds_dax_glue_dev *gdev,
				  struct kds_dax_glue_kmem *km, int nid,
				  u64 start, u64 size, bool memmap_on_memory)
{
#ifdef CONFIG_MEMORY_HOTPLUG
	char *ram_name;
	int rc;

	ram_name = kasprintf(GFP_KERNEL, "System RAM (%s)", kds_dax_memory_kmem_name);
	if (!ram_name)
		return -ENOMEM;
	/*
	 * Into the device's memory group, as Linux's kmem adds it, with the
	 * memmap on the memory when the device's memmap_on_memory says so.
	 */
	if (gdev->kmem_mgid >= 0)
		rc = add_memory_driver_managed(gdev->kmem_mgid, start, size, ram_name,
					       MHP_NID_IS_MGID |
					       kds_dax_mhp_memmap(memmap_on_memory));
	else
		rc = add_memory_driver_managed(nid, start, size, ram_name,
					       kds_dax_mhp_memmap(memmap_on_memory));
	if (rc) {
		pr_info("kds dax: %s: adding its memory failed: %d\n",
			gdev->core.name, rc);
		pr_debug("kds dax: %s: adding %#llx-%#llx as memory failed: %d\n",
			 gdev->core.name, (unsigned long long)start,
			 (unsigned long long)(start + size - 1), rc);
		kfree_const(ram_name);
		return rc;
	}
	km->ram_name = ram_name;
	pr_debug("kds dax: %s: kds_kmem hot-added %#llx-%#llx to node %d as %s\n",
		gdev->core.name, (unsigned long long)start,
		(unsigned long long)(start + size - 1), nid, ram_name);
	return 0;
#else
	pr_info("kds dax: %s: this kernel has no memory hot-plug: not hot-adding\n",
		gdev->core.name);
	return -EOPNOTSUPP;
#endif
}

/*
 * A backed device: hot-add the range as driver-managed System RAM on node
 * @nid, offline (memhp_default_state decides), for daxctl to online. A
 * modelled one: record the range (kmem_range) and log it; nothing reaches
 * the page allocator.
 */
static int kds_dax_memory_add_memory(void *ctx, int nid, u64 start, u64 size,
				     bool memmap_on_memory)
{
	struct kds_dax_glue_dev *gdev = ctx;
	struct kds_dax_glue_kmem *km = kds_dax_memory_entry(gdev, start);
	int rc;

	if (WARN_ON(!km || !km->size))
		return -EINVAL;
	if (kds_dax_fail_nth(&kds_dax_fail_kmem_add)) {
		pr_info("kds dax: %s: adding a range failed: injected (kds.dax_fail_kmem_add)\n",
			gdev->core.name);
		return -ENOMEM;
	}
	if (!gdev->backed) {
		pr_debug("kds dax: %s: kds_kmem records %#llx-%#llx for node %d (modelled: not hot-plugged)\n",
			gdev->core.name, (unsigned long long)start,
			(unsigned long long)(start + size - 1), nid);
		goto bound;
	}
	if (nid < 0 || nid >= MAX_NUMNODES || !node_possible(nid)) {
		pr_info("kds dax: %s: target node %d does not exist, not hot-adding\n",
			gdev->core.name, nid);
		return -EINVAL;
	}
	rc = kds_dax_memory_hot_add(gdev, km, nid, start, size, memmap_on_memory);
	if (rc)
		return rc;
bound:
	km->bound = true;
	return 0;
}

/*
 * Take the memory back (Linux 6.1's kmem with hot-remove): only memory
 * that is offline can be removed. Online memory stays System RAM, with
 * the claim and the names, until reboot.
 */
static int kds_dax_memory_remove_memory(void *ctx, int nid, u64 start, u64 size)
{
	struct kds_dax_glue_dev *gdev = ctx;
	struct kds_dax_glue_kmem *km = kds_dax_memory_entry(gdev, start);
	int rc;

	if (!km || !km->bound)
		return -ENOENT;	/* never added: nothing to take back */
	if (gdev->backed && km->ram_name) {
		rc = remove_memory(start, size);
		if (rc) {
			pr_warn("kds dax: %s: its memory is still online: it stays System RAM until reboot\n",
				gdev->core.name);
			/* the iomem tree keeps pointing at these */
			memset(km, 0, sizeof(*km));
			return rc;
		}
		kfree_const(km->ram_name);
		km->ram_name = NULL;
		pr_debug("kds dax: %s: kds_kmem removed %#llx-%#llx\n",
			gdev->core.name, (unsigned long long)start,
			(unsigned long long)(start + size - 1));
	}
	km->bound = false;
	return 0;
}

static const struct kds_dax_kmem_ops kds_dax_memory_kmem_ops = {
	.memory_block_size = kds_dax_memory_block_size,
	.reserve = kds_dax_memory_reserve,
	.unreserve = kds_dax_memory_unreserve,
	.add_memory = kds_dax_memory_add_memory,
	.remove_memory = kds_dax_memory_remove_memory,
};

/*
 * The static memory group of a backed device's memory, as Linux's kmem
 * registers it (memory_group_register_static() over every whole block of
 * every range): the memory hot-plug code then decides for the device as a
 * whole, e.g. online_policy=auto-movable onlines all of it MOVABLE only if
 * all of it fits the ratio. Sets @gdev->kmem_mgid to the group, or to -1
 * when there is none to make (a modelled device, no hot-plug, a node or
 * range the core refuses anyway). Returns 0, or the kernel's error.
 */
static int kds_dax_memory_group(struct kds_dax_glue_dev *gdev)
{
#ifdef CONFIG_MEMORY_HOTPLUG
	unsigned int i, nr = kds_dev_dax_nr_ranges(&gdev->core);
	int nid = gdev->core.target_node, mgid;
	u64 block = memory_block_size_bytes(), total = 0, kstart, ksize;
	struct kds_dax_range r;
#endif

	gdev->kmem_mgid = -1;
#ifdef CONFIG_MEMORY_HOTPLUG
	if (!gdev->backed || nid < 0 || nid >= MAX_NUMNODES || !node_possible(nid))
		return 0;
	for (i = 0; i < nr; i++)
		if (!kds_dev_dax_get_range(&gdev->core, i, &r) &&
		    !kds_dax_kmem_range(r.start, r.end - r.start + 1, block,
					&kstart, &ksize))
			total += ksize;
	if (!total)
		return 0;
	mgid = memory_group_register_static(nid, PFN_UP(total));
	if (mgid < 0)
		return mgid;
	gdev->kmem_mgid = mgid;
#endif
	return 0;
}

static void kds_dax_memory_group_put(struct kds_dax_glue_dev *gdev)
{
#ifdef CONFIG_MEMORY_HOTPLUG
	if (gdev->kmem_mgid >= 0)
		WARN_ON(memory_group_unregister(gdev->kmem_mgid));
#endif
	gdev->kmem_mgid = -1;
}

/*
 * kds_kmem's probe: the core decides the ranges (one per range of the
 * device, frozen while bound), the ops above add them into the device's
 * memory group; their state lives in @gdev->kmem until remove.
 */
int kds_dax_memory_kmem_probe(struct kds_dax_glue_dev *gdev)
{
	unsigned int nr = kds_dev_dax_nr_ranges(&gdev->core);
	int rc;

	gdev->kmem = kcalloc(nr ? nr : 1, sizeof(*gdev->kmem), GFP_KERNEL);
	if (!gdev->kmem)
		return -ENOMEM;
	gdev->nr_kmem = nr;
	rc = kds_dax_memory_group(gdev);
	if (rc) {
		pr_info("kds dax: %s: no memory group for its memory: %d\n",
			gdev->core.name, rc);
		goto fail;
	}
	rc = kds_dax_kmem_probe(&gdev->core, &kds_dax_memory_kmem_ops, gdev);
	if (!rc)
		return 0;
	kds_dax_memory_group_put(gdev);
fail:
	kfree(gdev->kmem);
	gdev->kmem = NULL;
	gdev->nr_kmem = 0;
	return rc;
}

/*
 * An unbind always unbinds; memory still online stays (reserved), and so
 * does its memory group, as with Linux's kmem.
 */
void kds_dax_memory_kmem_remove(struct kds_dax_glue_dev *gdev)
{
	if (kds_dax_kmem_remove(&gdev->core, &kds_dax_memory_kmem_ops, gdev))
		gdev->kmem_mgid = -1;
	kds_dax_memory_group_put(gdev);
	kfree(gdev->kmem);
	gdev->kmem = NULL;
	gdev->nr_kmem = 0;
}

/* ---------------------------------------------------------- regions */

/* Sum of the parts of the walked range inside resources of one kind. */
static int kds_dax_memory_count_bytes(struct resource *res, void *arg)
{
	*(u64 *)arg += resource_size(res);
	return 0;
}

/* Whether top-level resources with @desc cover all of [@start, @last]. */
static bool kds_dax_memory_covered_by(u64 start, u64 last, unsigned long desc)
{
	u64 bytes = 0;

	if (region_intersects(start, last - start + 1, IORESOURCE_MEM, desc) !=
	    REGION_INTERSECTS)
		return false;
	walk_iomem_res_desc(desc, IORESOURCE_MEM, start, last, &bytes,
			    kds_dax_memory_count_bytes);
	return bytes == last - start + 1;
}

/*
 * What lies under a new region's range (@backed: reserved memory, which
 * @hold then holds in the iomem tree; modelled otherwise). A range that
 * no resource of /proc/iomem touches is modelled. A range wholly inside
 * memory the firmware set aside for a driver (Soft Reserved, or legacy
 * persistent memory from memmap=nn!ss) that no driver holds any part of
 * is real, unused memory. Everything else is refused (-EBUSY): System
 * RAM, a device window, ACPI or firmware ranges, a range only partly
 * inside reserved memory, or one another driver has claimed (dax_hmem's
 * device_dax, a pmem namespace). create_region takes physical addresses
 * from root; they reach the log at pr_debug only.
 */
static int kds_dax_memory_classify(int id, u64 start, u64 size, bool *backed,
				   struct kds_dax_memory_hold *hold)
{
	u64 last = start + (size - 1);
	struct resource *res;
	const char *kind;

	*backed = false;
	if (region_intersects(start, size, 0, IORES_DESC_NONE) == REGION_DISJOINT) {
		pr_debug("kds dax: region %d: %#llx-%#llx is in no memory or device range: kmem models it\n",
			id, (unsigned long long)start, (unsigned long long)last);
		return 0;
	}
	if (kds_dax_memory_covered_by(start, last, IORES_DESC_SOFT_RESERVED))
		kind = "Soft Reserved";
	else if (kds_dax_memory_covered_by(start, last,
					   IORES_DESC_PERSISTENT_MEMORY_LEGACY))
		kind = "legacy persistent memory";
	else
		kind = NULL;
	if (!kind) {
		pr_info("kds dax: region %d: overlaps System RAM, a device or firmware range, or lies only partly in reserved memory: refused\n",
			id);
		pr_debug("kds dax: region %d: %#llx-%#llx refused\n",
			 id, (unsigned long long)start, (unsigned long long)last);
		return -EBUSY;
	}
	if (!IS_ENABLED(CONFIG_MEMORY_HOTPLUG) || !IS_ENABLED(CONFIG_MEMORY_HOTREMOVE)) {
		pr_info("kds dax: region %d: %s, but this kernel cannot hot-add and remove memory: refused\n",
			id, kind);
		return -EOPNOTSUPP;
	}
	/* the iomem tree's, not kds's counted allocations (as kmem's names) */
	hold->name = kasprintf(GFP_KERNEL, "kds_dax_region%d", id);
	if (!hold->name)
		return -ENOMEM;
	/* Nobody may hold any part of it: the claim is the check. */
	res = request_mem_region(start, size, hold->name);
	if (!res) {
		pr_info("kds dax: region %d: inside %s another driver holds: refused\n",
			id, kind);
		pr_debug("kds dax: region %d: %#llx-%#llx refused\n",
			 id, (unsigned long long)start, (unsigned long long)last);
		kfree_const(hold->name);
		hold->name = NULL;
		return -EBUSY;
	}
	/* not busy: the running driver's claim nests inside */
	res->flags &= ~IORESOURCE_BUSY;
	hold->res = res;
	pr_debug("kds dax: region %d: %#llx-%#llx is unused %s\n",
		 id, (unsigned long long)start, (unsigned long long)last, kind);
	*backed = true;
	return 0;
}

/**
 * kds_dax_memory_hold() - classify a new region's range and hold it.
 * @id: the region's id.
 * @start: physical start.
 * @size: size in bytes, > 0, the range not wrapping (the core checked).
 * @backed: set to whether the range is reserved memory.
 * @hold: set to the hold, for kds_dax_memory_release().
 *
 * The range goes on the regions' claim list (another kds region holding
 * any of it: -EBUSY) and, when it is reserved memory, into the iomem tree:
 * the check that no other driver holds it is that request itself, kept
 * until the region goes, so there is no window between check and claim.
 *
 * Context: process context.
 * Return: 0; -EBUSY for a refused range; -EOPNOTSUPP for reserved memory
 * in a kernel that cannot hot-add and hot-remove memory; -ENOMEM.
 */
int kds_dax_memory_hold(int id, u64 start, u64 size, bool *backed,
			struct kds_dax_memory_hold **hold)
{
	struct kds_dax_memory_hold *h;
	int rc;

	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	rc = kds_dax_claim(&kds_dax_memory_regions, start, size);
	if (rc) {
		pr_info("kds dax: region %d: overlaps another kds region: refused\n", id);
		goto err_free;
	}
	rc = kds_dax_memory_classify(id, start, size, backed, h);
	if (rc)
		goto err_unclaim;
	h->start = start;
	h->size = size;
	*hold = h;
	return 0;

err_unclaim:
	WARN_ON(kds_dax_unclaim(&kds_dax_memory_regions, start, size));
err_free:
	kfree(h);
	return rc;
}

/* Give back what kds_dax_memory_hold() took (@hold may be NULL). */
void kds_dax_memory_release(struct kds_dax_memory_hold *hold)
{
	if (!hold)
		return;
	if (hold->res)
		kds_dax_iomem_remove(hold->res);
	kfree_const(hold->name);
	WARN_ON(kds_dax_unclaim(&kds_dax_memory_regions, hold->start, hold->size));
	kfree(hold);
}

/* Set up the claim lists; @kmem_name names the System RAM kds_kmem adds. */
void kds_dax_memory_init(const char *kmem_name)
{
	kds_dax_memory_kmem_name = kmem_name;
	kds_dax_claims_init(&kds_dax_memory_claims);
	kds_dax_claims_init(&kds_dax_memory_regions);
}

/* kds_kmem's claims outlive unbinding; they end with the module. */
void kds_dax_memory_exit(void)
{
	kds_dax_claims_destroy(&kds_dax_memory_claims);
	kds_dax_claims_destroy(&kds_dax_memory_regions);
}
