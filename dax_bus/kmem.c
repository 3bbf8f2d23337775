// SPDX-License-Identifier: GPL-2.0
/*
 * kmem.c - the kmem decision: which part of a dev_dax becomes System RAM.
 *
 * The core computes and validates the range and keeps the claim list with
 * its overlap rule (struct kds_dax_claims); reserving a range and handing
 * it to the page allocator are platform operations (struct
 * kds_dax_kmem_ops), performed by the userspace model or the kernel glue,
 * both of which reserve through the claim list.
 */
#include "kds_port.h"
#include "kds/dax_bus.h"

/**
 * kds_dax_claims_init() - an empty claim list.
 * @claims: the list.
 *
 * Context: process context.
 */
void kds_dax_claims_init(struct kds_dax_claims *claims)
{
	if (!claims)
		return;
	mutex_init(&claims->lock);
	INIT_LIST_HEAD(&claims->list);
}

/**
 * kds_dax_claims_destroy() - forget every claim (the platform goes away).
 * @claims: the list; no other user.
 *
 * Context: process context.
 */
void kds_dax_claims_destroy(struct kds_dax_claims *claims)
{
	struct kds_dax_claim *c, *next;

	if (!claims)
		return;
	list_for_each_entry_safe(c, next, &claims->list, node) {
		list_del(&c->node);
		kfree(c);
	}
	mutex_destroy(&claims->lock);
}

/**
 * kds_dax_claim() - claim [@start, @start + @size) for kmem.
 * @claims: the list.
 * @start: first byte.
 * @size: size in bytes.
 *
 * The overlap rule: a range is refused when it shares at least one byte
 * with an earlier claim; ranges that only touch are both granted.
 *
 * Context: process context; takes the claim lock, may sleep to allocate.
 * Return: 0; -EINVAL for a zero size or a range that wraps; -EBUSY when
 * it overlaps a claim; -ENOMEM. The list is unchanged on failure.
 */
int kds_dax_claim(struct kds_dax_claims *claims, u64 start, u64 size)
{
	struct kds_dax_claim *c, *claim;
	u64 last;
	int rc = 0;

	if (!claims || !size || check_add_overflow(start, size - 1, &last))
		return -EINVAL;
	claim = kzalloc(sizeof(*claim), GFP_KERNEL);
	if (!claim)
		return -ENOMEM;
	claim->start = start;
	claim->size = size;
	mutex_lock(&claims->lock);
	list_for_each_entry(c, &claims->list, node)
		if (start <= c->start + (c->size - 1) && c->start <= last)
			rc = -EBUSY;
	if (!rc)
		list_add_tail(&claim->node, &claims->list);
	mutex_unlock(&claims->lock);
	if (rc)
		kfree(claim);
	return rc;
}

/**
 * kds_dax_unclaim() - give back a claim made by kds_dax_claim().
 * @claims: the list.
 * @start: first byte, as claimed.
 * @size: size, as claimed.
 *
 * Context: process context; takes the claim lock.
 * Return: 0; -ENOENT when exactly this range is not claimed (a part of a
 * claim, or a range never claimed, is not given back).
 */
int kds_dax_unclaim(struct kds_dax_claims *claims, u64 start, u64 size)
{
	struct kds_dax_claim *c, *found = NULL;

	if (!claims)
		return -EINVAL;
	mutex_lock(&claims->lock);
	list_for_each_entry(c, &claims->list, node) {
		if (c->start == start && c->size == size) {
			found = c;
			list_del(&c->node);
			break;
		}
	}
	mutex_unlock(&claims->lock);
	kfree(found);
	return found ? 0 : -ENOENT;
}

/**
 * kds_dax_is_claimed() - whether exactly this range is claimed.
 * @claims: the list.
 * @start: first byte.
 * @size: size in bytes.
 *
 * Context: process context; takes the claim lock.
 * Return: true when one claim covers exactly [@start, @start + @size).
 */
bool kds_dax_is_claimed(struct kds_dax_claims *claims, u64 start, u64 size)
{
	struct kds_dax_claim *c;
	bool found = false;

	if (!claims)
		return false;
	mutex_lock(&claims->lock);
	list_for_each_entry(c, &claims->list, node)
		if (c->start == start && c->size == size)
			found = true;
	mutex_unlock(&claims->lock);
	return found;
}

