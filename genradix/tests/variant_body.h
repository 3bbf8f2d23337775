/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The body of one node-size variant's run, included by variant_default.c
 * and variant_512.c: each translation unit selects its variant before
 * including genradix.h, then names its entry point with GR_VARIANT_RUN.
 */
#include "kds_port.h"
#include <linux/generic-radix-tree.h>
#include "variants_test.h"

size_t GR_VARIANT_RUN(size_t n, long *bytes)
{
	GENRADIX(u32) r;
	struct genradix_iter iter;
	struct kds_alloc_stats st;
	u32 *p;
	size_t i, seen = 0;

	genradix_init(&r);
	for (i = 0; i < n; i++) {
		p = genradix_ptr_alloc(&r, i, GFP_KERNEL);
		if (!p)
			return 0;
		*p = (u32)i + 1;
	}
	kds_alloc_stats(&st);
	*bytes = st.live_bytes;
	genradix_for_each(&r, iter, p)
		if (*p && *p == iter.pos + 1)
			seen++;
	genradix_free(&r);
	return seen == n ? KDS_GENRADIX_NODE_SIZE : 0;
}
