// SPDX-License-Identifier: GPL-2.0
#include "kds_check.h"
#include "genradix/genradix.h"
#include "variants_test.h"

size_t variant_default_run(size_t n, long *bytes)
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