/**
 * kds_dax_kmem_range() - the whole memory blocks inside a range.
 * @start: start of the device range.
 * @size: size of the device range.
 * @block_size: memory block size, a power of two.
 * @kmem_start: set to @start rounded up to a block boundary.
 * @kmem_size: set to what remains after that, rounded down to whole blocks.
 *
 * A range may end exactly at the top of the address space (its last byte,
 * @start + @size - 1, is U64_MAX), the one rule every range of the core
 * follows (kds_dax_region_alloc(), kds_dax_claim()).
 *
 * Context: any context.
 * Return: 0; -EINVAL for a NULL output, a zero @size, a @block_size that
 * is not a power of two, a range whose last byte would lie past U64_MAX,
 * or when not one whole block fits (outputs untouched).
 */
int kds_dax_kmem_range(u64 start, u64 size, u64 block_size,
		       u64 *kmem_start, u64 *kmem_size)
{
	u64 last, first, extra;

	if (!kmem_start || !kmem_size || !is_power_of_2(block_size) || !size)
		return -EINVAL;
	/* The last byte, as a region counts it: it may be U64_MAX. */
	if (check_add_overflow(start, size - 1, &last))
		return -EINVAL;
	/* First block boundary at or after start, without wrapping. */
	if (check_add_overflow(start, block_size - 1, &first))
		return -EINVAL;
	first &= ~(block_size - 1);
	/* At least one whole block: [first, first + block_size - 1] <= last. */
	if (first > last || last - first < block_size - 1)
		return -EINVAL;
	/* Whole blocks after the first one, without ever forming last + 1. */
	extra = (last - first - (block_size - 1)) & ~(block_size - 1);
	*kmem_start = first;
	*kmem_size = extra + block_size;
	return 0;
}

/* The operations kmem needs, all of them present. */
static bool kds_dax_kmem_ops_ok(const struct kds_dax_kmem_ops *ops)
{
	return ops && ops->memory_block_size && ops->reserve &&
	       ops->unreserve && ops->add_memory && ops->remove_memory;
}

/*
 * The hot-plug range of range @i of @dev_dax: false when it has none (no
 * whole block, or no such range).
 */
static bool kds_dax_kmem_range_of(struct kds_dev_dax *dev_dax, unsigned int i,
				  u64 block, u64 *kstart, u64 *ksize)
{
	struct kds_dax_range r;

	if (kds_dev_dax_get_range(dev_dax, i, &r))
		return false;
	return !kds_dax_kmem_range(r.start, r.end - r.start + 1, block,
				   kstart, ksize);
}

/*
 * Give back the memory and claims of every range the probe added (remove).
 * A range whose add failed at probe is -ENOENT to @ops->remove_memory:
 * there is nothing of it to give back.
 */
static int kds_dax_kmem_give_back(struct kds_dev_dax *dev_dax,
				  const struct kds_dax_kmem_ops *ops, void *ctx,
				  unsigned int n, u64 block)
{
	u64 kstart, ksize, kept = 0;
	unsigned int i;
	int rc, first = 0;

	for (i = 0; i < n; i++) {
		if (!kds_dax_kmem_range_of(dev_dax, i, block, &kstart, &ksize))
			continue;
		rc = ops->remove_memory(ctx, dev_dax->target_node, kstart, ksize);
		if (rc == -ENOENT)
			continue;
		if (rc) {
			kept += ksize;
			if (!first)
				first = rc;
			continue;
		}
		ops->unreserve(ctx, kstart, ksize);
	}
	if (first)
		/* No physical address at warning level: the log is world-readable. */
		pr_warn("kds dax: %s: %llu MiB of its memory cannot be taken back (%d): it stays System RAM and reserved until reboot\n",
			dev_dax->name, (unsigned long long)(kept >> 20), first);
	return first;
}

