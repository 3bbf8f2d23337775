// SPDX-License-Identifier: GPL-2.0
/*
 * regions.c - the regions of kds.ko's dax bus: each a parent device
 * kds_dax_region<id> around a core region, with its dev_dax devices
 * (glue.c's), its dax_region files, the create and delete files of a
 * dynamic region, and the bus's create_region and delete_region files
 * that make and remove them; and the order the whole comes up and goes
 * down in (kds_dax_glue_init(), kds_dax_glue_exit()). This file uses
 * glue.c's bus; glue.c knows nothing of regions but their struct.
 * Every rule is the shared core's (dax_bus/); this file does the driver
 * model's part, under kds_dax_glue_lock (the list of regions) and each
 * region's own lock (its devices). A region's deletion runs outside
 * kds_dax_glue_lock, so that the pin wait of its devices holds up no
 * other region's create or delete.
 */
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wait.h>

#include "kds_port.h"
#include "kds_api_forms.h"
#include "kds/dax_bus.h"
#include "kds_dax_dev.h"
#include "kds_dax_glue.h"
#include "kds_dax_bus_glue.h"

static DEFINE_MUTEX(kds_dax_glue_lock);	/* regions, open */
static LIST_HEAD(kds_dax_glue_regions);
/*
 * Whether create_region may add a region: set only once the bus and its
 * drivers are registered (kds_dax_glue_regions_open()), cleared first
 * thing at exit. The bus's files exist from bus_register() on, before the
 * drivers; a region created before the bring-up has succeeded would
 * outlive a failed load.
 */
static bool kds_dax_glue_open;

/* ---------------------------------------------------------- regions */

static void kds_dax_glue_dev_release(struct device *dev)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);

	kds_dax_chardev_release(gdev);
	kds_dev_dax_release(&gdev->core);
	kfree(gdev);
}

/*
 * Remove a dev_dax added by kds_dax_glue_dev_create() (its mapping<N>
 * objects already removed, under the region's lock), give its bytes back
 * to the region and drop it. Never under the region's lock: removing the
 * device waits for its files' stores, which take that lock.
 */
static void kds_dax_glue_dev_unregister(struct kds_dax_glue_dev *gdev)
{
	struct kds_dax_glue_region *rg =
		container_of(gdev->dev.parent, struct kds_dax_glue_region, dev);

	lockdep_assert_not_held(&rg->lock);
	kds_dax_chardev_del(gdev);	/* unbinds the driver */
	WARN_ON(kds_dev_dax_free_ranges(&gdev->core));
	put_device(&gdev->dev);
}

static void kds_dax_glue_region_release(struct device *dev)
{
	struct kds_dax_glue_region *rg =
		container_of(dev, struct kds_dax_glue_region, dev);

	mutex_destroy(&rg->lock);
	kfree(rg);
}

static struct kds_dax_glue_region *kds_dax_glue_find(int id)
{
	struct kds_dax_glue_region *rg;

	lockdep_assert_held(&kds_dax_glue_lock);
	list_for_each_entry(rg, &kds_dax_glue_regions, node)
		if (rg->id == id)
			return rg;
	return NULL;
}

/*
 * The compat path's probe of a class device: run it from creation on; a
 * range it cannot pin stays closed (the device runs, unmappable).
 */
static void kds_dax_glue_class_probe(struct kds_dax_glue_dev *gdev)
{
	if (WARN_ON(kds_dev_dax_bind_start(&gdev->core)))
		return;
	if (kds_dax_glue_device_dax_probe(gdev))
		WARN_ON(kds_dax_device_dax_probe(&gdev->core));
	kds_dev_dax_bind_finish(&gdev->core, 0);
}

static void kds_dax_glue_class_remove(struct kds_dax_glue_dev *gdev)
{
	kds_dax_glue_device_dax_remove(gdev);
	kds_dev_dax_unbind(&gdev->core);
}

/*
 * Create dev_dax @id of @rg (-1: the lowest free number, dynamic regions),
 * register it with its character device and mapping<N> objects, and offer
 * it to the drivers (a class device: run it). On a static region it spans
 * the region; on a dynamic one it spans the region when @whole (the
 * region's first device, as dax_hmem makes it) and is empty otherwise (a
 * seed, from the create file). Called with @rg->lock held. A device that
 * was registered and then failed (its mapping<N> objects) is returned in
 * *@undo, for the caller to unregister once it has dropped @rg->lock:
 * removing the device waits for its files' stores, which take that lock.
 */
