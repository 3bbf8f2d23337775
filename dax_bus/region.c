// SPDX-License-Identifier: GPL-2.0
/*
 * region.c - refcounted dax regions, dev_dax naming and lifecycle. Their
 * sysfs files are attrs.c's.
 */
#include "kds_port.h"
#include "kds/dax_bus.h"
#include "dax_bus/dax_internal.h"

/**
 * kds_dax_region_alloc() - create a region for a parent device.
 * @parent_data: the parent's private data as it is now (what
 *               dev_get_drvdata() returns for it); must be NULL. The glue
 *               stores the returned region there itself and clears it
 *               after kds_dax_region_unregister().
 * @region_id: region number, >= 0.
 * @start: physical start of the range.
 * @size: size of the range, > 0; its last byte, @start + @size - 1, is at
 *        most U64_MAX (a range may end exactly at 2^64).
 * @target_node: NUMA node for onlined memory, negative when unknown.
 * @align: mapping alignment, a power of two.
 * @flags: %KDS_DAX_REGION_DYNAMIC for a dynamic region (devices made by
 *         its create file and sized from its free space),
 *         %KDS_DAX_REGION_KMEM for one whose devices default to the kmem
 *         driver; other bits are kept in the region for the owner.
 *
 * The region starts with two references: one the caller drops with
 * kds_dax_region_put() when it is done creating devices, and one the
 * registration holds until kds_dax_region_unregister(). Each dev_dax
 * takes its own. The region is freed when the last one goes, in any order.
 *
 * Context: process context; may sleep to allocate. The glue serialises
 * calls for one parent (the driver core holds the parent's device lock).
 * Return: the region, or an ERR_PTR: -EBUSY when @parent_data is set,
 * -EINVAL when @start is not a multiple of @align, -ERANGE when @size is
 * not, -EDOM for arguments no region can have (negative @region_id,
 * @align zero or not a power of two, zero @size, a range past the end of
 * the address space), -ENOMEM on allocation failure.
 */
struct kds_dax_region *kds_dax_region_alloc(const void *parent_data,
					    int region_id,
					    u64 start, u64 size,
					    int target_node, unsigned int align,
					    unsigned long flags)
{
	struct kds_dax_region *region;
	u64 end;

	if (region_id < 0 || !is_power_of_2(align) || size == 0 ||
	    check_add_overflow(start, size - 1, &end))
		return ERR_PTR(-EDOM);
	if (parent_data) {
		pr_warn("kds dax: region %d: parent already carries private data\n",
			region_id);
		return ERR_PTR(-EBUSY);
	}
	if (!IS_ALIGNED(start, (u64)align))
		return ERR_PTR(-EINVAL);
	if (!IS_ALIGNED(size, (u64)align))
		return ERR_PTR(-ERANGE);

	region = kzalloc(sizeof(*region), GFP_KERNEL);
	if (!region)
		return ERR_PTR(-ENOMEM);
	region->id = region_id;
	region->target_node = target_node;
	region->align = align;
	region->flags = flags;
	region->start = start;
	region->size = size;
	region->registered = 1;
	mutex_init(&region->lock);
	INIT_LIST_HEAD(&region->devs);
	/* One reference for the caller, one for the registration. */
	kref_init(&region->kref);
	kref_get(&region->kref);
	return region;
}

static void kds_dax_region_free(struct kref *kref)
{
	struct kds_dax_region *region =
		container_of(kref, struct kds_dax_region, kref);

	/* every device holds a reference: none can hold a range any more */
	WARN_ON(region->nr_ext || !list_empty(&region->devs));
	kfree(region->ext);
	mutex_destroy(&region->lock);
	kfree(region);
}

/**
 * kds_dax_region_get() - take a reference on a region.
 * @region: a region the caller already holds a reference on.
 *
 * An increment from zero or past the maximum warns and saturates the
 * count (the region is then never freed) instead of wrapping.
 *
 * Context: any context.
 */
void kds_dax_region_get(struct kds_dax_region *region)
{
	if (region)
		kref_get(&region->kref);
}

/**
 * kds_dax_region_put() - drop a reference; the last one frees the region.
 * @region: the region.
 *
 * Context: any context that may free memory.
 */
void kds_dax_region_put(struct kds_dax_region *region)
{
	if (region)
		kref_put(&region->kref, kds_dax_region_free);
}

/**
 * kds_dax_region_unregister() - tear a region's registration down.
 * @region: the region.
 *
 * Hides the region's attributes and drops the registration reference;
 * the glue clears the parent's private data itself. Devices still holding the region
 * keep it alive. A second call is refused without touching the count.
 *
 * Context: process context.
 * Return: 0, or -EALREADY (with a warning) when already unregistered.
 */
int kds_dax_region_unregister(struct kds_dax_region *region)
{
	if (!region)
		return -EINVAL;
	if (WARN_ON(xchg(&region->registered, 0) == 0))
		return -EALREADY;
	kds_dax_region_put(region);
	return 0;
}

/**
 * kds_dax_region_is_registered() - whether the region is still registered.
 * @region: the region (the caller holds a reference).
 *
 * Context: any context.
 * Return: true until kds_dax_region_unregister().
 */
