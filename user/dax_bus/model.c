// SPDX-License-Identifier: GPL-2.0
/*
 * model.c - the userspace driver-core model around the kds dax bus core.
 * See dax_model.h for what lives here and what the core decides.
 */
#include "user/dax_bus/dax_model.h"

/**
 * kds_dax_model_init() - initialise an empty model.
 * @m: the model.
 *
 * Context: process context.
 */
void kds_dax_model_init(struct kds_dax_model *m)
{
	kds_dax_bus_init(&m->bus);
	mutex_init(&m->lock);
	INIT_LIST_HEAD(&m->drivers);
	INIT_LIST_HEAD(&m->devices);
	INIT_LIST_HEAD(&m->class_devices);
}

/**
 * kds_dax_model_destroy() - tear a model down.
 * @m: the model; every driver and device must be gone (warns if not).
 *
 * Context: process context, no other user.
 */
void kds_dax_model_destroy(struct kds_dax_model *m)
{
	WARN_ON(!list_empty(&m->drivers));
	WARN_ON(!list_empty(&m->devices));
	WARN_ON(!list_empty(&m->class_devices));
	mutex_destroy(&m->lock);
	kds_dax_bus_destroy(&m->bus);
}

/*
 * The model a driver was registered with. Set once, under the model lock,
 * and never cleared, so stores may find the lock to take without it.
 */
static struct kds_dax_model *model_of(struct kds_dax_model_driver *drv)
{
	return smp_load_acquire(&drv->model);
}

/* Bind @dev to @drv: the driver core's really_probe(). Model lock held. */
static int model_probe(struct kds_dax_model_dev *dev,
		       struct kds_dax_model_driver *drv)
{
	int rc = 0;

	lockdep_assert_held(&dev->model->lock);
	dev->driver = drv;
	if (drv->probe)
		rc = drv->probe(dev);
	if (rc) {
		dev->driver = NULL;
		return rc;
	}
	drv->nr_bound++;
	return 0;
}

/* Unbind @dev from its driver, if any. Model lock held. */
static void model_release_driver(struct kds_dax_model_dev *dev)
{
	struct kds_dax_model_driver *drv = dev->driver;

	lockdep_assert_held(&dev->model->lock);
	if (!drv)
		return;
	if (drv->remove)
		drv->remove(dev);
	dev->driver = NULL;
	drv->nr_bound--;
}

/* Offer @dev to every driver in order; the first that probes keeps it. */
static void model_device_attach(struct kds_dax_model_dev *dev)
{
	struct kds_dax_model_driver *drv;

	list_for_each_entry(drv, &dev->model->drivers, node)
		if (kds_dax_driver_match(&drv->core, &dev->dax) &&
		    model_probe(dev, drv) == 0)
			return;
}

/* Offer every unbound bus device to @drv (probe failures are not errors). */
static void model_driver_attach(struct kds_dax_model_driver *drv)
{
	struct kds_dax_model_dev *dev;

	list_for_each_entry(dev, &drv->model->devices, node)
		if (!dev->driver && kds_dax_driver_match(&drv->core, &dev->dax))
			model_probe(dev, drv);
}

/**
 * kds_dax_model_driver_register() - register a driver and attach it.
 * @m: the model.
 * @drv: the driver, with @drv->core.name set; zero-initialised otherwise
 *       or unregistered.
 *
 * Three steps, each undone if a later one fails: the core registration
 * (which claims the default slot for a match_always driver), the
 * per-registration allocation, and the name check. Then the driver is
 * offered every unbound device it matches.
 *
 * Context: process context; takes the model mutex.
 * Return: 0; -EBUSY when @drv is registered or its name is taken;
 * -EINVAL from the core (no name, second default driver) or when @drv
 * was registered with another model before; -ENOMEM.
 */
int kds_dax_model_driver_register(struct kds_dax_model *m,
				  struct kds_dax_model_driver *drv)
{
	struct kds_dax_model_driver *other;
	int rc;

