// SPDX-License-Identifier: GPL-2.0
/*
 * cases_ops.c - kds's genradix API for each tested entry size, as a table
 * (gr_ops.h), and the index arithmetic of the tests. Shared by the
 * userspace tests and kds_test.ko.
 */
#include "kds_port.h"
#include "gr_test.h"

GR_DEFINE_OPS(1)
GR_DEFINE_OPS(3)
GR_DEFINE_OPS(8)
GR_DEFINE_OPS(24)
GR_DEFINE_OPS(100)
/*
 * Entries as large as the node, no larger: an entry larger than a node is
 * a compile error (tests/compile_test.sh checks it). So 512-byte entries
 * with nodes of 512 bytes or more, PAGE_SIZE ones with PAGE_SIZE nodes.
 */
#if KDS_GENRADIX_NODE_SHIFT >= 9
GR_DEFINE_OPS(512)
#endif
#if KDS_GENRADIX_NODE_SHIFT >= 12
GR_DEFINE_OPS(4096)
#endif

const struct gr_ops gr_ops_all[] = {
	GR_OPS_ENTRY(1),
	GR_OPS_ENTRY(3),
	GR_OPS_ENTRY(8),
	GR_OPS_ENTRY(24),
	GR_OPS_ENTRY(100),
#if KDS_GENRADIX_NODE_SHIFT >= 9
	GR_OPS_ENTRY(512),
#endif
#if KDS_GENRADIX_NODE_SHIFT >= 12
	GR_OPS_ENTRY(4096),
#endif
};

const size_t gr_ops_count = ARRAY_SIZE(gr_ops_all);

const struct gr_ops *gr_ops_for(size_t size)
{
	size_t k;

	for (k = 0; k < gr_ops_count; k++)
		if (gr_ops_all[k].size == size)
			return &gr_ops_all[k];
	return NULL;
}

size_t gr_node(const struct gr_ops *ops)
{
	return ops->node ? ops->node : GR_NODE;
}

size_t gr_per_leaf(const struct gr_ops *ops)
{
	return gr_node(ops) / ops->size;
}

size_t gr_leaf_of(const struct gr_ops *ops, size_t idx)
{
	return idx / gr_per_leaf(ops);
}

size_t gr_first_idx(const struct gr_ops *ops, size_t leaf)
{
	return leaf * gr_per_leaf(ops);
}

size_t gr_last_leaf(void)
{
	return SIZE_MAX >> GR_SHIFT;
}

unsigned int gr_depth_for(size_t off)
{
	unsigned int d = 0;
	int bits = GR_SHIFT;

	while (bits < GR_OFFSET_BITS && (off >> bits)) {
		d++;
		bits += GR_ARY_SHIFT;
	}
	return d;
}

size_t gr_first_idx_at_depth(const struct gr_ops *ops, unsigned int d)
{
	int bits = GR_SHIFT + GR_ARY_SHIFT * ((int)d - 1);

	if (d < 1 || bits >= GR_OFFSET_BITS)
		return 0;
	/* First offset needing depth d is 1 << bits: the first entry of that leaf. */
	return gr_first_idx(ops, ((size_t)1 << bits) >> GR_SHIFT);
}

u64 gr_mask(const struct gr_ops *ops)
{
	return ops->size >= 8 ? ~0ULL : (1ULL << (8 * ops->size)) - 1;
}

void gr_put(const struct gr_ops *ops, void *p, u64 v)
{
	memcpy(p, &v, ops->size < 8 ? ops->size : 8);
}

u64 gr_get(const struct gr_ops *ops, const void *p)
{
	u64 v = 0;

	memcpy(&v, p, ops->size < 8 ? ops->size : 8);
	return v;
}

bool gr_tail_zero(const struct gr_ops *ops, const void *p)
{
	const u8 *b = p;
	size_t i;

	for (i = 8; i < ops->size; i++)
		if (b[i])
			return false;
	return true;
}
