// SPDX-License-Identifier: GPL-2.0
/*
 * glue.c - the kds dax bus as a real sysfs bus in kds.ko.
 *
 * /sys/bus/kds_dax carries:
 *   - devices dax<region>.<n> (n = 0 on a static region; on a dynamic
 *     one, any number made through the region's create file, each with
 *     writable size, align and mapping and one mapping<N>/ per range,
 *     mappings.c), children of a
 *     parent device kds_dax_region<region> (/sys/devices/kds_dax_region<r>)
 *     whose "dax_region" attribute group shows the region's id, size,
 *     align (and target_node when known): the layout Linux 5.1 gives a
 *     dax region's parent;
 *   - the default driver kds_device_dax (match_always) and the kmem-style
 *     driver kds_kmem, which matches nothing until new_id names a device;
 *     both have new_id / remove_id (the core's stores) and the driver
 *     core's bind / unbind;
 *   - bus attributes create_region ("id start size align target_node",
 *     optionally a sixth word "class" or "dynamic") and delete_region
 *     ("id"), so tests can add and remove regions.
 *
 * Loaded with kds.dax_bus_name=dax, the same bus takes the system's names
 * (kds_dax_names_system: /sys/bus/dax, drivers device_dax and kmem) so
 * that the real daxctl drives it. The name must be free: when a "dax" bus
 * is already registered (the kernel's, built in or dax.ko), the load fails
 * with one message before anything is registered.
 *
 * Under either name, a region created with the word "class" puts its
 * device in the 5.1 compatibility class /sys/class/dax instead of on the
 * bus, run from creation on. Linux 6.1 has no such class, so beside the
 * kernel's own bus this is how a kds device is one that device-dax
 * applications (fio, PMDK: a char device whose subsystem is named "dax")
 * take for one; daxctl lists it but will not reconfigure it.
 *
 * Under either name every device has a device number and a character
 * device /dev/dax<region>.<n> (devtmpfs makes the node), which device_dax
 * maps (chardev.c). What lies under a region's range, the region's hold on
 * it and what kds_kmem does with it are memory.c's.
 *
 * Every decision goes through the shared core (dax_bus/): the match rule,
 * each driver's probe and remove (device_dax runs the device, kmem hot-plugs
 * it without running it), the attribute tables, their lookup by name and
 * visibility, the uevent text, the kmem range and the claim list.
 */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/ioport.h>
#include <linux/memory.h>
#include <linux/memory_hotplug.h>
#include <linux/mm.h>
#include <linux/nodemask.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>

#include "kds_port.h"
#include "kds_kcompat.h"
#include "kds/dax_bus.h"
#include "kds_dax_dev.h"
#include "kds_dax_glue.h"

struct kds_dax_glue_dev;

/**
 * struct kds_dax_glue_driver - a driver-model driver around a core driver.
 * @drv: the driver-model side (name, bus, sysfs directory).
 * @core: the kds core side (match_always flag, id list).
 * @probe: bind a device: a call into the core's probe for this driver.
 * @remove: unbind it: a call into the core's remove.
 */
struct kds_dax_glue_driver {
	struct device_driver drv;
	struct kds_dax_driver core;
	int (*probe)(struct kds_dax_glue_dev *gdev);
	void (*remove)(struct kds_dax_glue_dev *gdev);
};


/**
 * struct kds_dax_glue_region - a region and its parent device.
 * @dev: the parent device kds_dax_region<id>.
 * @core: the core region this parent carries (NULL before it is allocated
 *        and once unregistered): the glue's own slot, as the parent's
 *        drvdata is in Linux.
 * @lock: serialises the region's create and delete files, the size,
 *        align and mapping stores of its devices and their mapping<N>
 *        objects, and guards @devs and @dying. Never held across the
 *        removal of a device or of this parent (their files' stores take
 *        it).
 * @devs: its dev_dax devices (&kds_dax_glue_dev.node): one on a static
 *        region, any number on a dynamic one.
 * @dying: set when deletion of the region starts: no store changes it any
 *         more.
 * @backed: the range is reserved memory (memory.c), for every device.
 * @hold: the region's hold on its range (memory.c), from creation to
 *        deletion.
 * @node: link on kds_dax_glue_regions.
 */
