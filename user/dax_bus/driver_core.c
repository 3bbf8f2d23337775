// SPDX-License-Identifier: GPL-2.0
/*
 * driver_core.c - the model's driver core: devices and drivers on lists,
 * probe and remove, attaching on device add / driver register, unbinding
 * on driver unregister, device references. Every rule comes from the core
 * in dax_bus/; this file only does what drivers/base does in the kernel.
 */
#include "user/dax_bus/model_internal.h"

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

/* Bind @dev to @drv: the driver core's really_probe(). Model lock held. */
int kds_dax_model_probe(struct kds_dax_model_dev *dev,
			struct kds_dax_model_driver *drv)
{
	int rc;

	lockdep_assert_held(&dev->model->lock);
	/* the bus's own step (dax_bus_probe()): size 0 or deleted is -ENXIO */
	rc = kds_dev_dax_bind_start(&dev->dax);
	if (rc)
		return rc;
	dev->driver = drv;
	if (drv->probe)
		rc = drv->probe(dev);
	kds_dev_dax_bind_finish(&dev->dax, rc);
	if (rc) {
		dev->driver = NULL;
		return rc;
	}
	drv->nr_bound++;
	return 0;
}

/* Unbind @dev from its driver, if any. Model lock held. */
void kds_dax_model_release_driver(struct kds_dax_model_dev *dev)
{
	struct kds_dax_model_driver *drv = dev->driver;

	lockdep_assert_held(&dev->model->lock);
	if (!drv)
		return;
	if (drv->remove)
		drv->remove(dev);
	kds_dev_dax_unbind(&dev->dax);
	dev->driver = NULL;
	drv->nr_bound--;
}

/* Offer @dev to every driver in order; the first that probes keeps it. */
static void model_device_attach(struct kds_dax_model_dev *dev)
{
	struct kds_dax_model_driver *drv;

	list_for_each_entry(drv, &dev->model->drivers, node)
		if (kds_dax_driver_match(&drv->core, &dev->dax) &&
		    kds_dax_model_probe(dev, drv) == 0)
			return;
}

/* Offer every unbound bus device to @drv (probe failures are not errors). */
void kds_dax_model_driver_attach(struct kds_dax_model_driver *drv)
{
	struct kds_dax_model_dev *dev;

	list_for_each_entry(dev, &drv->model->devices, node)
		if (!dev->driver && kds_dax_driver_match(&drv->core, &dev->dax))
			kds_dax_model_probe(dev, drv);
}

/**
 * kds_dax_model_driver_register() - register a driver and attach it.
 * @m: the model.
 * @drv: the driver, with @drv->core.name set; zero-initialised otherwise
 *       or unregistered.
 *
 * Two steps, the first undone if the second fails: the core registration
 * (which claims the default slot for a match_always driver) and the name
 * check. Then the driver is offered every unbound device it matches.
 * Registering allocates nothing.
 *
 * Context: process context; takes the model mutex.
 * Return: 0; -EBUSY when @drv is registered or its name is taken;
 * -EINVAL from the core (no name, second default driver) or when @drv
 * was registered with another model before.
 */
int kds_dax_model_driver_register(struct kds_dax_model *m,
				  struct kds_dax_model_driver *drv)
{
	struct kds_dax_model_driver *other;
	int rc;

	if (kds_dax_model_of(drv) && kds_dax_model_of(drv) != m)
		return -EINVAL;
	mutex_lock(&m->lock);
	rc = kds_dax_driver_register(&m->bus, &drv->core);
	if (rc)
		goto out;
	list_for_each_entry(other, &m->drivers, node) {
		if (strcmp(other->core.name, drv->core.name) == 0) {
			kds_dax_driver_unregister(&drv->core);
			rc = -EBUSY;
			goto out;
		}
	}
	smp_store_release(&drv->model, m);
	drv->nr_bound = 0;
	list_add_tail(&drv->node, &m->drivers);
	kds_dax_model_driver_attach(drv);
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
	struct kds_dax_model *m = kds_dax_model_of(drv);
	struct kds_dax_model_dev *dev;

	if (WARN_ON(!m))
		return;
	mutex_lock(&m->lock);
	if (WARN_ON(!kds_dax_driver_is_registered(&drv->core))) {
		mutex_unlock(&m->lock);
		return;
	}
	list_del(&drv->node);
	list_for_each_entry(dev, &m->devices, node)
		if (dev->driver == drv)
			kds_dax_model_release_driver(dev);
	WARN_ON(drv->nr_bound != 0);
	kds_dax_driver_unregister(&drv->core);
	mutex_unlock(&m->lock);
}

static void model_dev_release(struct kref *ref)
{
	struct kds_dax_model_dev *dev = container_of(ref, struct kds_dax_model_dev, ref);

	kds_dev_dax_release(&dev->dax);
	kfree(dev);
}

/* The device named @name on @list (sysfs_streq()), or NULL. Model lock held. */
struct kds_dax_model_dev *kds_dax_model_lookup(struct list_head *list,
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
	/* The bus sets private data at creation, as alloc_dax() does. */
	kds_dev_dax_set_private(&dev->dax, dev);
	kref_init(&dev->ref);
	dev->model = m;
	list = subsys == KDS_DEV_DAX_BUS ? &m->devices : &m->class_devices;
	if (kds_dax_model_lookup(list, dev->dax.name)) {
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
	kds_dax_model_release_driver(dev);
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
	dev = kds_dax_model_lookup(&m->devices, name);
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
 * Return: 0; -EINVAL (with a warning) for a bus device; otherwise what
 * kds_dax_device_dax_probe() returns (-EBUSY when it already runs).
 */
int kds_dax_model_class_probe(struct kds_dax_model_dev *dev)
{
	if (WARN_ON(dev->dax.subsys != KDS_DEV_DAX_CLASS))
		return -EINVAL;
	return kds_dax_device_dax_probe(&dev->dax);
}
