// SPDX-License-Identifier: GPL-2.0
/*
 * drivers.c - the two drivers of the model, each a thin call into the
 * core: device_dax (the default; runs the device) and kmem (hot-plugs the
 * device's memory into a platform; never runs the device), as in Linux.
 */
#include "user/dax_bus/model_internal.h"

static int model_device_dax_probe(struct kds_dax_model_dev *dev)
{
	return kds_dax_device_dax_probe(&dev->dax);
}

static void model_device_dax_remove(struct kds_dax_model_dev *dev)
{
	WARN_ON(kds_dax_device_dax_remove(&dev->dax));
}

/**
 * kds_dax_model_device_dax_driver_init() - set up the default driver.
 * @drv: zeroed storage.
 *
 * "device_dax": match_always; probe runs the device (its private data,
 * set at creation, becomes reachable), remove kills it.
 *
 * Context: any context.
 */
void kds_dax_model_device_dax_driver_init(struct kds_dax_model_driver *drv)
{
	memset(drv, 0, sizeof(*drv));
	drv->core.name = kds_dax_names_system.device_dax;
	drv->core.match_always = true;
	drv->probe = model_device_dax_probe;
	drv->remove = model_device_dax_remove;
}

static int model_kmem_probe(struct kds_dax_model_dev *dev)
{
	return kds_dax_kmem_probe(&dev->dax, &kds_dax_model_kmem_ops,
				  dev->driver->ctx);
}

static void model_kmem_remove(struct kds_dax_model_dev *dev)
{
	/* An unbind always unbinds; memory in use stays (reserved). */
	kds_dax_kmem_remove(&dev->dax, &kds_dax_model_kmem_ops,
			    dev->driver->ctx);
}

/**
 * kds_dax_model_kmem_driver_init() - set up a kmem driver.
 * @drv: zeroed storage.
 * @platform: where its memory goes.
 *
 * "kmem": not match_always; the default of kmem regions
 * (%KDS_DAX_REGION_KMEM, Linux 6.3+'s kind for dax_hmem's regions), as
 * kds.ko's kds_kmem; probe is kds_dax_kmem_probe() over @platform, remove
 * leaves the range reserved. The device stays dead (not run) while kmem
 * holds it.
 *
 * Context: any context.
 */
void kds_dax_model_kmem_driver_init(struct kds_dax_model_driver *drv,
				    struct kds_dax_model_platform *platform)
{
	memset(drv, 0, sizeof(*drv));
	drv->core.name = kds_dax_names_system.kmem;
	drv->core.kmem_default = true;
	drv->probe = model_kmem_probe;
	drv->remove = model_kmem_remove;
	drv->ctx = platform;
}