struct kds_dax_glue_region {
	struct device dev;
	struct kds_dax_region *core;
	struct mutex lock;
	struct list_head devs;
	bool dying;
	bool backed;
	struct kds_dax_memory_hold *hold;
	struct list_head node;
};

static struct kds_dax_bus kds_dax_glue_core_bus;
static DEFINE_MUTEX(kds_dax_glue_lock);	/* regions, open */
static LIST_HEAD(kds_dax_glue_regions);
/*
 * Whether create_region may add a region: set only once init has
 * registered everything, cleared first thing at exit. The bus's files
 * exist from bus_register() on, before the drivers; a region created
 * before init has succeeded would outlive a failed load.
 */
static bool kds_dax_glue_open;
/* kds.dax_fail_driver=N: fail the Nth driver registration (tests). */
static unsigned int kds_dax_glue_fail_driver;
module_param_named(dax_fail_driver, kds_dax_glue_fail_driver, uint, 0);
MODULE_PARM_DESC(dax_fail_driver,
		 "test only: make the Nth kds_dax driver registration fail, so a failed load can be tested (0: never)");

/*
 * kds.dax_bus_name: "kds_dax" (default, beside the kernel's own dax bus) or
 * "dax" (kds is the system's dax bus); read once, at load.
 */
static char *kds_dax_glue_bus_name = "kds_dax";
module_param_named(dax_bus_name, kds_dax_glue_bus_name, charp, 0444);
MODULE_PARM_DESC(dax_bus_name,
		 "kds_dax (default: a bus beside the kernel's dax bus) or dax (kds is the system's dax bus, for daxctl; the name must be free)");
/* The names in use, set at init from kds.dax_bus_name. */
static const struct kds_dax_bus_names *kds_dax_glue_names;

/*
 * The 5.1 compatibility class /sys/class/dax, under either bus name: a
 * region created with the word "class" carries its device there instead
 * of on the bus, as dax_pmem_compat did; no driver matches it and it runs
 * from creation to deletion. NULL where the kernel may have a "dax" class
 * of its own (DEV_DAX_PMEM_COMPAT, which created one) and kds is not the
 * system's bus.
 */
static struct class *kds_dax_glue_class;

/* Const in, not const out: the bus callbacks of later kernels take const. */
static struct kds_dax_glue_driver *kds_dax_glue_drv(const struct device_driver *drv)
{
	return container_of(drv, struct kds_dax_glue_driver, drv);
}

static struct kds_dax_glue_dev *kds_dax_glue_dev(const struct device *dev)
{
	return container_of(dev, struct kds_dax_glue_dev, dev);
}

/* ------------------------------------------------------------ drivers */

static ssize_t new_id_store(struct device_driver *drv, const char *buf,
			    size_t count)
{
	ssize_t rc = kds_dax_new_id_store(&kds_dax_glue_drv(drv)->core, buf, count);
	int err;

	if (rc < 0)
		return rc;
	/* 5.1: attach to any matching unbound device after new_id. */
	err = driver_attach(drv);
	return err ? err : rc;
}
static DRIVER_ATTR_WO(new_id);

static ssize_t remove_id_store(struct device_driver *drv, const char *buf,
			       size_t count)
{
	return kds_dax_remove_id_store(&kds_dax_glue_drv(drv)->core, buf, count);
}
static DRIVER_ATTR_WO(remove_id);

static struct attribute *kds_dax_glue_drv_attrs[] = {
	&driver_attr_new_id.attr,
	&driver_attr_remove_id.attr,
	NULL,
};
ATTRIBUTE_GROUPS(kds_dax_glue_drv);

/* ------------------------------------------------------ dev_dax files */

static ssize_t kds_dax_glue_dev_show(struct device *dev,
				     struct device_attribute *attr, char *buf)
{
	return kds_dev_dax_attr_show(&kds_dax_glue_dev(dev)->core, attr->attr.name,
				     buf);
}

static struct kds_dax_glue_region *kds_dax_glue_region_of(struct kds_dax_glue_dev *gdev)
{
	return container_of(gdev->dev.parent, struct kds_dax_glue_region, dev);
}

/*
 * size, align, mapping of a dynamic region's device: the core's store,
 * then one mapping<N> object per range. An object that cannot be added
 * takes the growth back, so the device never has a range without one.
 */
