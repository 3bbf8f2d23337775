/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cases_dax.h - what the dax bus's case files share: sizes, a
 * sysfs-sized buffer and a bus with a region and three devices. Includes only the port and the dax bus header.
 */
#ifndef KDS_DAX_CASES_DAX_H
#define KDS_DAX_CASES_DAX_H

#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"

#define DAX_SZ_2M	(2ULL << 20)
#define DAX_SZ_128M	(128ULL << 20)
#define DAX_SZ_1G	(1ULL << 30)

/* Runs @fn with a sysfs-sized buffer (a page: too big for a kernel stack). */
static inline void dax_with_attr_buf(struct kds_expect *e,
				     void (*fn)(struct kds_expect *e, char *buf))
{
	char *buf = kmalloc(KDS_DAX_ATTR_BUF_SIZE, GFP_KERNEL);

	if (!KDS_EXPECT(e, buf))
		return;
	fn(e, buf);
	kfree(buf);
}

/*
 * A show's return @n and the text it left in @buf against @want; the text
 * is compared only once its length is right. True when both match.
 */
#define DAX_EXPECT_SHOWN(e, n, buf, want) ({				\
	ssize_t __n = (n);						\
	size_t __len = strlen(want);					\
									\
	KDS_EXPECT_EQ(e, __n, (ssize_t)__len) &&			\
		KDS_EXPECT_EQ(e, memcmp(buf, want, __len), 0);		\
})

struct dax_bus_fixture {
	struct kds_dax_bus bus;
	struct kds_dax_region *region;
	struct kds_dev_dax dev0, dev1, legacy;
};

/* A bus, a region and three devices on it (two bus, one class device). */
static inline bool dax_bus_fixture_init(struct kds_expect *e, struct dax_bus_fixture *f)
{
	memset(f, 0, sizeof(*f));
	kds_dax_bus_init(&f->bus);
	f->region = kds_dax_region_alloc(NULL, 0, 0x100000000ULL,
					 1ULL << 30, 1, 1 << 21, 0);
	if (!KDS_EXPECT(e, !IS_ERR(f->region)))
		return false;
	return KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->dev0, f->region, 0, KDS_DEV_DAX_BUS), 0) &&
	       KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->dev1, f->region, 1, KDS_DEV_DAX_BUS), 0) &&
	       KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->legacy, f->region, 2, KDS_DEV_DAX_CLASS), 0);
}

static inline void dax_bus_fixture_fini(struct dax_bus_fixture *f)
{
	kds_dev_dax_release(&f->dev0);
	kds_dev_dax_release(&f->dev1);
	kds_dev_dax_release(&f->legacy);
	kds_dax_region_unregister(f->region);
	kds_dax_region_put(f->region);
	kds_dax_bus_destroy(&f->bus);
}

#endif /* KDS_DAX_CASES_DAX_H */
