// SPDX-License-Identifier: GPL-2.0
/*
 * space.c - dynamic regions (Linux 5.10+ drivers/dax/bus.c): a region's
 * bytes handed out to its devices as ranges, the resize, align and
 * mapping rules behind the size, align and mapping files (attrs.c parses
 * and formats them), the create/seed/delete rules, and the bound flag that
 * freezes a device's ranges while a driver holds it.
 *
 * A dynamic region keeps its allocations in one array sorted by address
 * (&kds_dax_region.ext, the role of the region resource's children in
 * Linux); each device keeps its own ranges in page-offset order
 * (&kds_dev_dax.ranges), which is what the mapping path and kmem walk.
 * Both change together, under the region's lock, and only while no
 * driver is bound to the device.
 *
 * Growing takes the lowest free run of the region first, as Linux does: it
 * extends the device's last range when the run starts right after it and
 * otherwise appends a new range, until the size is reached. Shrinking
 * gives bytes back from the end of the device (its last range first).
 *
 * Unlike Linux 6.1, every range of a device starts on the device's align
 * (and on kds_map_min_size()) and is a multiple of it long, whichever store
 * made it: growth skips a free run's unaligned head, and a mapping or align
 * store that would break this is -EINVAL. A fault maps one aligned unit,
 * so this is what keeps a mapping of the device inside the device.
 */
#include "kds_port.h"
#include "kds/dax_bus.h"
#include "dax_bus/dax_internal.h"

/**
 * kds_dax_region_is_dynamic() - whether a region is dynamic.
 * @region: the region.
 *
 * Context: any context.
 * Return: true when it was allocated with %KDS_DAX_REGION_DYNAMIC.
 */
bool kds_dax_region_is_dynamic(const struct kds_dax_region *region)
{
	return region && (region->flags & KDS_DAX_REGION_DYNAMIC);
}

/**
 * kds_dax_align_valid() - whether @align is a unit device-dax can map with.
 * @align: bytes.
 *
 * The page size, the PMD size where the platform has huge pages, the PUD
 * size where it maps those (Linux's dax_align_valid()).
 *
 * Context: any context.
 * Return: true for a valid unit.
 */
bool kds_dax_align_valid(unsigned long align)
{
	return kds_map_unit_valid(align);
}

static u64 kds_dax_range_len(const struct kds_dax_range *r)
{
	return r->end - r->start + 1;
}

/*
 * The step of a device: its align, and at least what the kernel can give
 * struct pages to (kds_map_min_size(), Linux's memremap_compat_align():
 * 2 MiB on x86-64). Every range of the device starts on it and is a
 * multiple of it long, so no mapping unit of the device (one align) ever
 * holds a byte of another device or of the memory around the region.
 */
static u64 kds_dev_dax_step(unsigned long align)
{
	return max_t(u64, align, kds_map_min_size());
}

static bool kds_dev_dax_size_aligned(const struct kds_dev_dax *dev_dax,
				     unsigned long align, u64 size)
{
	return IS_ALIGNED(size, kds_dev_dax_step(align));
}

static u64 kds_dev_dax_size_locked(const struct kds_dev_dax *dev_dax)
{
	u64 size = 0;
	unsigned int i;

	for (i = 0; i < dev_dax->nr_range; i++)
		size += kds_dax_range_len(&dev_dax->ranges[i]);
	return size;
}

static u64 kds_dax_region_available_locked(const struct kds_dax_region *region)
{
	u64 used = 0;
	unsigned int i;

	for (i = 0; i < region->nr_ext; i++)
		used += region->ext[i].end - region->ext[i].start + 1;
	return region->size - used;
}

/**
 * kds_dax_region_available() - bytes of a region no device holds.
 * @region: the region.
 *
 * Context: process context (takes the region's lock).
 * Return: the free bytes of a dynamic region; 0 for a static one (its
 * devices span all of it) and for NULL.
 */