static ssize_t kds_dax_glue_dev_store(struct device *dev,
				      struct device_attribute *attr,
				      const char *buf, size_t count)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);
	struct kds_dax_glue_region *rg = kds_dax_glue_region_of(gdev);
	u64 before;
	ssize_t rc;
	int err;

	mutex_lock(&rg->lock);
	if (rg->dying) {
		rc = -ENXIO;
		goto out;
	}
	before = kds_dev_dax_size(&gdev->core);
	rc = kds_dev_dax_attr_store(&gdev->core, attr->attr.name, buf, count);
	if (rc < 0)
		goto out;
	err = kds_dax_mappings_sync(gdev);
	if (err) {
		WARN_ON(kds_dev_dax_resize(&gdev->core, before));
		WARN_ON(kds_dax_mappings_sync(gdev));
		rc = err;
	}
out:
	mutex_unlock(&rg->lock);
	return rc;
}

/*
 * One device_attribute per entry of kds_dev_dax_attrs, in the table's
 * order; the names, modes and which are writable come from the table at
 * init (kds_dax_glue_fill_attrs()).
 */
#define KDS_DAX_GLUE_MAX_ATTRS	8
static struct device_attribute kds_dax_glue_dev_dattrs[KDS_DAX_GLUE_MAX_ATTRS];
static struct attribute *kds_dax_glue_dev_attrs[KDS_DAX_GLUE_MAX_ATTRS + 1];

static umode_t kds_dax_glue_dev_visible(struct kobject *kobj,
					struct attribute *a, int n)
{
	struct device *dev = kobj_to_dev(kobj);

	return kds_dev_dax_attr_visible(&kds_dax_glue_dev(dev)->core, n);
}

static const struct attribute_group kds_dax_glue_dev_group = {
	.attrs = kds_dax_glue_dev_attrs,
	.is_visible = kds_dax_glue_dev_visible,
};

/*
 * kmem_range: the ranges kds_kmem holds, hot-added or only recorded, one
 * "start size" line each, in the device's range order; "none" if none.
 */
static ssize_t kmem_range_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);
	unsigned int i;
	ssize_t rc = 0;

	device_lock(dev);
	for (i = 0; i < gdev->nr_kmem; i++)
		if (gdev->kmem[i].bound)
			rc += sysfs_emit_at(buf, rc, "%#llx %#llx\n",
					    (unsigned long long)gdev->kmem[i].start,
					    (unsigned long long)gdev->kmem[i].size);
	if (!rc)
		rc = sysfs_emit(buf, "none\n");
	device_unlock(dev);
	return rc;
}
/* A physical address: root only (0400), as Linux's dax "resource". */
static DEVICE_ATTR_ADMIN_RO(kmem_range);

/* backing: "memory" (kds_kmem hot-adds the range) or "modelled". */
static ssize_t backing_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  kds_dax_glue_dev(dev)->backed ? "memory" : "modelled");
}
static DEVICE_ATTR_RO(backing);

static struct attribute *kds_dax_glue_kmem_attrs[] = {
	&dev_attr_kmem_range.attr,
	&dev_attr_backing.attr,
	NULL,
};

static const struct attribute_group kds_dax_glue_kmem_group = {
	.attrs = kds_dax_glue_kmem_attrs,
};

static const struct attribute_group *kds_dax_glue_dev_groups[] = {
	&kds_dax_glue_dev_group,
	&kds_dax_glue_kmem_group,
	NULL,
};

/* ---------------------------------------------------- region files */

static ssize_t kds_dax_glue_region_show(struct device *dev,
					struct device_attribute *attr, char *buf)
{
	struct kds_dax_glue_region *rg =
		container_of(dev, struct kds_dax_glue_region, dev);

	return kds_dax_region_attr_show(rg->core, attr->attr.name, buf);
}

static ssize_t kds_dax_glue_region_store(struct device *dev,
					 struct device_attribute *attr,
					 const char *buf, size_t count);

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

