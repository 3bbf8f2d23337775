// SPDX-License-Identifier: GPL-2.0
/*
 * linux_side.c - Linux's own genradix for the differential test. Built by
 * vs_linux_test.sh, never by Bazel: it includes lib/generic-radix-tree.c
 * and <linux/generic-radix-tree.h> extracted from the installed kernel
 * source tarball (nothing of them is kept in this repository), over the
 * shim in linux_shim/, with -DVS_LINUX_PAGE_SHIFT=12 or 9.
 */
#include <linux/generic-radix-tree.h>
#include "lib/generic-radix-tree.c"

#include "vs_linux.h"

long vs_linux_live_nodes;

#if VS_LINUX_PAGE_SHIFT >= 12
#define VS_LINUX_SIZES_BIG(X) VS_LINUX_SIZES_BIG_4K(X)
#else
#define VS_LINUX_SIZES_BIG(X)
#endif

#define VS_LINUX_DEFINE(SZ)	VS_LINUX_ADAPTER(lx, SZ)
#define VS_LINUX_ENTRY(SZ)	VS_LINUX_ADAPTER_OPS(lx, SZ)

VS_LINUX_SIZES(VS_LINUX_DEFINE)

static const struct vs_linux_ops lx_ops[] = {
	VS_LINUX_SIZES(VS_LINUX_ENTRY)
};

const struct vs_linux_side vs_linux_linux_side = {
	.node_shift = PAGE_SHIFT,
	.count = sizeof(lx_ops) / sizeof(lx_ops[0]),
	.ops = lx_ops,
	.live_nodes = &vs_linux_live_nodes,
};