	if (model_of(drv) && model_of(drv) != m)
		return -EINVAL;
	mutex_lock(&m->lock);
	if (drv->registered) {
		rc = -EBUSY;
		goto out;
	}
	rc = kds_dax_driver_register(&m->bus, &drv->core);
	if (rc)
		goto out;
	drv->priv = kzalloc(64, GFP_KERNEL);
	if (!drv->priv) {
		rc = -ENOMEM;
		goto undo_core;
	}
	list_for_each_entry(other, &m->drivers, node) {
		if (strcmp(other->core.name, drv->core.name) == 0) {
			rc = -EBUSY;
			goto undo_priv;
		}
	}
	smp_store_release(&drv->model, m);
	drv->nr_bound = 0;
	drv->registered = true;
	list_add_tail(&drv->node, &m->drivers);
	model_driver_attach(drv);
	mutex_unlock(&m->lock);
	return 0;

undo_priv:
	kfree(drv->priv);
	drv->priv = NULL;
undo_core:
	kds_dax_driver_unregister(&drv->core);
out:
	mutex_unlock(&m->lock);
	return rc;
}

/**
 * kds_dax_model_driver_unregister() - unbind every device and unregister.
 * @drv: a registered driver (warns otherwise).
 *
 * Context: process context; takes the model mutex.
 */
void kds_dax_model_driver_unregister(struct kds_dax_model_driver *drv)
{
	struct kds_dax_model *m = model_of(drv);
	struct kds_dax_model_dev *dev;

	if (WARN_ON(!m))
		return;
	mutex_lock(&m->lock);
	if (WARN_ON(!drv->registered)) {
		mutex_unlock(&m->lock);
		return;
	}
	list_del(&drv->node);
	list_for_each_entry(dev, &m->devices, node)
		if (dev->driver == drv)
			model_release_driver(dev);
	WARN_ON(drv->nr_bound != 0);
	kds_dax_driver_unregister(&drv->core);
	kfree(drv->priv);
	drv->priv = NULL;
	drv->registered = false;
	mutex_unlock(&m->lock);
}

static void model_dev_release(struct kref *ref)
{
	struct kds_dax_model_dev *dev = container_of(ref, struct kds_dax_model_dev, ref);

	kds_dev_dax_release(&dev->dax);
	kfree(dev);
}

static struct kds_dax_model_dev *model_lookup(struct list_head *list,
					      const char *name)
{
	struct kds_dax_model_dev *dev;

	list_for_each_entry(dev, list, node)
		if (sysfs_streq(dev->dax.name, name))
			return dev;
	return NULL;
}

/**
 * kds_dax_model_device_add() - create a dev_dax and add it.
 * @m: the model.
 * @region: a registered region (the device takes a reference).
 * @id: device number, >= 0.
 * @subsys: bus (offered to the drivers now) or legacy class (never).
 *
 * Context: process context; takes the model mutex.
 * Return: the device, holding one reference that
 * kds_dax_model_device_unregister() drops; or an ERR_PTR: -EINVAL or
 * -ENXIO from the core, -EEXIST when the name is taken, -ENOMEM.
 */
struct kds_dax_model_dev *kds_dax_model_device_add(struct kds_dax_model *m,
						   struct kds_dax_region *region,
						   int id,
						   enum kds_dev_dax_subsys subsys)
{
	struct kds_dax_model_dev *dev;
	struct list_head *list;
	int rc;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	mutex_lock(&m->lock);
	rc = kds_dev_dax_init(&dev->dax, region, id, subsys);
	if (rc) {
		mutex_unlock(&m->lock);
		kfree(dev);
		return ERR_PTR(rc);
	}
	kref_init(&dev->ref);
	dev->model = m;
	list = subsys == KDS_DEV_DAX_BUS ? &m->devices : &m->class_devices;
	if (model_lookup(list, dev->dax.name)) {
		mutex_unlock(&m->lock);
		kds_dax_model_device_put(dev);
		return ERR_PTR(-EEXIST);
	}
	list_add_tail(&dev->node, list);
	dev->added = true;
	if (subsys == KDS_DEV_DAX_BUS)
		model_device_attach(dev);
	mutex_unlock(&m->lock);
	return dev;
}

/**
 * kds_dax_model_device_unregister() - unbind, remove and put a device.
 * @dev: an added device (warns otherwise).
 *
 * The device is freed, and its region reference dropped, when the last
 * reference goes.
 *
 * Context: process context; takes the model mutex.
 */