/* Turn the core's attribute tables into device_attribute arrays. */
static int kds_dax_glue_fill_attrs(void)
{
	unsigned int i;

	if (kds_dev_dax_nr_attrs > KDS_DAX_GLUE_MAX_ATTRS ||
	    kds_dax_region_nr_attrs > KDS_DAX_GLUE_MAX_ATTRS)
		return -E2BIG;
	for (i = 0; i < kds_dev_dax_nr_attrs; i++) {
		struct device_attribute *da = &kds_dax_glue_dev_dattrs[i];

		sysfs_attr_init(&da->attr);
		da->attr.name = kds_dev_dax_attrs[i].name;
		da->attr.mode = kds_dev_dax_attrs[i].mode;
		da->show = kds_dev_dax_attrs[i].show ? kds_dax_glue_dev_show : NULL;
		da->store = kds_dev_dax_attrs[i].store ? kds_dax_glue_dev_store : NULL;
		kds_dax_glue_dev_attrs[i] = &da->attr;
	}
	for (i = 0; i < kds_dax_region_nr_attrs; i++) {
		struct device_attribute *da = &kds_dax_glue_region_dattrs[i];

		sysfs_attr_init(&da->attr);
		da->attr.name = kds_dax_region_attrs[i].name;
		da->attr.mode = kds_dax_region_attrs[i].mode;
		da->show = kds_dax_region_attrs[i].show ? kds_dax_glue_region_show : NULL;
		/* create and delete make and remove devices: the glue's own */
		if (da->attr.mode & 0200)
			da->store = kds_dax_glue_region_store;
		kds_dax_glue_region_attrs[i] = &da->attr;
	}
	return 0;
}

/* ----------------------------------------------------------- the bus */

/*
 * device_add() links a device into the bus's device list before the driver
 * core is ready to probe it; an attach that finds it in that window (a
 * concurrent new_id, bind or drivers_probe) would only defer. So a device
 * matches no driver until kds_dax_glue_region_create() has seen
 * device_add() return and offers it (kds_dax_glue_offer()).
 */
static int kds_dax_glue_match(struct device *dev,
			      kds_bus_match_drv_const struct device_driver *drv)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);

	/* Pairs with the release in kds_dax_glue_offer(). */
	if (!smp_load_acquire(&gdev->offered))
		return 0;
	return kds_dax_driver_match(&kds_dax_glue_drv(drv)->core, &gdev->core);
}

/*
 * Make a registered device visible to the drivers and bind it, as
 * device_add() would have: the release orders everything device_add() did
 * (ready to probe included) before any match that sees @offered.
 */
static void kds_dax_glue_offer(struct kds_dax_glue_dev *gdev)
{
	smp_store_release(&gdev->offered, true);
	/* Returns 1 bound, 0 no driver, < 0 gone or refused: as device_add(). */
	if (device_attach(&gdev->dev) < 0)
		dev_dbg(&gdev->dev, "no driver bound\n");
}

/*
 * The bus's probe (Linux's dax_bus_probe()): a device of size 0 or one
 * being deleted is refused (-ENXIO, which the driver core does not log),
 * and the core freezes the device's ranges until remove.
 */
static int kds_dax_glue_probe(struct device *dev)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);
	int rc = kds_dev_dax_bind_start(&gdev->core);

	if (rc)
		return rc;
	rc = kds_dax_glue_drv(dev->driver)->probe(gdev);
	kds_dev_dax_bind_finish(&gdev->core, rc);
	return rc;
}

static void kds_dax_glue_remove(struct device *dev)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);

	kds_dax_glue_drv(dev->driver)->remove(gdev);
	kds_dev_dax_unbind(&gdev->core);
}

static int kds_dax_glue_uevent(kds_bus_uevent_dev_const struct device *dev,
			       struct kobj_uevent_env *env)
{
	char var[KDS_DAX_NAME_LEN];
	int rc = kds_dev_dax_uevent(&kds_dax_glue_dev(dev)->core, var, sizeof(var));

