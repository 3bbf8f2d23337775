/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gr_impl.h - the struct kds_gr_impl adapters of gr_kds.c and gr_linux.c,
 * written once. The two files include different genradix headers (kds's
 * and the kernel's define the same struct names, so they never meet in one
 * file); each includes its own and then this header, whose macros expand
 * against whichever GENRADIX(), genradix_*() and struct genradix_iter are
 * in scope. This header includes neither.
 */
#ifndef KDS_TEST_GR_IMPL_H
#define KDS_TEST_GR_IMPL_H

#include "gr_iface.h"

/*
 * KDS_GR_ADAPTER(pfx, sz, type) - <pfx>_{create,destroy,ptr,alloc,prealloc,
 * each}_<sz>(): one tree type of @type entries behind the function
 * pointers of struct kds_gr_impl.
 */
#define KDS_GR_ADAPTER(pfx, sz, type)					\
typedef GENRADIX(type) pfx##_tree_##sz;					\
static void *pfx##_create_##sz(void)					\
{									\
	pfx##_tree_##sz *t = kzalloc(sizeof(*t), GFP_KERNEL);		\
									\
	if (t)								\
		genradix_init(t);					\
	return t;							\
}									\
static void pfx##_destroy_##sz(void *tree)				\
{									\
	pfx##_tree_##sz *t = tree;					\
									\
	genradix_free(t);						\
	kfree(t);							\
}									\
static void *pfx##_ptr_##sz(void *tree, size_t idx)			\
{									\
	pfx##_tree_##sz *t = tree;					\
									\
	return genradix_ptr(t, idx);					\
}									\
static void *pfx##_alloc_##sz(void *tree, size_t idx)			\
{									\
	pfx##_tree_##sz *t = tree;					\
									\
	return genradix_ptr_alloc(t, idx, GFP_KERNEL);			\
}									\
static int pfx##_prealloc_##sz(void *tree, size_t nr)			\
{									\
	pfx##_tree_##sz *t = tree;					\
									\
	return genradix_prealloc(t, nr, GFP_KERNEL);			\
}									\
static size_t pfx##_each_##sz(void *tree, size_t start,			\
				       kds_gr_visit visit, void *ctx)	\
{									\
	pfx##_tree_##sz *t = tree;					\
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

/* The struct kds_gr_impl initializer for KDS_GR_ADAPTER(pfx, sz, ...). */
#define KDS_GR_ADAPTER_IMPL(label, pfx, sz) {				\
	.name = label, .size = sz,					\
	.create = pfx##_create_##sz,					\
	.destroy = pfx##_destroy_##sz,					\
	.ptr = pfx##_ptr_##sz,						\
	.alloc = pfx##_alloc_##sz,					\
	.prealloc = pfx##_prealloc_##sz,				\
	.for_each_from = pfx##_each_##sz,				\
}

/*
 * KDS_GR_IMPLS(name) - kds_gr_impl_<name>[]: adapters for every size of
 * KDS_GR_SIZES (1, 8, 24 and 40 bytes), named "<name>". @name is only ever
 * pasted or stringified, never expanded: "linux" is a predefined macro.
 */
#define KDS_GR_IMPLS(name)						\
struct kds_gr_##name##_e24 { u8 b[24]; };				\
struct kds_gr_##name##_e40 { u8 b[40]; };				\
KDS_GR_ADAPTER(kds_gr_##name, 1, u8)					\
KDS_GR_ADAPTER(kds_gr_##name, 8, u64)					\
KDS_GR_ADAPTER(kds_gr_##name, 24, struct kds_gr_##name##_e24)		\
KDS_GR_ADAPTER(kds_gr_##name, 40, struct kds_gr_##name##_e40)		\
const struct kds_gr_impl kds_gr_impl_##name[KDS_GR_NR_SIZES] = {	\
	KDS_GR_ADAPTER_IMPL(#name, kds_gr_##name, 1),			\
	KDS_GR_ADAPTER_IMPL(#name, kds_gr_##name, 8),			\
	KDS_GR_ADAPTER_IMPL(#name, kds_gr_##name, 24),			\
	KDS_GR_ADAPTER_IMPL(#name, kds_gr_##name, 40),			\
}

#endif /* KDS_TEST_GR_IMPL_H */