static int kds_dax_glue_dev_create(struct kds_dax_glue_region *rg, int id,
				   enum kds_dev_dax_subsys subsys, bool whole,
				   struct kds_dax_glue_dev **out,
				   struct kds_dax_glue_dev **undo)
{
	struct kds_dax_region *core = rg->core;
	struct kds_dax_glue_dev *gdev;
	int rc;

	lockdep_assert_held(&rg->lock);
	gdev = kzalloc(sizeof(*gdev), GFP_KERNEL);
	if (!gdev)
		return -ENOMEM;
	device_initialize(&gdev->dev);
	gdev->dev.release = kds_dax_glue_dev_release;
	gdev->backed = rg->backed;
	INIT_LIST_HEAD(&gdev->node);
	rc = kds_dev_dax_init(&gdev->core, core, id, subsys);
	if (!rc && whole && kds_dax_region_is_dynamic(core))
		rc = kds_dev_dax_add_range(&gdev->core, core->start, core->size);
	if (rc) {
		put_device(&gdev->dev);	/* release gives the id and bytes back */
		return rc;
	}
	/* The bus sets private data at creation, as alloc_dax() does. */
	kds_dev_dax_set_private(&gdev->core, gdev);
	gdev->dev.parent = &rg->dev;
	if (subsys == KDS_DEV_DAX_CLASS)
		gdev->dev.class = kds_dax_glue_class;
	else
		gdev->dev.bus = &kds_dax_glue_bus_type;
	gdev->dev.groups = kds_dax_glue_dev_groups;
	rc = dev_set_name(&gdev->dev, "%s", gdev->core.name);
	if (!rc)
		rc = kds_dax_chardev_add(gdev);
	if (rc) {
		put_device(&gdev->dev);	/* release drops the region reference */
		return rc;
	}
	rc = kds_dax_mappings_sync(gdev);
	if (rc) {
		kds_dax_mappings_clear(gdev);
		*undo = gdev;
		return rc;
	}
	list_add_tail(&gdev->node, &rg->devs);
	if (subsys == KDS_DEV_DAX_CLASS)
		kds_dax_glue_class_probe(gdev);
	else
		kds_dax_glue_offer(gdev);
	if (out)
		*out = gdev;
	return 0;
}

/*
 * A region's create and delete files (dynamic regions). create: the
 * core's rules (kds_dax_region_may_create()), then a new empty device,
 * the region's seed if it has none. delete: the device named (as the
 * driver core's device_find_child_by_name() reads it: sysfs_streq()),
 * if the core lets it go (kds_dev_dax_delete()), removed after the lock
 * is dropped.
 */
static ssize_t kds_dax_glue_region_store(struct device *dev,
					 struct device_attribute *attr,
					 const char *buf, size_t count)
{
	struct kds_dax_glue_region *rg =
		container_of(dev, struct kds_dax_glue_region, dev);
	struct kds_dax_glue_dev *gdev, *victim = NULL;
	ssize_t rc;
	int err;

	if (!kds_dax_region_is_dynamic(rg->core))
		return -EINVAL;
	mutex_lock(&rg->lock);
	if (rg->dying) {
		rc = -ENXIO;
	} else if (!strcmp(attr->attr.name, "create")) {
		rc = kds_dax_region_may_create(rg->core, buf, count);
		if (!rc) {
			err = kds_dax_glue_dev_create(rg, -1, KDS_DEV_DAX_BUS,
						      false, &gdev, &victim);
			if (!err)
				kds_dev_dax_created(&gdev->core);
			rc = err;
		}
	} else {
		rc = -ENXIO;
		list_for_each_entry(gdev, &rg->devs, node) {
			if (!kds_dax_name_is(&gdev->core, buf, count))
				continue;
			rc = kds_dev_dax_delete(&gdev->core);
			if (!rc) {
				list_del_init(&gdev->node);
				kds_dax_mappings_clear(gdev);
				victim = gdev;
			}
			break;
		}
	}
	mutex_unlock(&rg->lock);
	if (victim)
		kds_dax_glue_dev_unregister(victim);
	return rc ? rc : (ssize_t)count;
}

/*
 * Take a region down: its dev_dax devices, its files, its registration.
 * The caller unlinks it and drops the parent's last reference.
 */