	if (rc < 0)
		return rc;
	return add_uevent_var(env, "%s", var);
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
ATTRIBUTE_GROUPS(kds_dax_glue_bus);

/* .name and the drivers' names are set at init from kds.dax_bus_name. */
static struct bus_type kds_dax_glue_bus_type = {
	.name = "kds_dax",
	.bus_groups = kds_dax_glue_bus_groups,
	.drv_groups = kds_dax_glue_drv_groups,
	.match = kds_dax_glue_match,
	.probe = kds_dax_glue_probe,
	.remove = kds_dax_glue_remove,
	.uevent = kds_dax_glue_uevent,
};

/* ------------------------------------------------------------- kmem */

/*
 * device_dax: probe runs the device and pins its memory (chardev.c),
 * remove zaps its mappings, gives the memory back and kills it.
 */
static int kds_dax_glue_device_dax_probe(struct kds_dax_glue_dev *gdev)
{
	int rc = kds_dax_device_dax_probe(&gdev->core);

	if (rc)
		return rc;
	rc = kds_dax_chardev_pin(gdev);
	if (rc)
		WARN_ON(kds_dax_device_dax_remove(&gdev->core));
	return rc;
}

static void kds_dax_glue_device_dax_remove(struct kds_dax_glue_dev *gdev)
{
	kds_dax_chardev_unpin(gdev);
	WARN_ON(kds_dax_device_dax_remove(&gdev->core));
}

static int kds_dax_glue_kmem_probe(struct kds_dax_glue_dev *gdev)
{
	return kds_dax_memory_kmem_probe(gdev);
}

static void kds_dax_glue_kmem_remove(struct kds_dax_glue_dev *gdev)
{
	kds_dax_memory_kmem_remove(gdev);
}

/* ---------------------------------------------------------- drivers */

static struct kds_dax_glue_driver kds_dax_glue_device_dax = {
	.drv = {
		.name = "kds_device_dax",
		.bus = &kds_dax_glue_bus_type,
		.owner = THIS_MODULE,
		.mod_name = KBUILD_MODNAME,
	},
	.core = {
		.name = "kds_device_dax",
		.match_always = true,
	},
	.probe = kds_dax_glue_device_dax_probe,
	.remove = kds_dax_glue_device_dax_remove,
};

static struct kds_dax_glue_driver kds_dax_glue_kmem = {
	.drv = {
		.name = "kds_kmem",
		.bus = &kds_dax_glue_bus_type,
		.owner = THIS_MODULE,
		.mod_name = KBUILD_MODNAME,
	},
	.core = {
		.name = "kds_kmem",
	},
	.probe = kds_dax_glue_kmem_probe,
	.remove = kds_dax_glue_kmem_remove,
};

static struct kds_dax_glue_driver *const kds_dax_glue_drivers[] = {
	&kds_dax_glue_device_dax,
	&kds_dax_glue_kmem,
};

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
		if (rg->core->id == id)
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
 * seed, from the create file). Called with @rg->lock held.
 */
static int kds_dax_glue_dev_create(struct kds_dax_glue_region *rg, int id,
				   enum kds_dev_dax_subsys subsys, bool whole,
				   struct kds_dax_glue_dev **out)
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
		kds_dax_glue_dev_unregister(gdev);
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

	if (!kds_dax_region_is_dynamic(rg->core))
		return -EINVAL;
	mutex_lock(&rg->lock);
	if (rg->dying) {
		rc = -ENXIO;
	} else if (!strcmp(attr->attr.name, "create")) {
		rc = kds_dax_region_may_create(rg->core, buf, count);
		if (!rc)
			rc = kds_dax_glue_dev_create(rg, -1, KDS_DEV_DAX_BUS,
						     false, &gdev);
		if (!rc)
			kds_dev_dax_created(&gdev->core);
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

/* Take a region down: its dev_dax devices, its files, its registration. */
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
	put_device(&rg->dev);
}

/*
 * Create region @id over [@start, @start + @size) and its first dev_dax
 * dax<id>.0 spanning it: on the bus, offered to the drivers once
 * registered (the default driver binds it); or, for %KDS_DEV_DAX_CLASS,
 * in the compatibility class, run at once (the compat path's probe). A
 * @dynamic region (Linux 5.10+, dax_hmem's kind) can then be resized and
 * carved into more devices through its files.
 */
