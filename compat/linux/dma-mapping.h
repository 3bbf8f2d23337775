/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/dma-mapping.h> for userspace: the kernel's DMA mask API over kds's
 * DMA model (kds/dma.h), on struct kds_dma_dev. Only the mask calls kds
 * models are provided.
 */
#ifndef KDS_COMPAT_LINUX_DMA_MAPPING_H
#define KDS_COMPAT_LINUX_DMA_MAPPING_H

#include "../kds_compat.h"
#include "kds/dma.h"

/** DMA_BIT_MASK() - the kernel's name for KDS_DMA_BIT_MASK(). */
#define DMA_BIT_MASK(n)				KDS_DMA_BIT_MASK(n)
/** dma_set_mask() - kds_dma_set_mask() under the kernel's name. */
#define dma_set_mask(dev, mask)			kds_dma_set_mask(dev, mask)
/** dma_set_coherent_mask() - kds_dma_set_coherent_mask() under the kernel's name. */
#define dma_set_coherent_mask(dev, mask)	kds_dma_set_coherent_mask(dev, mask)
/** dma_set_mask_and_coherent() - kds_dma_set_mask_and_coherent() under the kernel's name. */
#define dma_set_mask_and_coherent(dev, mask)	kds_dma_set_mask_and_coherent(dev, mask)
/** dma_coerce_mask_and_coherent() - kds_dma_coerce_mask_and_coherent() under the kernel's name. */
#define dma_coerce_mask_and_coherent(dev, mask)	kds_dma_coerce_mask_and_coherent(dev, mask)
/** dma_supported() - kds_dma_supported() under the kernel's name. */
#define dma_supported(dev, mask)		kds_dma_supported(dev, mask)
/** dma_get_mask() - kds_dma_get_mask() under the kernel's name. */
#define dma_get_mask(dev)			kds_dma_get_mask(dev)
/** dma_get_required_mask() - kds_dma_get_required_mask() under the kernel's name. */
#define dma_get_required_mask(dev)		kds_dma_get_required_mask(dev)
/** dma_addressing_limited() - kds_dma_addressing_limited() under the kernel's name. */
#define dma_addressing_limited(dev)		kds_dma_addressing_limited(dev)

#endif /* KDS_COMPAT_LINUX_DMA_MAPPING_H */