bool kds_dax_region_is_registered(const struct kds_dax_region *region)
{
	return kds_dax_region_live(region);
}

/**
 * kds_dev_dax_init() - set up the core part of a new dev_dax.
 * @dev_dax: zeroed storage, usually embedded in the glue's device.
 * @region: a registered region; the device takes a reference on it.
 * @id: device number, >= 0; on a dynamic region -1 takes the lowest
 *      number no device of the region holds (Linux's ida).
 * @subsys: bus or legacy class (a dynamic region's devices are on the
 *          bus).
 *
 * The device starts dead (no driver runs it) and is named
 * "dax<region>.<id>", with the region's target_node and align. On a
 * static region it spans the whole region; on a dynamic one it starts
 * with size 0 (kds_dev_dax_resize(), kds_dev_dax_add_range()).
 *
 * Context: process context.
 * Return: 0; -EINVAL for a negative @id (other than -1 on a dynamic
 * region), a bad @subsys, or the class on a dynamic region; -EEXIST when
 * a device of the dynamic region holds @id; -ENXIO when @region is no
 * longer registered. Nothing is taken on failure.
 */
int kds_dev_dax_init(struct kds_dev_dax *dev_dax, struct kds_dax_region *region,
		     int id, enum kds_dev_dax_subsys subsys)
{
	bool dynamic = kds_dax_region_is_dynamic(region);
	int len, rc;

	if (!dev_dax || !region || (id < 0 && !(dynamic && id == -1)) ||
	    (subsys != KDS_DEV_DAX_BUS && subsys != KDS_DEV_DAX_CLASS) ||
	    (dynamic && subsys != KDS_DEV_DAX_BUS))
		return -EINVAL;
	if (!kds_dax_region_is_registered(region))
		return -ENXIO;
	/* the longest name fits: formatting cannot fail for an id >= 0 */
	if (id >= 0) {
		len = kds_dax_format_name(dev_dax->name, sizeof(dev_dax->name),
					  region->id, id);
		if (len < 0)
			return len;
	}
	dev_dax->subsys = subsys;
	dev_dax->target_node = region->target_node;
	dev_dax->state = 0;
	dev_dax->private_data = NULL;
	dev_dax->align = region->align;
	dev_dax->bound = false;
	dev_dax->listed = false;
	INIT_LIST_HEAD(&dev_dax->node);
	if (dynamic) {
		dev_dax->ranges = NULL;
		dev_dax->nr_range = 0;
		rc = kds_dev_dax_list(dev_dax, region, &id);
		if (rc)
			return rc;
		kds_dax_format_name(dev_dax->name, sizeof(dev_dax->name),
				    region->id, id);
	} else {
		dev_dax->whole = (struct kds_dax_range){
			.start = region->start,
			.end = region->start + (region->size - 1),
			.pgoff = 0,
		};
		dev_dax->ranges = &dev_dax->whole;
		dev_dax->nr_range = 1;
	}
	dev_dax->id = id;
	kds_dax_region_get(region);
	dev_dax->region = region;
	return 0;
}

/**
 * kds_dev_dax_release() - the final release of a dev_dax.
 * @dev_dax: the device.
 *
 * Marks the device released and dead in one atomic step, so no probe can
 * run it any more (one racing this call either ran it before, and is
 * killed here, or fails with -ENXIO), then drops its region reference;
 * may free the region. A second release warns and does nothing.
 *
 * Context: process context.
 */
void kds_dev_dax_release(struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region;

	if (!dev_dax)
		return;
	kds_race_point();
	if (WARN_ON(xchg(&dev_dax->state, KDS_DEV_DAX_RELEASED) &
		    KDS_DEV_DAX_RELEASED))
		return;
	region = READ_ONCE(dev_dax->region);
	if (region)
		kds_dev_dax_unlist(dev_dax, region);
	WRITE_ONCE(dev_dax->region, NULL);
	if (region)
		kds_dax_region_put(region);
}

/**
 * kds_dev_dax_run() - mark a device live (driver probe).
 * @dev_dax: the device.
 *
 * One atomic transition from dead to alive; a device already alive stays
 * so, and a released device is never run again.
 *
 * Context: any context.
 */
void kds_dev_dax_run(struct kds_dev_dax *dev_dax)
{
	if (dev_dax)
		cmpxchg(&dev_dax->state, 0, KDS_DEV_DAX_ALIVE);
}

/**
 * kds_dev_dax_kill() - mark a device dead (driver remove).
 * @dev_dax: the device.
 *
 * One atomic transition from alive to dead. From here on
 * kds_dev_dax_get_private() returns NULL.
 *
 * Context: any context.
 */
void kds_dev_dax_kill(struct kds_dev_dax *dev_dax)
{
	if (dev_dax)
		cmpxchg(&dev_dax->state, KDS_DEV_DAX_ALIVE, 0);
}

/**
 * kds_dev_dax_is_alive() - whether a driver runs the device.
 * @dev_dax: the device.
 *
 * Context: any context.
 * Return: true between kds_dev_dax_run() and kds_dev_dax_kill().
 */