void kds_dax_model_device_unregister(struct kds_dax_model_dev *dev)
{
	struct kds_dax_model *m = dev->model;

	mutex_lock(&m->lock);
	if (WARN_ON(!dev->added)) {
		mutex_unlock(&m->lock);
		return;
	}
	model_release_driver(dev);
	kds_dev_dax_kill(&dev->dax);
	list_del(&dev->node);
	dev->added = false;
	mutex_unlock(&m->lock);
	kds_dax_model_device_put(dev);
}

/**
 * kds_dax_model_device_get() - take a device reference.
 * @dev: the device (the caller holds a reference).
 *
 * Context: any context.
 */
void kds_dax_model_device_get(struct kds_dax_model_dev *dev)
{
	kref_get(&dev->ref);
}

/**
 * kds_dax_model_device_put() - drop a device reference.
 * @dev: the device; the last put releases it.
 *
 * Context: process context.
 */
void kds_dax_model_device_put(struct kds_dax_model_dev *dev)
{
	kref_put(&dev->ref, model_dev_release);
}

/**
 * kds_dax_model_find_device() - look a bus device up by name.
 * @m: the model.
 * @name: the name, compared with sysfs_streq().
 *
 * Context: process context; takes the model mutex.
 * Return: the device with a new reference, or NULL.
 */
struct kds_dax_model_dev *kds_dax_model_find_device(struct kds_dax_model *m,
						    const char *name)
{
	struct kds_dax_model_dev *dev;

	mutex_lock(&m->lock);
	dev = model_lookup(&m->devices, name);
	if (dev)
		kds_dax_model_device_get(dev);
	mutex_unlock(&m->lock);
	return dev;
}

/**
 * kds_dax_model_dev_driver() - the driver a device is bound to.
 * @dev: the device.
 *
 * Context: process context; takes the model mutex.
 * Return: the driver, or NULL when unbound.
 */
struct kds_dax_model_driver *kds_dax_model_dev_driver(struct kds_dax_model_dev *dev)
{
	struct kds_dax_model_driver *drv;

	mutex_lock(&dev->model->lock);
	drv = dev->driver;
	mutex_unlock(&dev->model->lock);
	return drv;
}

/**
 * kds_dax_model_class_probe() - the compat path: run a class device
 * directly, with no bus driver bound (as dax_pmem_compat does).
 * @dev: a legacy class device.
 *
 * Context: process context.
 */
void kds_dax_model_class_probe(struct kds_dax_model_dev *dev)
{
	if (WARN_ON(dev->dax.subsys != KDS_DEV_DAX_CLASS))
		return;
	kds_dev_dax_set_private(&dev->dax, dev);
	kds_dev_dax_run(&dev->dax);
}

/* ------------------------------------------------------ driver attributes */

/**
 * kds_dax_model_new_id_store() - write to a driver's new_id.
 * @drv: the driver.
 * @buf: bytes written.
 * @count: byte count.
 *
 * On success the driver is offered every unbound device it now matches;
 * a probe failure there does not fail the write (as driver_attach()).
 *
 * Context: process context; takes the model mutex.
 * Return: @count, or -errno from kds_dax_new_id_store() (-ENODEV when
 * the driver is not registered).
 */
ssize_t kds_dax_model_new_id_store(struct kds_dax_model_driver *drv,
				   const char *buf, size_t count)
{
	struct kds_dax_model *m = model_of(drv);
	ssize_t rc;

	if (!m)
		return -ENODEV;
	mutex_lock(&m->lock);
	if (!drv->registered) {
		rc = -ENODEV;
	} else {
		rc = kds_dax_new_id_store(&drv->core, buf, count);
		if (rc >= 0)
			model_driver_attach(drv);
	}
	mutex_unlock(&m->lock);
	return rc;
}

/**
 * kds_dax_model_remove_id_store() - write to a driver's remove_id.
 * @drv: the driver.
 * @buf: bytes written.
 * @count: byte count.
 *
 * Never unbinds a device.
 *
 * Context: process context; takes the model mutex.
 * Return: @count, or -errno from kds_dax_remove_id_store().
 */
