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

#define LXD_DEFINE(SZ)	LXD_ADAPTER(lx, SZ)
#define LXD_ENTRY(SZ)	LXD_ADAPTER_OPS(lx, SZ)

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