u64 kds_dax_region_available(struct kds_dax_region *region)
{
	u64 avail;

	if (!kds_dax_region_is_dynamic(region))
		return 0;
	mutex_lock(&region->lock);
	avail = kds_dax_region_available_locked(region);
	mutex_unlock(&region->lock);
	return avail;
}

/* Index of the allocation that starts at @start, or -1. */
static int kds_dax_ext_find(const struct kds_dax_region *region, u64 start)
{
	unsigned int i;

	for (i = 0; i < region->nr_ext; i++)
		if (region->ext[i].start == start)
			return (int)i;
	return -1;
}

static void kds_dax_ext_remove(struct kds_dax_region *region, unsigned int i)
{
	memmove(&region->ext[i], &region->ext[i + 1],
		(region->nr_ext - i - 1) * sizeof(region->ext[0]));
	if (--region->nr_ext == 0) {
		kfree(region->ext);
		region->ext = NULL;
	}
}

/*
 * Free run @i of the region (0 to nr_ext): the bytes before allocation @i,
 * or after the last allocation for @i == nr_ext, as [*gs, *ge]. False when
 * that run is empty.
 */
static bool kds_dax_gap(const struct kds_dax_region *region, unsigned int i,
			u64 *gs, u64 *ge)
{
	u64 last = region->start + (region->size - 1);

	/* an allocation may end at U64_MAX: nothing follows it */
	if (i && region->ext[i - 1].end == last)
		return false;
	*gs = i ? region->ext[i - 1].end + 1 : region->start;
	if (i < region->nr_ext) {
		if (region->ext[i].start == *gs)
			return false;
		*ge = region->ext[i].start - 1;
	} else {
		*ge = last;
	}
	return true;
}

/*
 * The whole @step units inside [gs, ge] (@step a power of two): [*as, *ae],
 * both on @step. False when the run holds none. 2^64 counts as aligned, so
 * a run ending at U64_MAX keeps its last unit.
 */
static bool kds_dax_gap_aligned(u64 gs, u64 ge, u64 step, u64 *as, u64 *ae)
{
	u64 a, end_ex;

	if (check_add_overflow(gs, step - 1, &a))
		return false;
	a &= ~(step - 1);
	end_ex = (ge + 1) & ~(step - 1);	/* wraps to 0 only past U64_MAX */
	if (!end_ex && ge != U64_MAX)
		return false;
	if (a > end_ex - 1)
		return false;
	*as = a;
	*ae = end_ex - 1;
	return true;
}

/* Free bytes of the region that lie in whole, @step-aligned units. */
static u64 kds_dax_region_fit_locked(const struct kds_dax_region *region,
				     u64 step)
{
	u64 gs, ge, as, ae, fit = 0;
	unsigned int i;

	for (i = 0; i <= region->nr_ext; i++)
		if (kds_dax_gap(region, i, &gs, &ge) &&
		    kds_dax_gap_aligned(gs, ge, step, &as, &ae))
			fit += ae - as + 1;
	return fit;
}

/*
 * The lowest free run that holds a whole @step unit: its aligned part
 * [*as, *ae] and the allocation right before the run (*prev, -1 when
 * none). False when no run holds one.
 */
static bool kds_dax_first_fit(const struct kds_dax_region *region, u64 step,
			      u64 *as, u64 *ae, int *prev)
{
	u64 gs, ge;
	unsigned int i;

	for (i = 0; i <= region->nr_ext; i++) {
		if (kds_dax_gap(region, i, &gs, &ge) &&
		    kds_dax_gap_aligned(gs, ge, step, as, ae)) {
			*prev = (int)i - 1;
			return true;
		}
	}
	return false;
}

/*
 * Append [start, start + size) to the device as its next range. The bytes
 * must lie in the region and be free: -ENOMEM otherwise, as Linux's
 * request of the region resource fails. Nothing changes on failure.
 */