ssize_t kds_dax_model_remove_id_store(struct kds_dax_model_driver *drv,
				      const char *buf, size_t count)
{
	struct kds_dax_model *m = model_of(drv);
	ssize_t rc;

	if (!m)
		return -ENODEV;
	mutex_lock(&m->lock);
	rc = drv->registered ? kds_dax_remove_id_store(&drv->core, buf, count)
			     : -ENODEV;
	mutex_unlock(&m->lock);
	return rc;
}

/*
 * The device name a bind / unbind write names, as the 6.1 driver core
 * reads it: sysfs hands the store a C string (a NUL after the count), so
 * the name ends at the first NUL, and bus_find_device_by_name() compares
 * it with sysfs_streq() (one trailing newline ignored). False when no
 * device name can be that long; @name then holds nothing.
 */
static bool model_copy_name(char *name, size_t size, const char *buf, size_t count)
{
	size_t len = strnlen(buf, count);

	if (len >= size)
		return false;
	memcpy(name, buf, len);
	name[len] = '\0';
	return true;
}

/**
 * kds_dax_model_bind_store() - write to a driver's bind: bind the named
 * device (the driver core's bind_store()).
 * @drv: the driver.
 * @buf: a device name, optionally newline-terminated; the name ends at the
 *       first NUL byte (libdaxctl writes strlen(name) + 1 bytes).
 * @count: byte count.
 *
 * The device must match the driver (an id driver needs new_id first). The
 * name is compared as the 6.1 driver core compares it (sysfs_streq()).
 *
 * Context: process context; takes the model mutex.
 * Return: @count; -ENODEV when the driver is not registered, no bus
 * device has the name, or the device does not match; -EBUSY when the
 * device is bound already; the probe's error when it fails.
 */
ssize_t kds_dax_model_bind_store(struct kds_dax_model_driver *drv,
				 const char *buf, size_t count)
{
	struct kds_dax_model *m = model_of(drv);
	char name[KDS_DAX_NAME_LEN + 2];
	struct kds_dax_model_dev *dev;
	ssize_t rc;

	if (!m || !model_copy_name(name, sizeof(name), buf, count))
		return -ENODEV;
	mutex_lock(&m->lock);
	dev = drv->registered ? model_lookup(&m->devices, name) : NULL;
	if (!dev || !kds_dax_driver_match(&drv->core, &dev->dax))
		rc = -ENODEV;
	else if (dev->driver)
		rc = -EBUSY;
	else
		rc = model_probe(dev, drv);
	mutex_unlock(&m->lock);
	return rc ? rc : (ssize_t)count;
}

/**
 * kds_dax_model_unbind_store() - write to a driver's unbind.
 * @drv: the driver.
 * @buf: a device name, optionally newline-terminated; the name ends at the
 *       first NUL byte, as for kds_dax_model_bind_store().
 * @count: byte count.
 *
 * Context: process context; takes the model mutex.
 * Return: @count, or -ENODEV when the named device is not bound to @drv.
 */
ssize_t kds_dax_model_unbind_store(struct kds_dax_model_driver *drv,
				   const char *buf, size_t count)
{
	struct kds_dax_model *m = model_of(drv);
	char name[KDS_DAX_NAME_LEN + 2];
	struct kds_dax_model_dev *dev;
	ssize_t rc = -ENODEV;

	if (!m || !model_copy_name(name, sizeof(name), buf, count))
		return -ENODEV;
	mutex_lock(&m->lock);
	dev = model_lookup(&m->devices, name);
	if (dev && drv->registered && dev->driver == drv) {
		model_release_driver(dev);
		rc = (ssize_t)count;
	}
	mutex_unlock(&m->lock);
	return rc;
}

/**
 * kds_dax_model_driver_store() - write to a driver attribute by name.
 * @drv: the driver.
 * @attr: "new_id", "remove_id", "bind" or "unbind".
 * @buf: bytes written.
 * @count: byte count.
 *
 * Context: process context.
 * Return: what the attribute's store returns; -ENOENT for any other name
 * (no such file).
 */
