// SPDX-License-Identifier: GPL-2.0
/*
 * clean_consumer.c - a program that has names of its own the kernel also
 * uses, built against the installed kds headers as C and as C++, also
 * strictly (-std=c11 -pedantic, -std=c++17 -pedantic):
 *
 *	cc  -Wall -Wextra -Werror clean_consumer.c $(pkg-config --cflags --libs kds)
 *	c++ -Wall -Wextra -Werror -x c++ clean_consumer.c $(pkg-config --cflags --libs kds)
 *
 * It includes <sys/user.h> (which has its own PAGE_SIZE/PAGE_MASK), defines
 * its own max() and struct list_head, and then uses genradix, the DMA model
 * and the dax bus. It compiles only when the public kds headers keep their
 * own helpers to themselves. Exit status 0 means every answer held.
 */
#include <stdio.h>
#include <string.h>
#include <sys/user.h>

/* The program's own names. */
#define max(a, b)	((a) > (b) ? (a) : (b))
struct list_head {
	struct list_head *next;
	int payload;
};

#include <kds/version.h>
#include <kds/components.h>
#include <kds/genradix.h>
#include <kds/dma.h>
#include <kds/dax_bus.h>
#include <kds/port.h>

#if !defined(KDS_HAVE_GENRADIX) || !defined(KDS_HAVE_DMA) || !defined(KDS_HAVE_DAX_BUS)
#error "<kds/components.h> does not list the components this program uses"
#endif

/* Nothing of the kernel's spelling leaked in. */
#if defined(GFP_KERNEL) || defined(__GFP_ZERO) || defined(likely) || \
	defined(container_of) || defined(ARRAY_SIZE) || defined(kmalloc) || \
	defined(WARN_ON) || defined(GENRADIX) || defined(genradix_ptr) || \
	defined(DMA_BIT_MASK) || defined(min) || defined(list_head)
#error "a kds public header defined a kernel name"
#endif

static int failures;

#define EXPECT(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "clean_consumer: %s:%d: %s\n",		\
			__FILE__, __LINE__, #cond);			\
		failures++;						\
	}								\
} while (0)

int main(void)
{
	struct list_head mine = { NULL, 7 };
	KDS_GENRADIX(unsigned long long) g;
	struct kds_genradix_iter iter;
	unsigned long long *v;
	long live = kds_alloc_live();
	int n = 0;
	char name[KDS_DAX_NAME_LEN];
	int region = -1, id = -1;

	EXPECT(max(mine.payload, 3) == 7);
	EXPECT(PAGE_SIZE > 0);

	kds_genradix_init(&g);
	v = kds_genradix_ptr_alloc(&g, 5000, KDS_GFP_KERNEL);
	EXPECT(v != NULL);
	if (v)
		*v = 42;
	v = kds_genradix_ptr(&g, 5000);
	EXPECT(v && *v == 42);
	kds_genradix_for_each(&g, iter, v)
		n += *v == 42 && iter.pos == 5000;
	EXPECT(n == 1);
	EXPECT(kds_alloc_live() > live);
	kds_alloc_fail_nth(1);
	EXPECT(kds_genradix_ptr_alloc(&g, 1u << 24, KDS_GFP_KERNEL) == NULL);
	kds_alloc_fail_off();
	kds_genradix_free(&g);
	EXPECT(kds_alloc_live() == live);

	EXPECT(KDS_DMA_BIT_MASK(32) == 0xffffffffULL);

	EXPECT(kds_dax_parse_id("dax3.7", 6, &region, &id) == 0);
	EXPECT(region == 3 && id == 7);
	EXPECT(kds_dax_format_name(name, sizeof(name), 3, 7) == 6);
	EXPECT(strcmp(name, "dax3.7") == 0);

	printf("clean_consumer: kds %s: %s\n", KDS_VERSION_STRING,
	       failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
