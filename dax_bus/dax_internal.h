/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dax_internal.h - what the dax bus core's files share and no glue calls:
 * a dynamic region's device list (space.c), used by the dev_dax
 * lifecycle (region.c), and the registered test both make (so that
 * space.c needs nothing of region.c: the files use each other one way).
 */
#ifndef KDS_DAX_INTERNAL_H
#define KDS_DAX_INTERNAL_H

#include "kds_port.h"
#include "kds/dax_bus.h"

/**
 * kds_dax_region_live() - kds_dax_region_is_registered(), for the core's
 * own files.
 * @region: the region, or NULL.
 *
 * The acquire pairs with the release that registers @region.
 *
 * Return: whether @region is registered (false for NULL).
 */
static inline bool kds_dax_region_live(const struct kds_dax_region *region)
{
	return region && smp_load_acquire(&region->registered) != 0;
}

/**
 * kds_dev_dax_list() - a new device of a dynamic region takes its id.
 * @dev_dax: the device being initialised.
 * @region: its dynamic region.
 * @id: in: the id wanted, or -1 for the lowest free one; out: the id.
 *
 * Return: 0; -EEXIST when a device of the region holds the id; -ENOSPC
 * when every int is taken.
 */
int kds_dev_dax_list(struct kds_dev_dax *dev_dax, struct kds_dax_region *region,
		     int *id);

/**
 * kds_dev_dax_unlist() - the final release: bytes and id go back.
 * @dev_dax: the device.
 * @region: its region (nothing happens on a static one).
 */
void kds_dev_dax_unlist(struct kds_dev_dax *dev_dax,
			struct kds_dax_region *region);

#endif /* KDS_DAX_INTERNAL_H */