static void kds_dax_glue_region_destroy(struct kds_dax_glue_region *rg)
{
	struct kds_dax_glue_dev *gdev, *next;
	LIST_HEAD(gone);

	mutex_lock(&rg->lock);
	rg->dying = true;
	list_splice_init(&rg->devs, &gone);
	list_for_each_entry(gdev, &gone, node)
		kds_dax_mappings_clear(gdev);
	mutex_unlock(&rg->lock);
	/* the youngest first, as Linux's devm actions unwind */
	list_for_each_entry_safe_reverse(gdev, next, &gone, node) {
		list_del_init(&gdev->node);
		/* A class device runs from creation on; no driver stops it. */
		if (gdev->core.subsys == KDS_DEV_DAX_CLASS)
			kds_dax_glue_class_remove(gdev);
		kds_dax_glue_dev_unregister(gdev);
	}
	device_del(&rg->dev);
	kds_dax_region_unregister(rg->core);
	kds_dax_memory_release(rg->hold);
	rg->hold = NULL;
	rg->core = NULL;	/* the parent carries no region any more */
}

/* ---------------------------------------------------- region files */

static ssize_t kds_dax_glue_region_show(struct device *dev,
					struct device_attribute *attr, char *buf)
{
	struct kds_dax_glue_region *rg =
		container_of(dev, struct kds_dax_glue_region, dev);

	return kds_dax_region_attr_show(rg->core, attr->attr.name, buf);
}

static struct device_attribute kds_dax_glue_region_dattrs[KDS_DAX_GLUE_MAX_ATTRS];
static struct attribute *kds_dax_glue_region_attrs[KDS_DAX_GLUE_MAX_ATTRS + 1];

static umode_t kds_dax_glue_region_visible(struct kobject *kobj,
					   struct attribute *a, int n)
{
	struct kds_dax_glue_region *rg =
		container_of(kobj_to_dev(kobj), struct kds_dax_glue_region, dev);

	return rg->core ? kds_dax_region_attr_visible(rg->core, n) : 0;
}

static const struct attribute_group kds_dax_glue_region_group = {
	.name = "dax_region",
	.attrs = kds_dax_glue_region_attrs,
	.is_visible = kds_dax_glue_region_visible,
};

static const struct attribute_group *kds_dax_glue_region_groups[] = {
	&kds_dax_glue_region_group,
	NULL,
};

/*
 * Turn the core's region attribute table into device_attributes: the
 * writable ones (create, delete) make and remove devices, this file's.
 */
static int kds_dax_glue_region_fill_attrs(void)
{
	unsigned int i;

	if (kds_dax_region_nr_attrs > KDS_DAX_GLUE_MAX_ATTRS)
		return -E2BIG;
	for (i = 0; i < kds_dax_region_nr_attrs; i++) {
		struct device_attribute *da = &kds_dax_glue_region_dattrs[i];

		sysfs_attr_init(&da->attr);
		da->attr.name = kds_dax_region_attrs[i].name;
		da->attr.mode = kds_dax_region_attrs[i].mode;
		da->show = kds_dax_region_attrs[i].show ? kds_dax_glue_region_show : NULL;
		if (da->attr.mode & 0200)
			da->store = kds_dax_glue_region_store;
		kds_dax_glue_region_attrs[i] = &da->attr;
	}
	return 0;
}

/*
 * Create region @id over [@start, @start + @size) and its first dev_dax
 * dax<id>.0 spanning it: on the bus, offered to the drivers once
 * registered (the default driver binds it); or, for %KDS_DEV_DAX_CLASS,
 * in the compatibility class, run at once (the compat path's probe). A
 * dynamic region (@flags %KDS_DAX_REGION_DYNAMIC: Linux 5.10+, dax_hmem's
 * kind) can then be resized and carved into more devices through its
 * files; the devices of a %KDS_DAX_REGION_KMEM one default to kds_kmem.
 */
