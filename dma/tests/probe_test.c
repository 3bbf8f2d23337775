// SPDX-License-Identifier: GPL-2.0
/*
 * The probe helper: the DMA-API-HOWTO's two patterns (a 64-bit capable
 * device; 64-bit streaming with 32-bit coherent descriptors), each
 * succeeding and failing, with the exact warning text and the device left
 * as it was on failure.
 */
#include "kds_testing.h"
#include "kds/dma.h"

KDS_TEST_SUITE(dma_probe);

static const struct kds_dma_platform x86 = {
	.name = "x86-64",
	.rule = KDS_DMA_RULE_5_6,
	.zone_dma_bits = 24,
	.ram_top = 0x3fffff000ULL,
};

/* A bus whose coherent memory is limited to 32 bits. */
static bool coherent_32_only(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	return !coherent || mask <= KDS_DMA_BIT_MASK(32);
}

/* A bus that offers no coherent memory below 36 bits. */
static bool coherent_36_up(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	return !coherent || mask >= KDS_DMA_BIT_MASK(36);
}

static const struct kds_dma_ops c32_ops = { .supported = coherent_32_only };
static const struct kds_dma_ops c36_ops = { .supported = coherent_36_up };

#define WARN_MYDEV "mydev: no suitable DMA addressing available, not using DMA"

Test(dma_probe, pattern_64_success)
{
	char warn[KDS_DMA_WARN_LEN] = "stale";
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "mydev", &x86, &mask);
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), 0);
	cr_assert_str_eq(warn, "");
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(64));
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(64));
	cr_assert_eq(kds_warn_count(), 0);
}

Test(dma_probe, pattern_64_failure_no_mask_pointer)
{
	char warn[KDS_DMA_WARN_LEN];
	struct kds_dma_dev dev;

	kds_warn_set_quiet(true);
	kds_dma_dev_init(&dev, "mydev", &x86, NULL);
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EIO);
	cr_assert_str_eq(warn, WARN_MYDEV);
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32), "unchanged");
}

Test(dma_probe, pattern_64_failure_coherent_refused)
{
	char warn[KDS_DMA_WARN_LEN];
	struct kds_dma_dev dev;
	u64 mask;

	kds_warn_set_quiet(true);
	kds_dma_dev_init(&dev, "mydev", &x86, &mask);
	dev.ops = &c32_ops;
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EIO);
	cr_assert_str_eq(warn, WARN_MYDEV);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(32), "both or neither");
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
}

Test(dma_probe, pattern_split_success)
{
	char warn[KDS_DMA_WARN_LEN] = "stale";
	struct kds_dma_dev dev;
	u64 mask;

	/* The bus that made the combined pattern fail suits this one. */
	kds_dma_dev_init(&dev, "mydev", &x86, &mask);
	dev.ops = &c32_ops;
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64_STREAM_32_COHERENT,
				   warn, sizeof(warn)), 0);
	cr_assert_str_eq(warn, "");
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(64));
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
}

Test(dma_probe, pattern_split_streaming_failure)
{
	char warn[KDS_DMA_WARN_LEN];
	struct kds_dma_dev dev;

	kds_warn_set_quiet(true);
	kds_dma_dev_init(&dev, "mydev", &x86, NULL);
	dev.coherent_dma_mask = 0x1234;
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64_STREAM_32_COHERENT,
				   warn, sizeof(warn)), -EIO);
	cr_assert_str_eq(warn, WARN_MYDEV);
	cr_assert_eq(dev.coherent_dma_mask, 0x1234, "coherent never attempted");
}

Test(dma_probe, pattern_split_coherent_failure_restores_streaming)
{
	char warn[KDS_DMA_WARN_LEN];
	struct kds_dma_dev dev;
	u64 mask;

	kds_warn_set_quiet(true);
	kds_dma_dev_init(&dev, "mydev", &x86, &mask);
	dev.ops = &c36_ops;
	mask = KDS_DMA_BIT_MASK(40);
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64_STREAM_32_COHERENT,
				   warn, sizeof(warn)), -EIO);
	cr_assert_str_eq(warn, WARN_MYDEV);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(40), "streaming mask put back");
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
}

Test(dma_probe, bad_input_and_warning_buffers)
{
	char warn[KDS_DMA_WARN_LEN];
	char small[8];
	struct kds_dma_platform bad = x86;
	struct kds_dma_dev dev;
	u64 mask;

	kds_warn_set_quiet(true);
	kds_dma_dev_init(&dev, NULL, &x86, NULL);
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EIO);
	cr_assert_str_eq(warn, "device: no suitable DMA addressing available, not using DMA");
	/* Truncated, still terminated; a NULL buffer is allowed. */
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, small, sizeof(small)), -EIO);
	cr_assert_str_eq(small, "device:");
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, NULL, 0), -EIO);

	kds_dma_dev_init(&dev, "mydev", &x86, &mask);
	cr_assert_eq(kds_dma_probe(&dev, (enum kds_dma_probe_pattern)5, warn, sizeof(warn)),
		     -EINVAL);
	cr_assert_str_eq(warn, WARN_MYDEV);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(32));

	bad.zone_dma_bits = 99;
	dev.platform = &bad;
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EINVAL);
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64_STREAM_32_COHERENT,
				   warn, sizeof(warn)), -EINVAL);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(kds_dma_probe(NULL, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EINVAL);
	cr_assert_str_eq(warn, "device: no suitable DMA addressing available, not using DMA");
}
