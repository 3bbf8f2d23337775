/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genradix_vs_linux.h - the entry sizes suite kds_genradix_vs_linux
 * compares with the running kernel's genradix: 1, 3, 8, 24, 100 and 512
 * bytes on every kernel, and 4096 where Linux's nodes are pages (before
 * 6.9; the probe genradix_node_size answers). Kernel only.
 */
#ifndef KDS_GENRADIX_VS_LINUX_H
#define KDS_GENRADIX_VS_LINUX_H

#include "kds_probes.h"
#include "genradix/tests/gr_ops.h"

#define KDS_GR_VS_LINUX_PAGE_ENTRIES	(!KDS_PROBE_GENRADIX_NODE_SIZE)
#define KDS_GR_VS_LINUX_N		(6 + KDS_GR_VS_LINUX_PAGE_ENTRIES)

extern const struct gr_ops kds_gr_vs_linux_ops[KDS_GR_VS_LINUX_N];

#endif /* KDS_GENRADIX_VS_LINUX_H */
