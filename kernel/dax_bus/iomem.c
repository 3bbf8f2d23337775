// SPDX-License-Identifier: GPL-2.0
/*
 * iomem.c - taking kds_kmem's reservation out of the iomem tree. Kernel
 * headers only (never "kds_port.h"): the resource is the kernel's own
 * allocation and goes back through the kernel's kfree(), not the port's
 * counted one. kds_test.ko builds this file too, to test it on a real
 * iomem tree (dax_bus/tests/kernel/dax_iomem.c).
 */
#include <linux/ioport.h>
#include <linux/slab.h>

#include "kds_dax_iomem.h"

void kds_dax_iomem_remove(struct resource *res)
{
	/*
	 * As Linux's kmem does: remove_resource() hands the range's children
	 * (a region another driver requested inside it) to its parent, where
	 * release_mem_region() would unlink them from the tree with it and
	 * leave them pointing at a freed parent.
	 */
	remove_resource(res);
	kfree(res);
}
