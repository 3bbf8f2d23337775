// SPDX-License-Identifier: GPL-2.0
/*
 * Probe genradix_node_size: Linux's genradix has nodes of
 * GENRADIX_NODE_SIZE (512 bytes, Linux 6.9 on); an entry must fit one.
 *
 * api: genradix_node
 */
#include <linux/generic-radix-tree.h>

#ifndef GENRADIX_NODE_SIZE
#error "no GENRADIX_NODE_SIZE: nodes are pages"
#endif

int kds_probe(void);
int kds_probe(void)
{
	return GENRADIX_NODE_SIZE;
}