static int kds_dax_glue_region_create(int id, u64 start, u64 size,
				      unsigned int align, int target_node,
				      enum kds_dev_dax_subsys subsys,
				      bool dynamic)
{
	struct kds_dax_glue_region *rg;
	struct kds_dax_region *core;
	int rc;

	rg = kzalloc(sizeof(*rg), GFP_KERNEL);
	if (!rg)
		return -ENOMEM;
	device_initialize(&rg->dev);
	rg->dev.release = kds_dax_glue_region_release;
	rg->dev.groups = kds_dax_glue_region_groups;
	mutex_init(&rg->lock);
	INIT_LIST_HEAD(&rg->devs);

	core = kds_dax_region_alloc(rg->core, id, start, size, target_node,
				    align, dynamic ? KDS_DAX_REGION_DYNAMIC : 0);
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
	rc = kds_dax_glue_dev_create(rg, dynamic ? -1 : 0, subsys, true, NULL);
	mutex_unlock(&rg->lock);
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
	char tmp[128], *w[6];
	unsigned long long start, size;
	unsigned int align;
	bool dynamic = false;
	int id, node, n, rc;

	n = kds_dax_glue_words(tmp, sizeof(tmp), buf, count, w, 6);
	if ((n != 5 && n != 6) ||
	    kstrtoint(w[0], 10, &id) || id < 0 ||
	    kstrtoull(w[1], 0, &start) || kstrtoull(w[2], 0, &size) ||
	    kstrtouint(w[3], 0, &align) || kstrtoint(w[4], 10, &node) ||
	    (n == 6 && strcmp(w[5], "class") && strcmp(w[5], "dynamic")))
		return -EINVAL;
	if (n == 6 && !strcmp(w[5], "dynamic")) {
		dynamic = true;
	} else if (n == 6) {
		/* no /sys/class/dax of kds's beside a kernel that has its own */
		if (!kds_dax_glue_class)
			return -EOPNOTSUPP;
		subsys = KDS_DEV_DAX_CLASS;
	}
	mutex_lock(&kds_dax_glue_lock);
	if (!kds_dax_glue_open)
		rc = -ENODEV;
	else if (kds_dax_glue_find(id))
		rc = -EEXIST;
	else
		rc = kds_dax_glue_region_create(id, start, size, align, node,
						subsys, dynamic);
	mutex_unlock(&kds_dax_glue_lock);
	return rc ? rc : (ssize_t)count;
}

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
	if (rg) {
		list_del(&rg->node);
		kds_dax_glue_region_destroy(rg);
	}
	mutex_unlock(&kds_dax_glue_lock);
	return rg ? (ssize_t)count : -ENOENT;
}

/* ------------------------------------------------------ init, exit */

/* Close create_region and take every region down (exit, failed init). */
static void kds_dax_glue_regions_down(void)
{
	struct kds_dax_glue_region *rg, *next;

	mutex_lock(&kds_dax_glue_lock);
	kds_dax_glue_open = false;
	list_for_each_entry_safe(rg, next, &kds_dax_glue_regions, node) {
		list_del(&rg->node);
		kds_dax_glue_region_destroy(rg);
	}
	mutex_unlock(&kds_dax_glue_lock);
}

/*
 * The injected failure of a driver registration (kds.dax_fail_driver=N).
 * Before failing, it writes a region to create_region through the bus's
 * own store, as a writer racing the load would (the file exists from
 * bus_register() on), and logs the answer: -ENODEV while init has not
 * succeeded.
 */
static int kds_dax_glue_injected_failure(unsigned int nr)
{
	static const char spec[] = "42 0x700000000 0x8000000 0x200000 0\n";
	ssize_t rc = bus_attr_create_region.store(&kds_dax_glue_bus_type, spec,
						  sizeof(spec) - 1);

	pr_info("kds dax: injected failure of driver registration %u; create_region during the load: %zd\n",
		nr, rc);
	return -ECANCELED;
}

static void kds_dax_glue_drivers_down(unsigned int nr)
{
	while (nr--) {
		/* Unbinds its devices, removes its files, then frees its ids. */
		driver_unregister(&kds_dax_glue_drivers[nr]->drv);
		kds_dax_driver_unregister(&kds_dax_glue_drivers[nr]->core);
	}
}

/*
 * Whether a bus named @name is registered: looked up in the kset of all
 * buses (the one the platform bus, always present, belongs to), so that a
 * taken name is refused with one message instead of bus_register()'s
 * duplicate-name warning and stack dump from sysfs.
 */
static bool kds_dax_glue_bus_exists(const char *name)
{
	struct kset *buses = bus_get_kset(&platform_bus_type)->kobj.kset;
	struct kobject *kobj;

	if (!buses)
		return false;
	kobj = kset_find_obj(buses, name);
	if (!kobj)
		return false;
	kobject_put(kobj);
	return true;
}

/*
 * Pick the names from kds.dax_bus_name (for the system's bus, check that
 * "dax" is free), reserve the device numbers and make the compatibility
 * class /sys/class/dax: as the system's bus always; beside the kernel's
 * bus only where the kernel cannot have that class itself (a taken class
 * name would be a duplicate-name warning with a stack dump, not an error).
 */
