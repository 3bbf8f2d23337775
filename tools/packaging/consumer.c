// SPDX-License-Identifier: GPL-2.0
/*
 * consumer.c - a program written against the kernel's names (kmalloc,
 * GFP_KERNEL, GENRADIX, genradix_ptr_alloc, DMA_BIT_MASK, ...), built
 * against an installed kds through its opt-in compat folder, the way
 * kernel code is built in userspace:
 *
 *	cc consumer.c $(pkg-config --cflags --libs kds-linux)
 *
 * (Bazel: deps = ["@kds//compat:linux"]). It uses the port and every
 * component the installed kds carries (kds/components.h), checks the
 * answers, and prints what it exercised. Exit status 0 means all held.
 * Built with -DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512 its
 * genradix is the 512-byte-node variant (kds_genradix512_*).
 */
#include <kds/components.h>
#include <kds/port.h>
#include <kds/version.h>

#include <linux/slab.h>
#ifdef KDS_HAVE_GENRADIX
#include <linux/generic-radix-tree.h>
#endif
#ifdef KDS_HAVE_DAX_BUS
#include <kds/dax_bus.h>
#endif
#ifdef KDS_HAVE_DMA
#include <linux/dma-mapping.h>
#endif

static int failures;

#define EXPECT(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "consumer: %s:%d: %s\n", __FILE__,	\
			__LINE__, #cond);				\
		failures++;						\
	}								\
} while (0)

static void use_port(void)
{
	char *p = kmalloc(32, GFP_KERNEL);

	EXPECT(p != NULL);
	EXPECT(kds_alloc_live() == 1);
	kfree(p);
	EXPECT(kds_alloc_live() == 0);
	kds_alloc_fail_nth(1);
	p = kmalloc(8, GFP_KERNEL | __GFP_NOWARN);
	EXPECT(p == NULL);
	kds_alloc_fail_off();
	EXPECT(kds_alloc_live() == 0);
	EXPECT(KDS_VERSION_CODE == KDS_VERSION(KDS_VERSION_MAJOR, KDS_VERSION_MINOR,
					       KDS_VERSION_PATCH));
	printf("consumer: kds %s: port", KDS_VERSION_STRING);
}

#ifdef KDS_HAVE_GENRADIX
static void use_genradix(void)
{
	GENRADIX(u64) g;
	u64 *v;

	genradix_init(&g);
	v = genradix_ptr_alloc(&g, 5000, GFP_KERNEL);
	EXPECT(v != NULL);
	if (v)
		*v = 42;
	v = genradix_ptr(&g, 5000);
	EXPECT(v && *v == 42);
	EXPECT(genradix_ptr(&g, 100000) == NULL);
	genradix_free(&g);
	EXPECT(kds_alloc_live() == 0);
	printf(" genradix(%zu-byte nodes)", (size_t)KDS_GENRADIX_NODE_SIZE);
}
#endif

#ifdef KDS_HAVE_DAX_BUS
static void use_dax_bus(void)
{
	char name[KDS_DAX_NAME_LEN];
	int region = -1, id = -1;

	EXPECT(kds_dax_parse_id("dax3.7\n", 7, &region, &id) == 0);
	EXPECT(region == 3 && id == 7);
	EXPECT(kds_dax_parse_id("dax3.x", 6, &region, &id) == -EINVAL);
	EXPECT(kds_dax_format_name(name, sizeof(name), 3, 7) == 6);
	EXPECT(strcmp(name, "dax3.7") == 0);
	printf(" dax_bus");
}
#endif

#ifdef KDS_HAVE_DMA
static void use_dma(void)
{
	struct kds_dma_platform platform = { .name = "consumer" };
	struct kds_dma_dev dev;
	u64 mask = 0;

	EXPECT(DMA_BIT_MASK(32) == 0xffffffffULL);
	kds_dma_dev_init(&dev, "consumer", &platform, &mask);
	EXPECT(dma_get_mask(&dev) == DMA_BIT_MASK(32));
	printf(" dma");
}
#endif

int main(void)
{
	use_port();
#ifdef KDS_HAVE_GENRADIX
	use_genradix();
#endif
#ifdef KDS_HAVE_DAX_BUS
	use_dax_bus();
#endif
#ifdef KDS_HAVE_DMA
	use_dma();
#endif
	printf(": %s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