/**
 * kds_dax_kmem_probe() - the kmem driver's probe decision.
 * @dev_dax: the device being bound (its ranges frozen by
 *           kds_dev_dax_bind_start()).
 * @ops: the platform operations.
 * @ctx: passed to every operation.
 *
 * Refuses a device whose target node is unknown. Then, for each of the
 * device's ranges in order, computes the hot-plug range with
 * kds_dax_kmem_range() (a range without a whole block is skipped, as
 * Linux's kmem skips it), reserves it and adds it as memory on the target
 * node (with its memmap on it when the device's memmap_on_memory is
 * set). A range that cannot be reserved or added fails the probe when no
 * range was added before it (nothing is held then). Once one range is
 * memory, a later range that fails is skipped with a warning and the
 * probe succeeds with the ranges it added, as Linux's kmem does: memory
 * already added may be online (auto-online) and in use, so it is never
 * taken back to undo a probe. kds_dax_kmem_remove() undoes a successful
 * probe, the ranges it added and only those.
 *
 * Context: process context.
 * Return: 0 when at least one range was added; -EINVAL for a negative
 * target node, a device without a region, operations with a NULL member,
 * or no range with a whole block; otherwise the error of @ops->reserve or
 * @ops->add_memory for the first range with a whole block.
 */
int kds_dax_kmem_probe(struct kds_dev_dax *dev_dax,
		       const struct kds_dax_kmem_ops *ops, void *ctx)
{
	unsigned int i, nr, usable = 0, added = 0;
	u64 kstart, ksize, block;
	bool memmap;
	int nid;
	int rc;

	if (!dev_dax || !dev_dax->region || !kds_dax_kmem_ops_ok(ops))
		return -EINVAL;
	nid = dev_dax->target_node;
	if (nid < 0) {
		pr_warn("kds dax: %s: target node %d unknown, not hot-plugging\n",
			dev_dax->name, nid);
		return -EINVAL;
	}
	block = ops->memory_block_size(ctx);
	/* the value at the bind holds for every range of it */
	memmap = READ_ONCE(dev_dax->memmap_on_memory);
	nr = kds_dev_dax_nr_ranges(dev_dax);
	for (i = 0; i < nr; i++)
		if (kds_dax_kmem_range_of(dev_dax, i, block, &kstart, &ksize))
			usable++;
	if (!usable) {
		pr_warn("kds dax: %s: no whole memory block in the range\n",
			dev_dax->name);
		return -EINVAL;
	}
	for (i = 0; i < nr; i++) {
		if (!kds_dax_kmem_range_of(dev_dax, i, block, &kstart, &ksize))
			continue;
		rc = ops->reserve(ctx, kstart, ksize, dev_dax->name);
		if (!rc) {
			rc = ops->add_memory(ctx, nid, kstart, ksize, memmap);
			if (rc)
				ops->unreserve(ctx, kstart, ksize);
		}
		if (!rc) {
			added++;
			continue;
		}
		if (!added)
			return rc;
		/* No physical address at warning level: the log is world-readable. */
		pr_warn("kds dax: %s: mapping%u: not added as memory (%d): the device keeps the %u range(s) added before it\n",
			dev_dax->name, i, rc, added);
	}
	WRITE_ONCE(dev_dax->kmem_bound, true);
	return 0;
}

/**
 * kds_dax_kmem_remove() - the kmem driver's remove.
 * @dev_dax: the device being unbound, bound by kds_dax_kmem_probe().
 * @ops: the platform operations given to the probe.
 * @ctx: passed to every operation.
 *
 * Takes the memory of each range back from the page allocator
 * (@ops->remove_memory, over the ranges the probe added: a range it
 * skipped answers -ENOENT and is passed over) and, once a range is back,
 * gives back its reservation, so the device can be bound
 * again (as Linux 6.1's kmem with memory hot-remove). Memory that cannot
 * be taken back (still online and in use) stays System RAM and its range
 * stays reserved until reboot: nothing that is in use is pulled away, and
 * binding the range again fails with the reservation's -EBUSY. The
 * device is unbound either way; the caller only learns which.
 *
 * Context: process context.
 * Return: 0 when all the memory and reservations were given back; -EINVAL
 * for a device without a region or with a negative target node, or
 * operations with a NULL member; otherwise the first error of
 * @ops->remove_memory (that memory then stays memory and stays reserved).
 */
int kds_dax_kmem_remove(struct kds_dev_dax *dev_dax,
			const struct kds_dax_kmem_ops *ops, void *ctx)
{
	if (!dev_dax || !dev_dax->region || !kds_dax_kmem_ops_ok(ops) ||
	    dev_dax->target_node < 0)
		return -EINVAL;
	/* unbound either way: memmap_on_memory may change again */
	WRITE_ONCE(dev_dax->kmem_bound, false);
	return kds_dax_kmem_give_back(dev_dax, ops, ctx,
				      kds_dev_dax_nr_ranges(dev_dax),
				      ops->memory_block_size(ctx));
}