static int kds_dev_dax_add_range_locked(struct kds_dev_dax *dev_dax,
					u64 start, u64 size)
{
	struct kds_dax_region *region = dev_dax->region;
	u64 end, last = region->start + (region->size - 1);
	struct kds_dax_extent *ext;
	struct kds_dax_range *ranges;
	unsigned int pos;

	if (!size)
		return -EINVAL;
	if (check_add_overflow(start, size - 1, &end) ||
	    start < region->start || end > last)
		return -ENOMEM;
	for (pos = 0; pos < region->nr_ext; pos++)
		if (region->ext[pos].start > start)
			break;
	if ((pos > 0 && region->ext[pos - 1].end >= start) ||
	    (pos < region->nr_ext && region->ext[pos].start <= end))
		return -ENOMEM;

	/* Room in both arrays first: past this point nothing can fail. */
	ext = krealloc(region->ext, (region->nr_ext + 1) * sizeof(*ext),
		       GFP_KERNEL);
	if (!ext)
		return -ENOMEM;
	region->ext = ext;
	ranges = krealloc(dev_dax->ranges,
			  (dev_dax->nr_range + 1) * sizeof(*ranges), GFP_KERNEL);
	if (!ranges) {
		if (!region->nr_ext) {
			kfree(region->ext);
			region->ext = NULL;
		}
		return -ENOMEM;
	}
	dev_dax->ranges = ranges;

	memmove(&ext[pos + 1], &ext[pos],
		(region->nr_ext - pos) * sizeof(*ext));
	ext[pos] = (struct kds_dax_extent){ start, end, dev_dax };
	region->nr_ext++;
	ranges[dev_dax->nr_range] = (struct kds_dax_range){
		.start = start,
		.end = end,
		.pgoff = kds_dev_dax_size_locked(dev_dax) >> PAGE_SHIFT,
	};
	dev_dax->nr_range++;
	return 0;
}

/* Give @to_shrink bytes back from the end of the device. */
static void kds_dev_dax_shrink_locked(struct kds_dev_dax *dev_dax,
				      u64 to_shrink)
{
	struct kds_dax_region *region = dev_dax->region;

	while (to_shrink && dev_dax->nr_range) {
		struct kds_dax_range *r = &dev_dax->ranges[dev_dax->nr_range - 1];
		u64 len = kds_dax_range_len(r);
		int i = kds_dax_ext_find(region, r->start);

		if (WARN_ON(i < 0 || region->ext[i].owner != dev_dax))
			return;
		if (to_shrink >= len) {
			kds_dax_ext_remove(region, (unsigned int)i);
			dev_dax->nr_range--;
			to_shrink -= len;
			continue;
		}
		r->end -= to_shrink;
		region->ext[i].end = r->end;
		to_shrink = 0;
	}
	if (!dev_dax->nr_range) {
		kfree(dev_dax->ranges);
		dev_dax->ranges = NULL;
	}
}

/*
 * Grow the device by @to_alloc bytes (a multiple of its step) from the
 * region's free space, lowest address first, in whole units of its step
 * that start on the step: a free run's unaligned head and tail are skipped,
 * so every range of the device starts and ends on its align. The caller has
 * checked with kds_dax_region_fit_locked() that the space is there. On
 * failure (an allocation) the device is shrunk back, so nothing is lost or
 * gained.
 */
