// SPDX-License-Identifier: GPL-2.0
/*
 * gr_linux.c - the running kernel's own genradix (the exported
 * __genradix_* functions, <linux/generic-radix-tree.h>) behind struct
 * kds_gr_impl. Kernel headers only: never includes "kds_port.h" or the
 * kds genradix header, whose struct names are the same.
 */
#include <linux/generic-radix-tree.h>
#include <linux/slab.h>

#include "gr_iface.h"

struct kds_gr_l24 { u8 b[24]; };
struct kds_gr_l40 { u8 b[40]; };

#define KDS_GR_LINUX(sz, type)						\
typedef GENRADIX(type) kds_gr_linux_tree_##sz;				\
static void *kds_gr_linux_create_##sz(void)				\
{									\
	kds_gr_linux_tree_##sz *t = kzalloc(sizeof(*t), GFP_KERNEL);	\
									\
	if (t)								\
		genradix_init(t);					\
	return t;							\
}									\
static void kds_gr_linux_destroy_##sz(void *tree)			\
{									\
	kds_gr_linux_tree_##sz *t = tree;				\
									\
	genradix_free(t);						\
	kfree(t);							\
}									\
static void *kds_gr_linux_ptr_##sz(void *tree, size_t idx)		\
{									\
	kds_gr_linux_tree_##sz *t = tree;				\
									\
	return genradix_ptr(t, idx);					\
}									\
static void *kds_gr_linux_alloc_##sz(void *tree, size_t idx)		\
{									\
	kds_gr_linux_tree_##sz *t = tree;				\
									\
	return genradix_ptr_alloc(t, idx, GFP_KERNEL);			\
}									\
static int kds_gr_linux_prealloc_##sz(void *tree, size_t nr)		\
{									\
	kds_gr_linux_tree_##sz *t = tree;				\
									\
	return genradix_prealloc(t, nr, GFP_KERNEL);			\
}									\
static size_t kds_gr_linux_each_##sz(void *tree, size_t start,	\
				     kds_gr_visit visit, void *ctx)	\
{									\
	kds_gr_linux_tree_##sz *t = tree;				\
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

KDS_GR_LINUX(1, u8)
KDS_GR_LINUX(8, u64)
KDS_GR_LINUX(24, struct kds_gr_l24)
KDS_GR_LINUX(40, struct kds_gr_l40)

#define KDS_GR_LINUX_IMPL(sz) {						\
	.name = "linux", .size = sz,					\
	.create = kds_gr_linux_create_##sz,				\
	.destroy = kds_gr_linux_destroy_##sz,				\
	.ptr = kds_gr_linux_ptr_##sz,					\
	.alloc = kds_gr_linux_alloc_##sz,				\
	.prealloc = kds_gr_linux_prealloc_##sz,				\
	.for_each_from = kds_gr_linux_each_##sz,			\
}

const struct kds_gr_impl kds_gr_impl_linux[KDS_GR_NR_SIZES] = {
	KDS_GR_LINUX_IMPL(1),
	KDS_GR_LINUX_IMPL(8),
	KDS_GR_LINUX_IMPL(24),
	KDS_GR_LINUX_IMPL(40),
};