ssize_t kds_dax_model_driver_store(struct kds_dax_model_driver *drv,
				   const char *attr, const char *buf,
				   size_t count)
{
	if (strcmp(attr, "new_id") == 0)
		return kds_dax_model_new_id_store(drv, buf, count);
	if (strcmp(attr, "remove_id") == 0)
		return kds_dax_model_remove_id_store(drv, buf, count);
	if (strcmp(attr, "bind") == 0)
		return kds_dax_model_bind_store(drv, buf, count);
	if (strcmp(attr, "unbind") == 0)
		return kds_dax_model_unbind_store(drv, buf, count);
	return -ENOENT;
}

/* ------------------------------------------------- device and region shows */

/**
 * kds_dax_model_device_show() - read a device attribute by name.
 * @dev: the device (the caller holds a reference).
 * @attr: "modalias", "size" or "target_node".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: the byte count sysfs would return; -ENOENT when the file does
 * not exist (unknown or hidden attribute).
 */
ssize_t kds_dax_model_device_show(struct kds_dax_model_dev *dev,
				  const char *attr, char *buf)
{
	unsigned int i;

	for (i = 0; i < kds_dev_dax_nr_attrs; i++) {
		if (strcmp(kds_dev_dax_attrs[i].name, attr) != 0)
			continue;
		if (!kds_dev_dax_attr_visible(&dev->dax, i))
			return -ENOENT;
		return kds_dev_dax_attrs[i].show(&dev->dax, buf);
	}
	return -ENOENT;
}

/**
 * kds_dax_model_region_show() - read a region attribute by name.
 * @region: the region (the caller holds a reference).
 * @attr: "id", "size", "align" or "target_node".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: the byte count sysfs would return; -ENOENT when the file does
 * not exist (unknown or hidden attribute, or the region is unregistered).
 */
ssize_t kds_dax_model_region_show(struct kds_dax_region *region,
				  const char *attr, char *buf)
{
	unsigned int i;

	for (i = 0; i < kds_dax_region_nr_attrs; i++) {
		if (strcmp(kds_dax_region_attrs[i].name, attr) != 0)
			continue;
		if (!kds_dax_region_attr_visible(region, i))
			return -ENOENT;
		return kds_dax_region_attrs[i].show(region, buf);
	}
	return -ENOENT;
}

/**
 * kds_dax_model_device_uevent() - the uevent environment of a device.
 * @dev: the device.
 * @buf: destination.
 * @size: size of @buf.
 *
 * Context: process context.
 * Return: see kds_dev_dax_uevent().
 */
int kds_dax_model_device_uevent(struct kds_dax_model_dev *dev, char *buf,
				size_t size)
{
	return kds_dev_dax_uevent(&dev->dax, buf, size);
}

/* ------------------------------------------------------------ device_dax */

static int model_device_dax_probe(struct kds_dax_model_dev *dev)
{
	kds_dev_dax_set_private(&dev->dax, dev);
	kds_dev_dax_run(&dev->dax);
	return 0;
}

static void model_device_dax_remove(struct kds_dax_model_dev *dev)
{
	kds_dev_dax_kill(&dev->dax);
}

/**
 * kds_dax_model_device_dax_driver_init() - set up the default driver.
 * @drv: zeroed storage.
 *
 * "device_dax": match_always; probe runs the device and publishes its
 * private data, remove kills it.
 *
 * Context: any context.
 */
void kds_dax_model_device_dax_driver_init(struct kds_dax_model_driver *drv)
{
	memset(drv, 0, sizeof(*drv));
	drv->core.name = "device_dax";
	drv->core.match_always = true;
	drv->probe = model_device_dax_probe;
	drv->remove = model_device_dax_remove;
}

/* ------------------------------------------------------ kmem and platform */

struct model_range {
	struct list_head node;
	u64 start;
	u64 size;
};

static u64 model_block_size(void *ctx)
{
	return ((struct kds_dax_model_platform *)ctx)->block_size;
}

static int model_reserve(void *ctx, u64 start, u64 size, const char *name)
{
	struct kds_dax_model_platform *p = ctx;
	struct model_range *r, *n;
	int rc = 0;

	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	n->start = start;
	n->size = size;
	mutex_lock(&p->lock);
	list_for_each_entry(r, &p->reserved, node)
		if (start < r->start + r->size && r->start < start + size)
			rc = -EBUSY;
	if (!rc)
		list_add_tail(&n->node, &p->reserved);
	mutex_unlock(&p->lock);
	if (rc)
		kfree(n);
	return rc;
}

