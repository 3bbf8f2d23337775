// SPDX-License-Identifier: GPL-2.0
/*
 * clean_consumer.c - a program that has names of its own the kernel also
 * uses, built against the installed kds headers as C and as C++:
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

#include "kds/version.h"
#include "kds/genradix.h"
#include "kds/dma.h"
#include "kds/dax_bus.h"

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
	GENRADIX(unsigned long long) g;
	unsigned long long *v;
	char name[KDS_DAX_NAME_LEN];
	int region = -1, id = -1;

	EXPECT(max(mine.payload, 3) == 7);
	EXPECT(PAGE_SIZE > 0);

	genradix_init(&g);
	v = genradix_ptr_alloc(&g, 5000, GFP_KERNEL);
	EXPECT(v != NULL);
	if (v)
		*v = 42;
	v = genradix_ptr(&g, 5000);
	EXPECT(v && *v == 42);
	genradix_free(&g);

	EXPECT(KDS_DMA_BIT_MASK(32) == 0xffffffffULL);

	EXPECT(kds_dax_parse_id("dax3.7", 6, &region, &id) == 0);
	EXPECT(region == 3 && id == 7);
	EXPECT(kds_dax_format_name(name, sizeof(name), 3, 7) == 6);
	EXPECT(strcmp(name, "dax3.7") == 0);

	printf("clean_consumer: kds %s: %s\n", KDS_VERSION_STRING,
	       failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