bool kds_dev_dax_is_alive(const struct kds_dev_dax *dev_dax)
{
	return dev_dax &&
	       (smp_load_acquire(&dev_dax->state) & KDS_DEV_DAX_ALIVE);
}

/**
 * kds_dev_dax_set_private() - attach the glue's device object.
 * @dev_dax: the device.
 * @data: the data: the glue's object embedding @dev_dax.
 *
 * As alloc_dax(private, ...) in Linux: set once when the glue creates the
 * device (right after kds_dev_dax_init()), never by a driver. It is
 * reachable through kds_dev_dax_get_private() only while a driver runs the
 * device.
 *
 * Context: device creation, before the device is offered to drivers.
 */
void kds_dev_dax_set_private(struct kds_dev_dax *dev_dax, void *data)
{
	if (dev_dax)
		WRITE_ONCE(dev_dax->private_data, data);
}

/**
 * kds_dev_dax_get_private() - the driver data of a live device.
 * @dev_dax: the device.
 *
 * Context: any context.
 * Return: the data set by kds_dev_dax_set_private(), or NULL while the
 * device is dead.
 */
void *kds_dev_dax_get_private(const struct kds_dev_dax *dev_dax)
{
	if (!kds_dev_dax_is_alive(dev_dax))
		return NULL;
	return READ_ONCE(dev_dax->private_data);
}

/**
 * kds_dev_dax_size() - size of a device.
 * @dev_dax: the device.
 *
 * Context: process context (takes the region's lock on a dynamic region).
 * Return: the sum of its ranges: the region size on a static region, 0
 * for a new device of a dynamic one and after release.
 */
u64 kds_dev_dax_size(const struct kds_dev_dax *dev_dax)
{
	struct kds_dax_region *region = dev_dax ? READ_ONCE(dev_dax->region) : NULL;
	unsigned int i;
	u64 size = 0;

	if (!region)
		return 0;
	if (!kds_dax_region_is_dynamic(region))
		return region->size;
	mutex_lock(&region->lock);
	for (i = 0; i < dev_dax->nr_range; i++)
		size += dev_dax->ranges[i].end - dev_dax->ranges[i].start + 1;
	mutex_unlock(&region->lock);
	return size;
}

/**
 * kds_dev_dax_uevent() - the uevent variables of a device.
 * @dev_dax: the device.
 * @buf: destination for "MODALIAS=dax:t0" (NUL terminated).
 * @size: size of @buf.
 *
 * Context: any context.
 * Return: the length written, or -ENOMEM when @buf is too small (as
 * add_uevent_var() reports a full environment).
 */
int kds_dev_dax_uevent(const struct kds_dev_dax *dev_dax, char *buf,
		       size_t size)
{
	static const char var[] = "MODALIAS=" KDS_DAX_MODALIAS;

	if (!dev_dax || !buf)
		return -EINVAL;
	if (size < sizeof(var))
		return -ENOMEM;
	memcpy(buf, var, sizeof(var));
	return (int)sizeof(var) - 1;
}

/**
 * kds_dax_device_dax_probe() - the device_dax driver's probe decision.
 * @dev_dax: the device being bound.
 *
 * Runs the device (run_dax() in Linux 5.1 and 6.1): from here its private
 * data is reachable. Only the device_dax driver (and the legacy class
 * compat path) runs a device; kmem binds it without running it.
 *
 * Context: process context.
 * Return: 0; -EINVAL for a NULL device, -ENXIO after release, -EBUSY when
 * the device already runs (a second probe without a remove).
 */
int kds_dax_device_dax_probe(struct kds_dev_dax *dev_dax)
{
	int old;

	if (!dev_dax)
		return -EINVAL;
	if (!READ_ONCE(dev_dax->region))
		return -ENXIO;	/* released, or never initialised */
	/* The check and the run are one step: dead -> alive, or nothing. */
	kds_race_point();
	old = cmpxchg(&dev_dax->state, 0, KDS_DEV_DAX_ALIVE);
	if (old & KDS_DEV_DAX_RELEASED)
		return -ENXIO;
	if (old & KDS_DEV_DAX_ALIVE)
		return -EBUSY;
	return 0;
}

/**
 * kds_dax_device_dax_remove() - the device_dax driver's remove.
 * @dev_dax: the device being unbound.
 *
 * Kills the device (the devm kill_dax() action of Linux's probe): its
 * private data is unreachable from here on.
 *
 * Context: process context.
 * Return: 0; -EINVAL for a NULL device, -EALREADY when the device was not
 * running (a remove without a probe, or a second remove).
 */
int kds_dax_device_dax_remove(struct kds_dev_dax *dev_dax)
{
	if (!dev_dax)
		return -EINVAL;
	/* alive -> dead in one step: of two removes, one succeeds. */
	kds_race_point();
	if (cmpxchg(&dev_dax->state, KDS_DEV_DAX_ALIVE, 0) != KDS_DEV_DAX_ALIVE)
		return -EALREADY;
	return 0;
}