static int kds_dev_dax_grow_locked(struct kds_dev_dax *dev_dax, u64 to_alloc)
{
	struct kds_dax_region *region = dev_dax->region;
	u64 step = kds_dev_dax_step(dev_dax->align), grown = 0;
	int rc = 0;

	while (to_alloc) {
		struct kds_dax_range *last;
		u64 as, ae, alloc;
		int prev;

		if (!kds_dax_first_fit(region, step, &as, &ae, &prev)) {
			rc = -ENOSPC;
			goto undo;
		}
		alloc = min(ae - as + 1, to_alloc);
		last = dev_dax->nr_range ?
			&dev_dax->ranges[dev_dax->nr_range - 1] : NULL;
		if (prev >= 0 && last && region->ext[prev].owner == dev_dax &&
		    region->ext[prev].start == last->start &&
		    region->ext[prev].end + 1 == as) {
			/* the unit follows the device's last range: extend it */
			last->end += alloc;
			region->ext[prev].end = last->end;
		} else {
			rc = kds_dev_dax_add_range_locked(dev_dax, as, alloc);
			if (rc)
				goto undo;
		}
		to_alloc -= alloc;
		grown += alloc;
	}
	return 0;
undo:
	kds_dev_dax_shrink_locked(dev_dax, grown);
	return rc;
}

/* Whether a device of this region can change now: -errno if not. */
static int kds_dev_dax_may_change_locked(const struct kds_dev_dax *dev_dax)
{
	if (!kds_dax_region_live(dev_dax->region) || !dev_dax->listed)
		return -ENXIO;
	if (dev_dax->bound)
		return -EBUSY;
	return 0;
}

/*
 * The region of a device that may take space operations: dynamic and
 * not released. NULL (with *rc set) otherwise.
 */
static struct kds_dax_region *kds_dev_dax_dyn_region(struct kds_dev_dax *dev_dax,
						     int *rc)
{
	struct kds_dax_region *region = dev_dax ? READ_ONCE(dev_dax->region) : NULL;

	*rc = 0;
	if (!dev_dax)
		*rc = -EINVAL;
	else if (!region)
		*rc = -ENXIO;
	else if (!kds_dax_region_is_dynamic(region))
		*rc = -EINVAL;
	return *rc ? NULL : region;
}

/**
 * kds_dev_dax_add_range() - give a device a specific range of its region.
 * @dev_dax: a device of a dynamic region, unbound.
 * @start: first byte, a multiple of the device's align (and of
 *         kds_map_min_size(), 2 MiB on x86-64).
 * @size: bytes, a multiple of the same.
 *
 * The range becomes the device's next one (its page offset follows the
 * ranges before it); it is not merged with them. Used by the mapping
 * store, and by a glue to give a region's first device the whole region.
 *
 * Context: process context (takes the region's lock).
 * Return: 0; -EINVAL for a static region, NULL or a zero @size; -ENXIO
 * for a released or deleted device or an unregistered region (-ENXIO also
 * for a @size off the align, as Linux's mapping store answers); -EBUSY
 * while a driver is bound; -EINVAL for a @start that is not a multiple of
 * the align and of kds_map_min_size() (Linux 6.1 takes it, and the
 * device's aligned faults would then map memory outside it); -ENOMEM when
 * any byte lies outside the region or belongs to a device already, or on
 * allocation failure.
 */