static int kds_dax_glue_region_create(int id, u64 start, u64 size,
				      unsigned int align, int target_node,
				      enum kds_dev_dax_subsys subsys,
				      unsigned long flags)
{
	bool dynamic = flags & KDS_DAX_REGION_DYNAMIC;
	struct kds_dax_glue_dev *undo = NULL;
	struct kds_dax_glue_region *rg;
	struct kds_dax_region *core;
	int rc;

	/*
	 * Refused early, before any memory is touched: an align device_dax
	 * cannot map with, and a range memremap_pages() cannot take whole
	 * (off kds_map_min_size(), the subsection: __add_pages() would WARN
	 * at bind, a panic under panic_on_warn).
	 */
	if (!kds_dax_align_valid(align) ||
	    !IS_ALIGNED(start, (u64)kds_map_min_size()) ||
	    !IS_ALIGNED(size, (u64)kds_map_min_size()))
		return -EINVAL;

	rg = kzalloc(sizeof(*rg), GFP_KERNEL);
	if (!rg)
		return -ENOMEM;
	device_initialize(&rg->dev);
	rg->id = id;
	rg->dev.release = kds_dax_glue_region_release;
	rg->dev.groups = kds_dax_glue_region_groups;
	mutex_init(&rg->lock);
	INIT_LIST_HEAD(&rg->devs);

	/* what this kernel offers of memmap-on-memory hot-add */
	flags |= kds_dax_memmap_region_flags();
	core = kds_dax_region_alloc(rg->core, id, start, size, target_node,
				    align, flags);
	if (IS_ERR(core)) {
		put_device(&rg->dev);
		return PTR_ERR(core);
	}
	rg->core = core;
	/* After the core's checks, so a misaligned range stays -EINVAL. */
	rc = kds_dax_memory_hold(id, start, size, &rg->backed, &rg->hold);
	if (rc)
		goto err_region;
	rc = dev_set_name(&rg->dev, "kds_dax_region%d", id);
	if (!rc)
		rc = device_add(&rg->dev);
	if (rc)
		goto err_region;

	mutex_lock(&rg->lock);
	rc = kds_dax_glue_dev_create(rg, dynamic ? -1 : 0, subsys, true, NULL,
				     &undo);
	mutex_unlock(&rg->lock);
	if (undo)
		kds_dax_glue_dev_unregister(undo);
	if (rc)
		goto err_del;
	/* The creator's reference: the registration and the device hold it. */
	kds_dax_region_put(core);
	list_add_tail(&rg->node, &kds_dax_glue_regions);
	return 0;

err_del:
	device_del(&rg->dev);
err_region:
	kds_dax_region_put(core);
	kds_dax_region_unregister(core);
	kds_dax_memory_release(rg->hold);
	rg->hold = NULL;
	rg->core = NULL;
	put_device(&rg->dev);
	return rc;
}

/*
 * Split "a b c ..." into at most @max words of @tmp; returns the number of
 * words or -EINVAL. The text is printable ASCII words separated by single
 * spaces, optionally followed by one newline. Refused: a newline anywhere
 * else (inside the line, or a second one at the end: the number parsers
 * would take "7\n" as 7), any other control byte (NUL, tab, ...),
 * non-ASCII bytes, a '+' sign (the number parsers would take "+7" as 7),
 * an empty word (leading, trailing or double spaces), more than @max words.
 */
static int kds_dax_glue_words(char *tmp, size_t size, const char *buf,
			      size_t count, char **words, int max)
{
	char *p = tmp, *w;
	size_t i;
	int n = 0;

	if (count == 0 || count >= size)
		return -EINVAL;
	memcpy(tmp, buf, count);
	tmp[count] = '\0';
	if (tmp[count - 1] == '\n')
		tmp[--count] = '\0';
	for (i = 0; i < count; i++)
		if (tmp[i] < ' ' || tmp[i] > '~' || tmp[i] == '+')
			return -EINVAL;
	while ((w = strsep(&p, " ")) != NULL) {
		if (!*w || n == max)
			return -EINVAL;
		words[n++] = w;
	}
	return n;
}

static ssize_t create_region_store(kds_bus_attr_const struct bus_type *bus, const char *buf,
				   size_t count)
{
	enum kds_dev_dax_subsys subsys = KDS_DEV_DAX_BUS;
	char tmp[128], *w[7];
	unsigned long long start, size;
	unsigned int align;
	unsigned long flags = 0;
	int id, node, n, i, rc;

	n = kds_dax_glue_words(tmp, sizeof(tmp), buf, count, w, 7);
	if (n < 5 ||
	    kstrtoint(w[0], 10, &id) || id < 0 ||
	    kstrtoull(w[1], 0, &start) || kstrtoull(w[2], 0, &size) ||
	    kstrtouint(w[3], 0, &align) || kstrtoint(w[4], 10, &node))
		return -EINVAL;
	/* The kind words, each at most once: class, or dynamic and/or kmem. */
	for (i = 5; i < n; i++) {
		if (!strcmp(w[i], "dynamic") && !(flags & KDS_DAX_REGION_DYNAMIC))
			flags |= KDS_DAX_REGION_DYNAMIC;
		else if (!strcmp(w[i], "kmem") && !(flags & KDS_DAX_REGION_KMEM))
			flags |= KDS_DAX_REGION_KMEM;
		else if (!strcmp(w[i], "class") && n == 6)
			subsys = KDS_DEV_DAX_CLASS;
		else
			return -EINVAL;
	}
	/* no /sys/class/dax of kds's beside a kernel that has its own */
	if (subsys == KDS_DEV_DAX_CLASS && !kds_dax_glue_class)
		return -EOPNOTSUPP;
	mutex_lock(&kds_dax_glue_lock);
	if (!kds_dax_glue_open)
		rc = -ENODEV;
	else if (kds_dax_glue_find(id))
		rc = -EEXIST;
	else
		rc = kds_dax_glue_region_create(id, start, size, align, node,
						subsys, flags);
	mutex_unlock(&kds_dax_glue_lock);
	return rc ? rc : (ssize_t)count;
}

