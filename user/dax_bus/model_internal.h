/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model_internal.h - what the model's sources share with each other and
 * nobody else: the driver-core steps the attribute files call.
 */
#ifndef KDS_USER_DAX_MODEL_INTERNAL_H
#define KDS_USER_DAX_MODEL_INTERNAL_H

#include "user/dax_bus/dax_model.h"

/*
 * The model a driver was registered with. Set once, under the model lock,
 * and never cleared, so stores may find the lock to take without it.
 */
static inline struct kds_dax_model *kds_dax_model_of(struct kds_dax_model_driver *drv)
{
	return smp_load_acquire(&drv->model);
}

struct kds_dax_model_dev *kds_dax_model_lookup(struct list_head *list,
					       const char *name);
int kds_dax_model_probe(struct kds_dax_model_dev *dev,
			struct kds_dax_model_driver *drv);
void kds_dax_model_release_driver(struct kds_dax_model_dev *dev);
void kds_dax_model_driver_attach(struct kds_dax_model_driver *drv);

extern const struct kds_dax_kmem_ops kds_dax_model_kmem_ops;

#endif /* KDS_USER_DAX_MODEL_INTERNAL_H */
