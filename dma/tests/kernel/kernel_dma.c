// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_dma.c - a real platform device for the DMA cross-check: the
 * kernel's own dma_set_mask()/dma_set_coherent_mask() answers, and the
 * facts (ZONE_DMA width, top of RAM, DMA offset, IOMMU, swiotlb) the kds
 * model is filled from. Kernel headers only: never includes "kds_port.h".
 */
#include <linux/dma-direct.h>
#include <linux/dma-mapping.h>
#include <linux/dma-map-ops.h>
#include <linux/log2.h>
#include <linux/mmzone.h>
#include <linux/nodemask.h>
#include <linux/platform_device.h>
#include <linux/swiotlb.h>

#include "kernel_side.h"

static struct platform_device *kds_test_pdev;

int kds_test_dma_dev_create(void)
{
	struct platform_device *pdev;

	pdev = platform_device_register_simple("kds_test_dma", PLATFORM_DEVID_NONE,
					       NULL, 0);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	kds_test_pdev = pdev;
	return 0;
}

void kds_test_dma_dev_destroy(void)
{
	if (kds_test_pdev)
		platform_device_unregister(kds_test_pdev);
	kds_test_pdev = NULL;
}

/*
 * Whether the device bounces through a swiotlb: what is_swiotlb_active()
 * answers, read from the device's pool directly because later kernels no
 * longer export that function to modules.
 */
static bool kds_test_swiotlb_active(struct device *dev)
{
#ifdef CONFIG_SWIOTLB
	return dev->dma_io_tlb_mem && dev->dma_io_tlb_mem->nslabs;
#else
	return false;
#endif
}

int kds_test_dma_facts(struct kds_test_dma_facts *f)
{
	struct device *dev = &kds_test_pdev->dev;
	unsigned long end_pfn = 0;
	int nid;

	memset(f, 0, sizeof(*f));
	for_each_online_node(nid) {
		struct pglist_data *pgdat = NODE_DATA(nid);
		unsigned long end = pgdat_end_pfn(pgdat);

		if (end > end_pfn)
			end_pfn = end;
#ifdef CONFIG_ZONE_DMA
		{
			struct zone *z = &pgdat->node_zones[ZONE_DMA];
			u64 zend = PFN_PHYS((u64)zone_end_pfn(z));

			if (z->spanned_pages) {
				/*
				 * A zone that ends where the node's RAM does
				 * (arm64's ZONE_DMA over all RAM below its
				 * limit) only says its limit is at least the
				 * next power of two; where the RAM ends below
				 * it, either gives the model the same answers.
				 */
				if (!is_power_of_2(zend) && zend == PFN_PHYS((u64)end))
					zend = 1ULL << fls64(zend - 1);
				if (!is_power_of_2(zend))
					return -EOPNOTSUPP;
				f->zone_dma_bits = max_t(unsigned int, f->zone_dma_bits,
							 ilog2(zend));
			}
		}
#endif
	}
	if (!end_pfn)
		return -EOPNOTSUPP;
	f->ram_top = PFN_PHYS((u64)end_pfn - 1);
	/*
	 * The first range's CPU-to-DMA offset. Later kernels dropped the
	 * cached ->offset; the two starts it was made from are in every
	 * kernel kds supports.
	 */
	f->dma_offset = dev->dma_range_map ?
		dev->dma_range_map->cpu_start - dev->dma_range_map->dma_start : 0;
	f->iommu = get_dma_ops(dev) != NULL;
	f->swiotlb = kds_test_swiotlb_active(dev);
	return 0;
}

int kds_test_dma_set(u64 mask, bool coherent)
{
	struct device *dev = &kds_test_pdev->dev;

	return coherent ? dma_set_coherent_mask(dev, mask) : dma_set_mask(dev, mask);
}

u64 kds_test_dma_get(bool coherent)
{
	struct device *dev = &kds_test_pdev->dev;

	if (coherent)
		return dev->coherent_dma_mask;
	return dev->dma_mask ? *dev->dma_mask : 0;
}

u64 kds_test_dma_required(void)
{
	return dma_get_required_mask(&kds_test_pdev->dev);
}
