/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dax_internal.h - what the dax bus core's files share and no glue calls:
 * a dynamic region's device list (space.c), used by the dev_dax
 * lifecycle (region.c).
 */
#ifndef KDS_DAX_INTERNAL_H
#define KDS_DAX_INTERNAL_H

#include "kds/dax_bus.h"

int kds_dev_dax_list(struct kds_dev_dax *dev_dax, struct kds_dax_region *region,
		     int *id);
void kds_dev_dax_unlist(struct kds_dev_dax *dev_dax,
			struct kds_dax_region *region);

#endif /* KDS_DAX_INTERNAL_H */
