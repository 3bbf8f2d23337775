// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: arbitrary platforms, devices, masks and transfers.
 * Besides the sanitizers (no shift by 64, no signed overflow, no read out
 * of bounds), it checks properties that must hold for every input:
 *   - a refused setter changes nothing; a combined setter changes both or
 *     neither;
 *   - kds_dma_set_mask() agrees with the negotiation report;
 *   - acceptance is monotonic in the mask for the platform's own rules;
 *   - a direct transfer (no IOMMU) really ends at or below the limit
 *     without wrapping; a bounce names a buffer that is in reach and big
 *     enough;
 *   - the explanation always fits its buffer and is terminated;
 *   - the platform check, kds_dma_supported(), every setter and the
 *     required mask give what tests/howto_rules.h, an independent reading
 *     of the HOWTO's rules that shares no code with dma_mask.c, says.
 *
 * Userspace only (libFuzzer); the mask table runs in both worlds from
 * cases_masks.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kds_port.h"
#include "kds/dma.h"
#include "howto_rules.h"

struct reader {
	const uint8_t *p;
	size_t n;
};

static u64 take(struct reader *r, unsigned int bytes)
{
	u64 v = 0;

	while (bytes--) {
		v = (v << 8) | (r->n ? *r->p : 0);
		if (r->n) {
			r->p++;
			r->n--;
		}
	}
	return v;
}

/* Interesting 64-bit values: edges of widths and of the address space. */
static u64 take_addr(struct reader *r)
{
	unsigned int kind = (unsigned int)take(r, 1);

	switch (kind % 6) {
	case 0:
		return KDS_DMA_BIT_MASK(kind / 6 % 66);
	case 1:
		return KDS_DMA_BIT_MASK(kind / 6 % 66) + 1;
	case 2:
		return U64_MAX - take(r, 2);
	case 3:
		return take(r, 4);
	default:
		return take(r, 8);
	}
}

static bool refuse_odd(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	return !(mask & 1) == !coherent;
}

static const struct kds_dma_ops odd_ops = { .supported = refuse_odd };

