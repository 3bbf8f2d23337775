/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_side.h - helpers of kds_test.ko that reach the running kernel's
 * own facilities (sysfs files, the kernel's genradix, the DMA API on a
 * real device). They live in .c files that never include "kds_port.h", so
 * the port's allocation macros and the kds headers never meet the
 * kernel's; only plain types cross this interface.
 */
#ifndef KDS_TEST_KERNEL_SIDE_H
#define KDS_TEST_KERNEL_SIDE_H

#include <linux/types.h>

/**
 * kds_test_sysfs_write() - write bytes to a sysfs attribute, as write(2) would.
 * @path: the attribute's path.
 * @buf: the bytes (may hold NULs).
 * @len: how many bytes to write.
 *
 * Context: process context.
 * Return: the write's result (bytes written or -errno); -ENOENT style
 * errors of opening the file are returned as they come.
 */
ssize_t kds_test_sysfs_write(const char *path, const void *buf, size_t len);

/**
 * kds_test_path_exists() - whether a file can be opened for writing.
 * @path: the path.
 *
 * Context: process context.
 * Return: true when it can.
 */
bool kds_test_path_exists(const char *path);

/**
 * struct kds_test_dma_facts - what the running kernel's DMA layer knows
 * about the test platform device.
 * @zone_dma_bits: width of ZONE_DMA (from the zone's span), 0 without one.
 * @ram_top: physical address of the last page frame of RAM
 *	(PFN_PHYS(end pfn - 1), over every online node).
 * @dma_offset: physical minus bus address for the device (0 unless the
 *	device has a DMA range map).
 * @iommu: the device's DMA goes through dma_map_ops (an IOMMU or another
 *	non-direct implementation) rather than the direct mapping.
 * @swiotlb: a bounce buffer is active for the device.
 */
struct kds_test_dma_facts {
	unsigned int zone_dma_bits;
	u64 ram_top;
	u64 dma_offset;
	bool iommu;
	bool swiotlb;
};

/**
 * kds_test_dma_dev_create() - register the platform device "kds_test_dma".
 *
 * Context: process context.
 * Return: 0 or -errno.
 */
int kds_test_dma_dev_create(void);

/**
 * kds_test_dma_dev_destroy() - unregister the device made by
 * kds_test_dma_dev_create() (no-op when there is none).
 *
 * Context: process context.
 */
void kds_test_dma_dev_destroy(void);

/**
 * kds_test_dma_facts() - read the DMA facts for the test device.
 * @f: filled in.
 *
 * Context: process context; the device exists.
 * Return: 0, or -EOPNOTSUPP when a fact cannot be read (a ZONE_DMA whose
 * end is not a power of two).
 */
int kds_test_dma_facts(struct kds_test_dma_facts *f);

/**
 * kds_test_dma_set() - the kernel's dma_set_mask() or dma_set_coherent_mask()
 * on the test device.
 * @mask: the mask.
 * @coherent: which one.
 *
 * Context: process context; the device exists.
 * Return: what the kernel returned.
 */
int kds_test_dma_set(u64 mask, bool coherent);

/**
 * kds_test_dma_get() - the test device's current mask.
 * @coherent: coherent or streaming.
 *
 * Context: process context; the device exists.
 * Return: the mask (0 when the device has no streaming mask pointer).
 */
u64 kds_test_dma_get(bool coherent);

/**
 * kds_test_dma_required() - the kernel's dma_get_required_mask() for the
 * test device.
 *
 * Context: process context; the device exists.
 * Return: the mask.
 */
u64 kds_test_dma_required(void);

#endif /* KDS_TEST_KERNEL_SIDE_H */