static int kds_dax_glue_choose_names(void)
{
	const struct kds_dax_bus_names *names;
	unsigned int i;
	int rc;

	names = kds_dax_bus_names_find(kds_dax_glue_bus_name);
	if (!names) {
		pr_err("kds dax: dax_bus_name=%s: not a bus name kds knows (kds_dax or dax)\n",
		       kds_dax_glue_bus_name ? kds_dax_glue_bus_name : "(null)");
		return -EINVAL;
	}
	if (names->system && kds_dax_glue_bus_exists(names->bus)) {
		pr_err("kds dax: the bus name \"%s\" is taken (the kernel's dax bus is built in or dax.ko is loaded); load kds.ko without dax_bus_name=%s\n",
		       names->bus, names->bus);
		return -EEXIST;
	}
	rc = kds_dax_chardev_init(names->bus);
	if (rc)
		return rc;
	if (names->system || !IS_ENABLED(CONFIG_DEV_DAX_PMEM_COMPAT)) {
		kds_dax_glue_class = kds_class_create("dax");
		if (IS_ERR(kds_dax_glue_class)) {
			rc = PTR_ERR(kds_dax_glue_class);
			kds_dax_glue_class = NULL;
			pr_err("kds dax: creating /sys/class/dax failed: %d\n",
			       rc);
			kds_dax_chardev_exit();
			return rc;
		}
	}
	kds_dax_glue_names = names;
	kds_dax_glue_bus_type.name = names->bus;
	for (i = 0; i < ARRAY_SIZE(kds_dax_glue_drivers); i++) {
		struct kds_dax_glue_driver *gdrv = kds_dax_glue_drivers[i];
		const char *name = gdrv == &kds_dax_glue_kmem ? names->kmem :
								 names->device_dax;

		gdrv->drv.name = name;
		gdrv->core.name = name;
	}
	return 0;
}

/* Give back what kds_dax_glue_choose_names() reserved. */
static void kds_dax_glue_release_names(void)
{
	if (!kds_dax_glue_names)
		return;
	if (kds_dax_glue_class) {
		class_destroy(kds_dax_glue_class);
		kds_dax_glue_class = NULL;
	}
	kds_dax_chardev_exit();
	kds_dax_glue_names = NULL;
}

int kds_dax_glue_init(void)
{
	unsigned int i;
	int rc;

	rc = kds_dax_glue_fill_attrs();
	if (rc)
		return rc;
	rc = kds_dax_glue_choose_names();
	if (rc)
		return rc;
	kds_dax_bus_init(&kds_dax_glue_core_bus);
	kds_dax_memory_init(kds_dax_glue_names->kmem);
	rc = bus_register(&kds_dax_glue_bus_type);
	if (rc)
		goto err_bus;
	for (i = 0; i < ARRAY_SIZE(kds_dax_glue_drivers); i++) {
		struct kds_dax_glue_driver *gdrv = kds_dax_glue_drivers[i];

		rc = kds_dax_driver_register(&kds_dax_glue_core_bus, &gdrv->core);
		if (rc)
			goto err_drv;
		if (i + 1 == kds_dax_glue_fail_driver)
			rc = kds_dax_glue_injected_failure(i + 1);
		else
			rc = driver_register(&gdrv->drv);
		if (rc) {
			kds_dax_driver_unregister(&gdrv->core);
			goto err_drv;
		}
	}
	/* Only now may regions be created. */
	mutex_lock(&kds_dax_glue_lock);
	kds_dax_glue_open = true;
	mutex_unlock(&kds_dax_glue_lock);
	return 0;

err_drv:
	/* None can exist (create_region was closed); none may survive. */
	kds_dax_glue_regions_down();
	kds_dax_glue_drivers_down(i);
	bus_unregister(&kds_dax_glue_bus_type);
err_bus:
	kds_dax_memory_exit();
	kds_dax_bus_destroy(&kds_dax_glue_core_bus);
	kds_dax_glue_release_names();
	return rc;
}

void kds_dax_glue_exit(void)
{
	/* No region can be created from here on. */
	kds_dax_glue_regions_down();
	kds_dax_glue_drivers_down(ARRAY_SIZE(kds_dax_glue_drivers));
	bus_unregister(&kds_dax_glue_bus_type);
	kds_dax_bus_destroy(&kds_dax_glue_core_bus);
	kds_dax_memory_exit();
	kds_dax_glue_release_names();
}