static void model_unreserve(void *ctx, u64 start, u64 size)
{
	struct kds_dax_model_platform *p = ctx;
	struct model_range *r, *found = NULL;

	mutex_lock(&p->lock);
	list_for_each_entry(r, &p->reserved, node)
		if (r->start == start && r->size == size)
			found = r;
	if (found)
		list_del(&found->node);
	mutex_unlock(&p->lock);
	WARN_ON(!found);
	kfree(found);
}

static int model_add_memory(void *ctx, int nid, u64 start, u64 size)
{
	struct kds_dax_model_platform *p = ctx;
	int rc;

	mutex_lock(&p->lock);
	rc = p->fail_add;
	p->fail_add = 0;
	if (!rc)
		p->added_bytes += size;
	mutex_unlock(&p->lock);
	return rc;
}

static const struct kds_dax_kmem_ops model_kmem_ops = {
	.memory_block_size = model_block_size,
	.reserve = model_reserve,
	.unreserve = model_unreserve,
	.add_memory = model_add_memory,
};

static int model_kmem_probe(struct kds_dax_model_dev *dev)
{
	return kds_dax_kmem_probe(&dev->dax, &model_kmem_ops, dev->driver->ctx);
}

static void model_kmem_remove(struct kds_dax_model_dev *dev)
{
	kds_dax_kmem_remove(&dev->dax);
}

/**
 * kds_dax_model_kmem_driver_init() - set up a kmem driver.
 * @drv: zeroed storage.
 * @platform: where its memory goes.
 *
 * "kmem": not match_always; probe is kds_dax_kmem_probe() over
 * @platform, remove leaves the range reserved.
 *
 * Context: any context.
 */
void kds_dax_model_kmem_driver_init(struct kds_dax_model_driver *drv,
				    struct kds_dax_model_platform *platform)
{
	memset(drv, 0, sizeof(*drv));
	drv->core.name = "kmem";
	drv->probe = model_kmem_probe;
	drv->remove = model_kmem_remove;
	drv->ctx = platform;
}

/**
 * kds_dax_model_platform_init() - an empty platform.
 * @p: the platform.
 * @block_size: its memory block size.
 *
 * Context: process context.
 */
void kds_dax_model_platform_init(struct kds_dax_model_platform *p,
				 u64 block_size)
{
	mutex_init(&p->lock);
	p->block_size = block_size;
	INIT_LIST_HEAD(&p->reserved);
	p->added_bytes = 0;
	p->fail_add = 0;
}

/**
 * kds_dax_model_platform_destroy() - forget every reservation (a reboot).
 * @p: the platform.
 *
 * Context: process context, no other user.
 */
void kds_dax_model_platform_destroy(struct kds_dax_model_platform *p)
{
	struct model_range *r, *n;

	list_for_each_entry_safe(r, n, &p->reserved, node) {
		list_del(&r->node);
		kfree(r);
	}
	mutex_destroy(&p->lock);
}

/**
 * kds_dax_model_platform_is_reserved() - whether a range is reserved.
 * @p: the platform.
 * @start: start of the range.
 * @size: its size.
 *
 * Context: process context.
 * Return: true when exactly this range is reserved.
 */
bool kds_dax_model_platform_is_reserved(struct kds_dax_model_platform *p,
					u64 start, u64 size)
{
	struct model_range *r;
	bool found = false;

	mutex_lock(&p->lock);
	list_for_each_entry(r, &p->reserved, node)
		if (r->start == start && r->size == size)
			found = true;
	mutex_unlock(&p->lock);
	return found;
}

/**
 * kds_dax_model_platform_added() - memory added so far.
 * @p: the platform.
 *
 * Context: process context.
 * Return: bytes handed to the page allocator.
 */
u64 kds_dax_model_platform_added(struct kds_dax_model_platform *p)
{
	u64 added;

	mutex_lock(&p->lock);
	added = p->added_bytes;
	mutex_unlock(&p->lock);
	return added;
}
