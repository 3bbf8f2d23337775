// SPDX-License-Identifier: GPL-2.0
/*
 * linux_side.c - Linux's own genradix for the differential test. Built by
 * linux_diff_test.sh, never by Bazel: it includes lib/generic-radix-tree.c
 * and <linux/generic-radix-tree.h> extracted from the installed kernel
 * source tarball (nothing of them is kept in this repository), over the
 * shim in linux_shim/, with -DLXD_PAGE_SHIFT=12 or 9.
 */
#include <linux/generic-radix-tree.h>
#include "lib/generic-radix-tree.c"

#include "linux_diff.h"

long lxd_live_nodes;

#if LXD_PAGE_SHIFT >= 12
#define LXD_SIZES_BIG(X) LXD_SIZES_BIG_4K(X)
#else
#define LXD_SIZES_BIG(X)
#endif

#define LXD_DEFINE(SZ)							\
struct lx_e##SZ { u8 b[SZ]; };						\
typedef GENRADIX(struct lx_e##SZ) lx_radix_##SZ;			\
static void *lx_create_##SZ(void)					\
{									\
	lx_radix_##SZ *r = malloc(sizeof(*r));				\
	if (r)								\
		genradix_init(r);					\
	return r;							\
}									\
static void lx_destroy_##SZ(void *r)					\
{ genradix_free((lx_radix_##SZ *)r); free(r); }				\
static void *lx_ptr_##SZ(void *r, size_t i)				\
{ return genradix_ptr((lx_radix_##SZ *)r, i); }				\
static void *lx_alloc_##SZ(void *r, size_t i)				\
{ return genradix_ptr_alloc((lx_radix_##SZ *)r, i, GFP_KERNEL); }	\
static int lx_prealloc_##SZ(void *r, size_t nr)				\
{ return genradix_prealloc((lx_radix_##SZ *)r, nr, GFP_KERNEL); }	\
static void lx_reset_##SZ(void *r)					\
{ genradix_free((lx_radix_##SZ *)r); }					\
static size_t lx_walk_##SZ(void *r, size_t start, size_t max,		\
			   size_t *pos, void **p)			\
{									\
	struct genradix_iter iter;					\
	struct lx_e##SZ *e;						\
	size_t n = 0;							\
	if (!max)							\
		return 0;						\
	genradix_for_each_from((lx_radix_##SZ *)r, iter, e, start) {	\
		pos[n] = iter.pos;					\
		p[n] = e;						\
		if (++n == max)						\
			break;						\
	}								\
	return n;							\
}

#define LXD_ENTRY(SZ) {							\
	.size = SZ, .create = lx_create_##SZ, .destroy = lx_destroy_##SZ, \
	.ptr = lx_ptr_##SZ, .alloc = lx_alloc_##SZ,			\
	.prealloc = lx_prealloc_##SZ, .reset = lx_reset_##SZ,		\
	.walk = lx_walk_##SZ,						\
},

LXD_SIZES(LXD_DEFINE)

static const struct lxd_ops lx_ops[] = {
	LXD_SIZES(LXD_ENTRY)
};

const struct lxd_side lxd_linux_side = {
	.node_shift = PAGE_SHIFT,
	.count = sizeof(lx_ops) / sizeof(lx_ops[0]),
	.ops = lx_ops,
	.live_nodes = &lxd_live_nodes,
};
