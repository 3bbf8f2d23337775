// SPDX-License-Identifier: GPL-2.0
/*
 * genradix_vs_linux_ops.c - the running kernel's own genradix (the exported
 * __genradix_* functions, <linux/generic-radix-tree.h>) behind the
 * adapter set of the genradix tests (genradix/tests/gr_ops.h), for every
 * entry size the kds tables have. Kernel headers only: never includes
 * "kds_port.h" or the kds genradix header, whose struct names are the
 * same. Linux 6.1 has only the basic operations; indices stay below
 * 2^40 bytes of offset, where its tree depth is known good.
 */
#include "kds/components.h"

#ifdef KDS_HAVE_GENRADIX /* the genradix tests are laid out only with it */
#include <linux/generic-radix-tree.h>
#include <linux/slab.h>

#include "genradix/tests/gr_ops.h"

#define KDS_GR_LINUX_LAST(SZ)	((((size_t)1 << 40) / PAGE_SIZE) * (PAGE_SIZE / (SZ)) - 1)

GR_DEFINE_OPS_BASIC(1)
GR_DEFINE_OPS_BASIC(3)
GR_DEFINE_OPS_BASIC(8)
GR_DEFINE_OPS_BASIC(24)
GR_DEFINE_OPS_BASIC(100)
GR_DEFINE_OPS_BASIC(512)
GR_DEFINE_OPS_BASIC(4096)

const struct gr_ops kds_gr_vs_linux_ops[] = {
	GR_OPS_ENTRY_BASIC(1, "linux", KDS_GR_LINUX_LAST(1)),
	GR_OPS_ENTRY_BASIC(3, "linux", KDS_GR_LINUX_LAST(3)),
	GR_OPS_ENTRY_BASIC(8, "linux", KDS_GR_LINUX_LAST(8)),
	GR_OPS_ENTRY_BASIC(24, "linux", KDS_GR_LINUX_LAST(24)),
	GR_OPS_ENTRY_BASIC(100, "linux", KDS_GR_LINUX_LAST(100)),
	GR_OPS_ENTRY_BASIC(512, "linux", KDS_GR_LINUX_LAST(512)),
	GR_OPS_ENTRY_BASIC(4096, "linux", KDS_GR_LINUX_LAST(4096)),
};

#endif /* KDS_HAVE_GENRADIX */