int kds_dev_dax_add_range(struct kds_dev_dax *dev_dax, u64 start, u64 size)
{
	struct kds_dax_region *region;
	int rc;

	region = kds_dev_dax_dyn_region(dev_dax, &rc);
	if (!region)
		return rc;
	if (!size)
		return -EINVAL;
	mutex_lock(&region->lock);
	rc = kds_dev_dax_may_change_locked(dev_dax);
	if (!rc && !kds_dev_dax_size_aligned(dev_dax, dev_dax->align, size))
		rc = -ENXIO;
	/* kds's rule, not Linux 6.1's: a range starts on the device's step */
	if (!rc && !IS_ALIGNED(start, kds_dev_dax_step(dev_dax->align)))
		rc = -EINVAL;
	if (!rc)
		rc = kds_dev_dax_add_range_locked(dev_dax, start, size);
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dev_dax_resize() - set a device's size.
 * @dev_dax: a device of a dynamic region, unbound.
 * @size: the new size in bytes, a multiple of the device's align.
 *
 * Grows from the region's free space (lowest address first, extending the
 * device's last range where the free run follows it) or shrinks from the
 * device's end. Growth takes whole units of the device's align (at least
 * kds_map_min_size()) that start on it, skipping the unaligned head and
 * tail of a free run. The same size changes nothing.
 *
 * Context: process context (takes the region's lock).
 * Return: 0; -EINVAL for NULL, a static region or a @size off the align;
 * -ENXIO for a released or deleted device or an unregistered region;
 * -EBUSY while a driver is bound; -ENOSPC when the region's free bytes in
 * such aligned units are fewer than the growth; -ENOMEM on allocation failure (the size is then
 * unchanged).
 */
int kds_dev_dax_resize(struct kds_dev_dax *dev_dax, u64 size)
{
	struct kds_dax_region *region;
	u64 cur;
	int rc;

	region = kds_dev_dax_dyn_region(dev_dax, &rc);
	if (!region)
		return rc;
	mutex_lock(&region->lock);
	if (!kds_dev_dax_size_aligned(dev_dax, dev_dax->align, size)) {
		rc = -EINVAL;
		goto out;
	}
	rc = kds_dev_dax_may_change_locked(dev_dax);
	if (rc)
		goto out;
	cur = kds_dev_dax_size_locked(dev_dax);
	if (size == cur)
		goto out;
	if (size < cur) {
		kds_dev_dax_shrink_locked(dev_dax, cur - size);
		goto out;
	}
	if (size - cur > kds_dax_region_fit_locked(region,
					kds_dev_dax_step(dev_dax->align))) {
		rc = -ENOSPC;
		goto out;
	}
	rc = kds_dev_dax_grow_locked(dev_dax, size - cur);
out:
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dev_dax_set_align() - set a device's align.
 * @dev_dax: a device of a dynamic region, unbound.
 * @align: a unit kds_dax_align_valid() accepts, dividing every range.
 *
 * Every range must start on the new align and be a multiple of it long,
 * so that each unit a fault maps stays inside the device.
 *
 * Context: process context (takes the region's lock).
 * Return: 0; -EINVAL for NULL, a static region, an invalid unit or one
 * that does not divide the start and the length of every range (the align
 * is then unchanged); -ENXIO for a released or deleted device or an unregistered
 * region; -EBUSY while a driver is bound.
 */
int kds_dev_dax_set_align(struct kds_dev_dax *dev_dax, unsigned long align)
{
	struct kds_dax_region *region;
	unsigned int i;
	int rc;

	region = kds_dev_dax_dyn_region(dev_dax, &rc);
	if (!region)
		return rc;
	if (!kds_dax_align_valid(align))
		return -EINVAL;
	mutex_lock(&region->lock);
	rc = kds_dev_dax_may_change_locked(dev_dax);
	for (i = 0; !rc && i < dev_dax->nr_range; i++) {
		const struct kds_dax_range *r = &dev_dax->ranges[i];

		/* the start too: kds's rule, Linux 6.1 checks lengths only */
		if (!kds_dev_dax_size_aligned(dev_dax, align, kds_dax_range_len(r)) ||
		    !IS_ALIGNED(r->start, kds_dev_dax_step(align)))
			rc = -EINVAL;
	}
	if (!rc)
		WRITE_ONCE(dev_dax->align, align);
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dev_dax_get_align() - a device's align.
 * @dev_dax: the device.
 *
 * Stable while a driver is bound (only an unbound device's align changes).
 *
 * Context: any context.
 * Return: the align in bytes; 0 for NULL.
 */
unsigned long kds_dev_dax_get_align(const struct kds_dev_dax *dev_dax)
{
	return dev_dax ? READ_ONCE(dev_dax->align) : 0;
}

/**
 * kds_dev_dax_free_ranges() - give all of a device's memory back.
 * @dev_dax: a device, unbound.
 *
 * What a glue calls when it unregisters a device, so its bytes are free
 * at once, not only at the final release (which frees them too).
 *
 * Context: process context (takes the region's lock).
 * Return: 0 (also for a static region, which allocates nothing, and a
 * released device); -EINVAL for NULL; -EBUSY while a driver is bound.
 */
int kds_dev_dax_free_ranges(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region;
	int rc = 0;

	if (!dev_dax)
		return -EINVAL;
	region = READ_ONCE(dev_dax->region);
	if (!kds_dax_region_is_dynamic(region))
		return 0;
	mutex_lock(&region->lock);
	if (dev_dax->bound)
		rc = -EBUSY;
	else
		kds_dev_dax_shrink_locked(dev_dax,
					  kds_dev_dax_size_locked(dev_dax));
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dev_dax_nr_ranges() - how many ranges a device has.
 * @dev_dax: the device.
 *
 * Context: process context (takes the region's lock).
 * Return: the count (1 on a static region, 0 for a size-0 device, NULL or
 * a released device).
 */
unsigned int kds_dev_dax_nr_ranges(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region = dev_dax ? READ_ONCE(dev_dax->region) : NULL;
	unsigned int nr;

	if (!region)
		return 0;
	mutex_lock(&region->lock);
	nr = dev_dax->nr_range;
	mutex_unlock(&region->lock);
	return nr;
}

/**
 * kds_dev_dax_get_range() - one range of a device.
 * @dev_dax: the device.
 * @idx: the range, from 0.
 * @range: where to copy it.
 *
 * Context: process context (takes the region's lock).
 * Return: 0; -EINVAL for NULL; -ENXIO when the device has no range @idx
 * (any more).
 */
int kds_dev_dax_get_range(struct kds_dev_dax *dev_dax, unsigned int idx,
			  struct kds_dax_range *range)
{
	struct kds_dax_region *region;
	int rc = -ENXIO;

	if (!dev_dax || !range)
		return -EINVAL;
	region = READ_ONCE(dev_dax->region);
	if (!region)
		return -ENXIO;
	mutex_lock(&region->lock);
	if (idx < dev_dax->nr_range) {
		*range = dev_dax->ranges[idx];
		rc = 0;
	}
	mutex_unlock(&region->lock);
	return rc;
}

/* ------------------------------------------------------------- binding */

/**
 * kds_dev_dax_bind_start() - a driver is about to bind a device.
 * @dev_dax: the device.
 *
 * The bus's own probe step (Linux's dax_bus_probe()): a device of size 0
 * or one deleted from its region is refused, and from here on the
 * device's ranges and align are frozen until kds_dev_dax_unbind() (or a
 * failed probe's kds_dev_dax_bind_finish()). The check and the freeze are
 * one step under the region's lock, so a size store racing a bind either
 * finishes before it or fails with -EBUSY.
 *
 * Context: process context (takes the region's lock).
 * Return: 0; -EINVAL for NULL; -ENXIO for a released, deleted or size-0
 * device; -EBUSY when a driver is bound already.
 */
int kds_dev_dax_bind_start(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region;
	int rc = 0;

	if (!dev_dax)
		return -EINVAL;
	region = READ_ONCE(dev_dax->region);
	if (!region)
		return -ENXIO;
	mutex_lock(&region->lock);
	if ((READ_ONCE(dev_dax->state) & KDS_DEV_DAX_RELEASED) ||
	    !dev_dax->nr_range ||
	    (kds_dax_region_is_dynamic(region) && !dev_dax->listed))
		rc = -ENXIO;
	else if (dev_dax->bound)
		rc = -EBUSY;
	else
		dev_dax->bound = true;
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dev_dax_bind_finish() - the driver's probe returned.
 * @dev_dax: the device kds_dev_dax_bind_start() accepted.
 * @rc: the probe's result.
 *
 * A failed probe unfreezes the device. A successful one on a dynamic
 * region stops the device being the region's seed (the next create makes
 * a new one), as in Linux.
 *
 * Context: process context (takes the region's lock).
 */
void kds_dev_dax_bind_finish(struct kds_dev_dax *dev_dax, int rc)
{
	struct kds_dax_region *region = dev_dax ? READ_ONCE(dev_dax->region) : NULL;

	if (!region)
		return;
	mutex_lock(&region->lock);
	if (rc)
		dev_dax->bound = false;
	else if (region->seed == dev_dax)
		region->seed = NULL;
	mutex_unlock(&region->lock);
}

/**
 * kds_dev_dax_unbind() - the driver let the device go.
 * @dev_dax: the device.
 *
 * Context: process context (takes the region's lock).
 */
void kds_dev_dax_unbind(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region = dev_dax ? READ_ONCE(dev_dax->region) : NULL;

	if (!region)
		return;
	mutex_lock(&region->lock);
	dev_dax->bound = false;
	mutex_unlock(&region->lock);
}

/**
 * kds_dev_dax_is_bound() - whether a driver holds the device.
 * @dev_dax: the device.
 *
 * Context: any context.
 * Return: true between a successful bind and the unbind.
 */
bool kds_dev_dax_is_bound(const struct kds_dev_dax *dev_dax)
{
	return dev_dax && READ_ONCE(dev_dax->bound);
}

/* ------------------------------------------------- create, seed, delete */

/**
 * kds_dax_region_may_create() - the rules of a write to a region's create.
 * @region: the region.
 * @buf: the bytes written (a C string ending at the first NUL or @count).
 * @count: their number.
 *
 * The value must be 1 (kstrtoint() base 0) and the region must have free
 * bytes. The glue then makes the device (kds_dev_dax_init() with id -1)
 * and reports it (kds_dev_dax_created()).
 *
 * Context: process context (takes the region's lock).
 * Return: 0; -EINVAL for a static region, NULL, or any value but 1;
 * -ERANGE for a number past an int; -ENOSPC when no byte is free; -ENXIO
 * for an unregistered region; -ENOMEM when the text cannot be copied.
 */
int kds_dax_region_may_create(struct kds_dax_region *region, const char *buf,
			      size_t count)
{
	char *str;
	int val, rc;

	if (!kds_dax_region_is_dynamic(region) || !buf)
		return -EINVAL;
	str = kmemdup_nul(buf, count, GFP_KERNEL);
	if (!str)
		return -ENOMEM;
	rc = kstrtoint(str, 0, &val);
	kfree(str);
	if (rc)
		return rc;
	if (val != 1)
		return -EINVAL;
	if (!kds_dax_region_live(region))
		return -ENXIO;
	return kds_dax_region_available(region) ? 0 : -ENOSPC;
}

/**
 * kds_dev_dax_created() - a device made by a write to the region's create.
 * @dev_dax: the new device (size 0).
 *
 * It becomes the region's youngest device, and its seed if there is none
 * (several creates in a row leave the oldest unbound one the seed).
 *
 * Context: process context (takes the region's lock).
 */
void kds_dev_dax_created(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region = dev_dax ? READ_ONCE(dev_dax->region) : NULL;

	if (!kds_dax_region_is_dynamic(region))
		return;
	mutex_lock(&region->lock);
	if (dev_dax->listed) {
		if (!region->seed)
			region->seed = dev_dax;
		region->youngest = dev_dax;
	}
	mutex_unlock(&region->lock);
}

/* Take the device off its region's id list (lock held). */
static void kds_dev_dax_unlist_locked(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region = dev_dax->region;

	if (!dev_dax->listed)
		return;
	list_del_init(&dev_dax->node);
	dev_dax->listed = false;
	if (region->seed == dev_dax)
		region->seed = NULL;
	if (region->youngest == dev_dax)
		region->youngest = NULL;
}

/**
 * kds_dev_dax_delete() - the rules of a write to a region's delete.
 * @dev_dax: the device named (the glue finds it by name among the
 *           region's devices: kds_dax_name_is()).
 *
 * Only an unbound device of size 0 other than dax<r>.0 goes: it gives its
 * id back (a later create may reuse it) and stops being the seed or the
 * youngest. The glue then unregisters it.
 *
 * Context: process context (takes the region's lock).
 * Return: 0 when this call deleted the device; -EINVAL for NULL or a
 * static region; -ENXIO when it was deleted or released already; -EBUSY
 * when a driver is bound, it has a size, or it is device 0 (kept so that
 * every region has one device on the bus).
 */
int kds_dev_dax_delete(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region;
	int rc = 0;

	region = kds_dev_dax_dyn_region(dev_dax, &rc);
	if (!region)
		return rc;
	mutex_lock(&region->lock);
	if (!dev_dax->listed)
		rc = -ENXIO;
	else if (dev_dax->bound || dev_dax->nr_range || dev_dax->id == 0)
		rc = -EBUSY;
	else
		kds_dev_dax_unlist_locked(dev_dax);
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dax_name_is() - whether a written name names a device.
 * @dev_dax: the device.
 * @buf: the bytes written (a C string ending at the first NUL or @count).
 * @count: their number.
 *
 * sysfs_streq(): equal, but for one trailing newline (the 6.1 driver
 * core's device_find_child_by_name(), which the delete file uses).
 *
 * Context: any context.
 * Return: true when it names @dev_dax.
 */
bool kds_dax_name_is(const struct kds_dev_dax *dev_dax, const char *buf,
		     size_t count)
{
	char tmp[KDS_DAX_NAME_LEN + 2];
	size_t len;

	if (!dev_dax || !buf)
		return false;
	len = strnlen(buf, min(count, sizeof(tmp)));
	if (len == sizeof(tmp))
		return false;
	memcpy(tmp, buf, len);
	tmp[len] = '\0';
	return sysfs_streq(tmp, dev_dax->name);
}

/*
 * Called by kds_dev_dax_init() for a device of a dynamic region: take id
 * *@id (-EEXIST when a device holds it), or the lowest free one when *@id
 * is negative, and join the region's device list.
 */
int kds_dev_dax_list(struct kds_dev_dax *dev_dax, struct kds_dax_region *region,
		     int *id)
{
	struct kds_dev_dax *pos;
	struct kds_list_head *at;
	int want = *id, next = 0, rc = 0;

	mutex_lock(&region->lock);
	at = &region->devs;
	list_for_each_entry(pos, &region->devs, node) {
		if (want >= 0) {
			if (pos->id == want) {
				rc = -EEXIST;
				break;
			}
			if (pos->id > want) {
				at = &pos->node;
				break;
			}
			continue;
		}
		/* the lowest free id: the first hole in the sorted list */
		if (pos->id != next) {
			at = &pos->node;
			break;
		}
		if (next == INT_MAX) {
			rc = -ENOSPC;
			break;
		}
		next++;
	}
	if (!rc) {
		if (want < 0)
			want = next;
		dev_dax->id = want;
		list_add_tail(&dev_dax->node, at);	/* before @at */
		dev_dax->listed = true;
		*id = want;
	}
	mutex_unlock(&region->lock);
	return rc;
}

/* Called by kds_dev_dax_release(): every byte and the id go back. */
void kds_dev_dax_unlist(struct kds_dev_dax *dev_dax,
			struct kds_dax_region *region)
{
	if (!kds_dax_region_is_dynamic(region))
		return;
	mutex_lock(&region->lock);
	dev_dax->bound = false;
	kds_dev_dax_shrink_locked(dev_dax, kds_dev_dax_size_locked(dev_dax));
	kds_dev_dax_unlist_locked(dev_dax);
	mutex_unlock(&region->lock);
}
