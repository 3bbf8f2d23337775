// SPDX-License-Identifier: GPL-2.0
/*
 * genradix_vs_linux_ops.c - the running kernel's own genradix (the exported
 * __genradix_* functions, <linux/generic-radix-tree.h>) behind the
 * adapter set of the genradix tests (genradix/tests/gr_ops.h), for every
 * entry size the kds tables have. Kernel headers only: never includes
 * "kds_port.h" or the kds genradix header, whose struct names are the
 * same. Linux 6.1 has only the basic operations; indices stay below
 * 2^40 bytes of offset, where its tree depth is known good. On a 32-bit
 * kernel they stay below 2^31: Linux's iterator adds to an offset that
 * wraps past 2^32, so an iteration that reaches the top of the index
 * space starts again at offset 0 (genradix/README.md's differences).
 *
 * Linux's node size is a page up to 6.7 and 512 bytes after (the probe
 * genradix_node_size, kernel/probes/): entries larger than a node do not
 * compile there, so the page-sized entry is compared only on kernels with
 * page nodes (KDS_GR_VS_LINUX_PAGE_ENTRIES).
 */
#include "kds/components.h"

#ifdef KDS_HAVE_GENRADIX /* the genradix tests are laid out only with it */
#include <linux/generic-radix-tree.h>
#include <linux/slab.h>

#include "genradix/tests/gr_ops.h"
#include "genradix/tests/kernel/genradix_vs_linux.h"

#if KDS_PROBE_GENRADIX_NODE_SIZE
#define KDS_GR_LINUX_NODE	GENRADIX_NODE_SIZE
#else
#define KDS_GR_LINUX_NODE	PAGE_SIZE
#endif
#define KDS_GR_LINUX_SPAN	(BITS_PER_LONG > 40 ? (u64)1 << 40 : (u64)1 << (BITS_PER_LONG - 1))
#define KDS_GR_LINUX_LAST(SZ)	\
	((size_t)((KDS_GR_LINUX_SPAN / KDS_GR_LINUX_NODE) * (KDS_GR_LINUX_NODE / (SZ)) - 1))

GR_DEFINE_OPS_BASIC(1)
GR_DEFINE_OPS_BASIC(3)
GR_DEFINE_OPS_BASIC(8)
GR_DEFINE_OPS_BASIC(24)
GR_DEFINE_OPS_BASIC(100)
GR_DEFINE_OPS_BASIC(512)
#if KDS_GR_VS_LINUX_PAGE_ENTRIES
GR_DEFINE_OPS_BASIC(4096)
#endif

const struct gr_ops kds_gr_vs_linux_ops[KDS_GR_VS_LINUX_N] = {
	GR_OPS_ENTRY_BASIC(1, "linux", KDS_GR_LINUX_LAST(1), KDS_GR_LINUX_NODE),
	GR_OPS_ENTRY_BASIC(3, "linux", KDS_GR_LINUX_LAST(3), KDS_GR_LINUX_NODE),
	GR_OPS_ENTRY_BASIC(8, "linux", KDS_GR_LINUX_LAST(8), KDS_GR_LINUX_NODE),
	GR_OPS_ENTRY_BASIC(24, "linux", KDS_GR_LINUX_LAST(24), KDS_GR_LINUX_NODE),
	GR_OPS_ENTRY_BASIC(100, "linux", KDS_GR_LINUX_LAST(100), KDS_GR_LINUX_NODE),
	GR_OPS_ENTRY_BASIC(512, "linux", KDS_GR_LINUX_LAST(512), KDS_GR_LINUX_NODE),
#if KDS_GR_VS_LINUX_PAGE_ENTRIES
	GR_OPS_ENTRY_BASIC(4096, "linux", KDS_GR_LINUX_LAST(4096), KDS_GR_LINUX_NODE),
#endif
};

#endif /* KDS_HAVE_GENRADIX */
