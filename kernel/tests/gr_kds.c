// SPDX-License-Identifier: GPL-2.0
/*
 * gr_kds.c - the kds genradix (genradix/genradix.h, PAGE_SIZE nodes as
 * built into the module) behind struct kds_gr_impl.
 */
#include "kds_port.h"
#include "gr_iface.h"

#if __has_include("genradix/genradix.h")
#include "genradix/genradix.h"

struct kds_gr_e24 { u8 b[24]; };
struct kds_gr_e40 { u8 b[40]; };

#define KDS_GR_KDS(sz, type)						\
typedef GENRADIX(type) kds_gr_kds_tree_##sz;				\
static void *kds_gr_kds_create_##sz(void)				\
{									\
	kds_gr_kds_tree_##sz *t = kzalloc(sizeof(*t), GFP_KERNEL);	\
									\
	if (t)								\
		genradix_init(t);					\
	return t;							\
}									\
static void kds_gr_kds_destroy_##sz(void *tree)			\
{									\
	kds_gr_kds_tree_##sz *t = tree;					\
									\
	genradix_free(t);						\
	kfree(t);							\
}									\
static void *kds_gr_kds_ptr_##sz(void *tree, size_t idx)		\
{									\
	kds_gr_kds_tree_##sz *t = tree;					\
									\
	return genradix_ptr(t, idx);					\
}									\
static void *kds_gr_kds_alloc_##sz(void *tree, size_t idx)		\
{									\
	kds_gr_kds_tree_##sz *t = tree;					\
									\
	return genradix_ptr_alloc(t, idx, GFP_KERNEL);			\
}									\
static int kds_gr_kds_prealloc_##sz(void *tree, size_t nr)		\
{									\
	kds_gr_kds_tree_##sz *t = tree;					\
									\
	return genradix_prealloc(t, nr, GFP_KERNEL);			\
}									\
static size_t kds_gr_kds_each_##sz(void *tree, size_t start,		\
				   kds_gr_visit visit, void *ctx)	\
{									\
	kds_gr_kds_tree_##sz *t = tree;					\
	struct genradix_iter iter;					\
	type *e;							\
	size_t n = 0;							\
									\
	genradix_for_each_from(t, iter, e, start) {			\
		n++;							\
		if (!visit(ctx, iter.pos, e))				\
			break;						\
	}								\
	return n;							\
}

KDS_GR_KDS(1, u8)
KDS_GR_KDS(8, u64)
KDS_GR_KDS(24, struct kds_gr_e24)
KDS_GR_KDS(40, struct kds_gr_e40)

#define KDS_GR_KDS_IMPL(sz) {						\
	.name = "kds", .size = sz,					\
	.create = kds_gr_kds_create_##sz,				\
	.destroy = kds_gr_kds_destroy_##sz,				\
	.ptr = kds_gr_kds_ptr_##sz,					\
	.alloc = kds_gr_kds_alloc_##sz,					\
	.prealloc = kds_gr_kds_prealloc_##sz,				\
	.for_each_from = kds_gr_kds_each_##sz,				\
}

const struct kds_gr_impl kds_gr_impl_kds[KDS_GR_NR_SIZES] = {
	KDS_GR_KDS_IMPL(1),
	KDS_GR_KDS_IMPL(8),
	KDS_GR_KDS_IMPL(24),
	KDS_GR_KDS_IMPL(40),
};

const bool kds_gr_kds_built = true;

#else /* genradix is not part of this build: gr_seq.c skips its suites */

const struct kds_gr_impl kds_gr_impl_kds[KDS_GR_NR_SIZES];
const bool kds_gr_kds_built;

#endif