#define CHECK(c) do { if (!(c)) abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One input's calls (LLVMFuzzerTestOneInput() checks the warnings after). */
static int fuzz_one(const uint8_t *data, size_t size)
{
	struct reader r = { data, size };
	struct kds_dma_platform p;
	struct kds_dma_dev dev;
	struct kds_dma_negotiation n;
	struct kds_dma_route route;
	char line[300];
	unsigned int flags, i;
	u64 mask, before, before_c, m1, m2, m3;
	int err, want, path, len;

	memset(&p, 0, sizeof(p));
	flags = (unsigned int)take(&r, 1);
	p.rule = (enum kds_dma_rule)(flags & 3);	/* 2 and 3 are invalid */
	p.iommu = flags & 4;
	p.zone_dma_bits = (unsigned int)take(&r, 1) % 70;
	p.ram_top = take_addr(&r);
	p.dma_offset = (flags & 8) ? take_addr(&r) : 0;
	p.nr_bounce = (unsigned int)take(&r, 1) % (KDS_DMA_MAX_BOUNCE + 2);
	for (i = 0; i < KDS_DMA_MAX_BOUNCE; i++) {
		p.bounce[i].base = take_addr(&r);
		p.bounce[i].size = take(&r, 3);
		p.bounce[i].max_mapping = take(&r, 2);
	}
	kds_dma_dev_init(&dev, (flags & 16) ? "fz" : NULL, &p, (flags & 32) ? &mask : NULL);
	if (flags & 64)
		dev.ops = &odd_ops;
	dev.bus_dma_limit = (flags & 128) ? take_addr(&r) : 0;

	CHECK((kds_dma_platform_check(&p) == 0) == howto_platform_valid(&p));
	if (kds_dma_platform_check(&p)) {
		CHECK(kds_dma_set_mask(&dev, 0) == -EINVAL);
		CHECK(kds_dma_check_transfer(&dev, 0, 1, NULL) == -EINVAL);
		return 0;
	}

	/* Setters agree with the report and change all or nothing. */
	m1 = take_addr(&r);
	m2 = take_addr(&r);
	CHECK(kds_dma_negotiate(&dev, m1, m2, &n) == 0);
	CHECK(kds_dma_supported(&dev, m1) == howto_supported(&dev, m1));
	CHECK(kds_dma_supported(&dev, m2) == howto_supported(&dev, m2));
	CHECK(kds_dma_get_required_mask(&dev) == howto_required_mask(&dev));
	before = dev.dma_mask ? *dev.dma_mask : 0;
	before_c = dev.coherent_dma_mask;
	err = kds_dma_set_mask(&dev, m1);
	CHECK(err == howto_set_mask(&dev, m1));
	CHECK(err == n.streaming_err);
	CHECK(dev.dma_mask ? *dev.dma_mask == (err ? before : m1) : true);
	err = kds_dma_set_coherent_mask(&dev, m2);
	CHECK(err == howto_set_coherent_mask(&dev, m2));
	CHECK(err == n.coherent_err);
	CHECK(dev.coherent_dma_mask == (err ? before_c : m2));

	before = dev.dma_mask ? *dev.dma_mask : 0;
	before_c = dev.coherent_dma_mask;
	m3 = take_addr(&r);
	want = howto_set_mask_and_coherent(&dev, m3);
	err = kds_dma_set_mask_and_coherent(&dev, m3);
	CHECK(err == want);
	if (err) {
		CHECK(dev.dma_mask ? *dev.dma_mask == before : true);
		CHECK(dev.coherent_dma_mask == before_c);
	} else {
		CHECK(*dev.dma_mask == m3 && dev.coherent_dma_mask == m3);
	}

	/* Monotonic acceptance under the platform's own rules. */
	if (!dev.ops && m1 <= m2 && kds_dma_supported(&dev, m1))
		CHECK(kds_dma_supported(&dev, m2));

	/* Transfers. */
	for (i = 0; i < 4; i++) {
		u64 addr = take_addr(&r), len64 = take_addr(&r), last;

		path = kds_dma_check_transfer(&dev, addr, len64, &route);
		if (!len64 || __builtin_add_overflow(addr, len64 - 1, &last)) {
			CHECK(path == -EINVAL);
			continue;
		}
		CHECK(path >= KDS_DMA_DIRECT && path <= KDS_DMA_IMPOSSIBLE);
		CHECK(route.path == (enum kds_dma_path)path);
		if (path == KDS_DMA_DIRECT && !p.iommu) {
			u64 bus_last;

			CHECK(!__builtin_add_overflow(route.bus_start, len64 - 1, &bus_last));
			CHECK(bus_last <= route.limit);
		}
		if (path == KDS_DMA_BOUNCE) {
			const struct kds_dma_bounce *b;
			u64 pool_last;

			CHECK(route.bounce >= 0 && (unsigned int)route.bounce < p.nr_bounce);
			b = &p.bounce[route.bounce];
			CHECK(len64 <= (b->max_mapping ? b->max_mapping : b->size));
			CHECK(!__builtin_add_overflow(kds_dma_phys_to_bus(&p, b->base),
						      b->size - 1, &pool_last));
			CHECK(pool_last <= route.limit);
		} else {
			CHECK(route.bounce == -1);
		}
	}

	/* The explanation fits any buffer. */
	CHECK(kds_dma_negotiate(&dev, m2, m1, &n) == 0);
	for (i = 0; i <= sizeof(line); i += 37) {
		memset(line, 'x', sizeof(line));
		len = kds_dma_explain(&dev, &n, line, i);
		CHECK(len >= 0 && (i == 0 ? len == 0 : (size_t)len < i));
		if (i)
			CHECK(line[len] == '\0' && strlen(line) == (size_t)len);
	}
	(void)kds_dma_get_required_mask(&dev);
	(void)kds_dma_addressing_limited(&dev);
	kds_warn_set_quiet(true);
	(void)kds_dma_probe(&dev, (enum kds_dma_probe_pattern)(flags % 3), line, sizeof(line));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int rc;

	kds_warn_reset();
	rc = fuzz_one(data, size);
	/* quiet holds back messages, never a warning nothing expected */
	if (kds_warn_unexpected_count()) {
		fprintf(stderr, "dma fuzz: %lu unexpected warning(s)\n",
			kds_warn_unexpected_count());
		abort();
	}
	return rc;
}