/*
 * Regions a delete_region write is taking down outside kds_dax_glue_lock
 * (the pin wait of its devices can last kds.dax_pin_wait_ms each, and
 * must not hold up every other region's create and delete); guarded by
 * that lock, waited for by kds_dax_glue_regions_down().
 */
static unsigned int kds_dax_glue_deleting;
static DECLARE_WAIT_QUEUE_HEAD(kds_dax_glue_deleted);

static ssize_t delete_region_store(kds_bus_attr_const struct bus_type *bus, const char *buf,
				   size_t count)
{
	struct kds_dax_glue_region *rg;
	char tmp[32], *w[1];
	int id;

	if (kds_dax_glue_words(tmp, sizeof(tmp), buf, count, w, 1) != 1 ||
	    kstrtoint(w[0], 10, &id))
		return -EINVAL;
	mutex_lock(&kds_dax_glue_lock);
	rg = kds_dax_glue_find(id);
	if (!rg || rg->deleting) {
		mutex_unlock(&kds_dax_glue_lock);
		/* a second delete while the first one waits: not yet gone */
		return rg ? -EBUSY : -ENOENT;
	}
	rg->deleting = true;
	WRITE_ONCE(kds_dax_glue_deleting, kds_dax_glue_deleting + 1);
	mutex_unlock(&kds_dax_glue_lock);

	kds_dax_glue_region_destroy(rg);

	mutex_lock(&kds_dax_glue_lock);
	list_del(&rg->node);
	WRITE_ONCE(kds_dax_glue_deleting, kds_dax_glue_deleting - 1);
	mutex_unlock(&kds_dax_glue_lock);
	wake_up_all(&kds_dax_glue_deleted);
	put_device(&rg->dev);
	return count;
}

/*
 * Close create_region and take every region down (exit, failed init),
 * after any delete_region write under way has finished its own.
 */
static void kds_dax_glue_regions_down(void)
{
	struct kds_dax_glue_region *rg, *next;

	mutex_lock(&kds_dax_glue_lock);
	kds_dax_glue_open = false;
	list_for_each_entry_safe(rg, next, &kds_dax_glue_regions, node) {
		if (rg->deleting)
			continue;
		list_del(&rg->node);
		kds_dax_glue_region_destroy(rg);
		put_device(&rg->dev);
	}
	mutex_unlock(&kds_dax_glue_lock);
	wait_event(kds_dax_glue_deleted, !READ_ONCE(kds_dax_glue_deleting));
}

static ssize_t create_region_store(kds_bus_attr_const struct bus_type *bus, const char *buf,
				   size_t count);
static ssize_t delete_region_store(kds_bus_attr_const struct bus_type *bus, const char *buf,
				   size_t count);
static BUS_ATTR_WO(create_region);
static BUS_ATTR_WO(delete_region);

static struct attribute *kds_dax_glue_bus_attrs[] = {
	&bus_attr_create_region.attr,
	&bus_attr_delete_region.attr,
	NULL,
};

static const struct attribute_group kds_dax_glue_bus_group = {
	.attrs = kds_dax_glue_bus_attrs,
};

static const struct attribute_group *kds_dax_glue_bus_groups[] = {
	&kds_dax_glue_bus_group,
	NULL,
};

/* ------------------------------------------------- bring-up, down */

int kds_dax_glue_init(void)
{
	int rc = kds_dax_glue_region_fill_attrs();

	if (rc)
		return rc;
	/* create_region refuses (-ENODEV) until the bus is up: no region
	 * can outlive a failed bring-up. */
	rc = kds_dax_glue_bus_up(kds_dax_glue_bus_groups);
	if (rc)
		return rc;
	mutex_lock(&kds_dax_glue_lock);
	kds_dax_glue_open = true;
	mutex_unlock(&kds_dax_glue_lock);
	return 0;
}

void kds_dax_glue_exit(void)
{
	/* No region can be created from here on. */
	kds_dax_glue_regions_down();
	kds_dax_glue_bus_down();
}
