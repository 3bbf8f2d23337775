/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_dax_iomem.h - kds_kmem's reservation in the iomem tree.
 */
#ifndef KDS_DAX_IOMEM_H
#define KDS_DAX_IOMEM_H

struct resource;

/**
 * kds_dax_iomem_remove() - take a reservation out of the iomem tree and
 *	free it.
 * @res: a resource request_mem_region() returned, whose flags may since
 *	have been changed (kds_kmem clears the busy flag so that the memory
 *	it adds nests inside).
 *
 * Whatever was requested inside @res stays in the tree, moved up to
 * @res's parent.
 *
 * Context: process context.
 */
void kds_dax_iomem_remove(struct resource *res);

#endif /* KDS_DAX_IOMEM_H */
