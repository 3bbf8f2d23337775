// SPDX-License-Identifier: GPL-2.0
/*
 * Probe genradix_node_page: Linux's genradix nodes are pages (before
 * Linux 6.9), so a page-sized entry fits one; where nodes are smaller,
 * its BUILD_BUG_ON fails this file.
 *
 * api: genradix_node
 */
#include <linux/generic-radix-tree.h>
#include <linux/types.h>

struct kds_probe_page {
	u8 b[PAGE_SIZE];
};

void *kds_probe(struct __genradix *r);
void *kds_probe(struct __genradix *r)
{
	return (void *)__idx_to_offset(1, sizeof(struct kds_probe_page)) + (unsigned long)r;
}
