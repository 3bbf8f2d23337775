// SPDX-License-Identifier: GPL-2.0
/* gr_ops.c - the genradix API for each tested entry size, as a table. */
#include "gr_test.h"

#define GR_DEFINE_OPS(SZ)						\
struct gr_e##SZ { u8 b[SZ]; };						\
typedef GENRADIX(struct gr_e##SZ) gr_radix_##SZ;			\
static void *gr_ptr_##SZ(struct gr_radix *r, size_t i)			\
{ return genradix_ptr((gr_radix_##SZ *)r, i); }				\
static void *gr_ptr_inl_##SZ(struct gr_radix *r, size_t i)		\
{ return genradix_ptr_inlined((gr_radix_##SZ *)r, i); }			\
static void *gr_alloc_##SZ(struct gr_radix *r, size_t i, gfp_t g)	\
{ return genradix_ptr_alloc((gr_radix_##SZ *)r, i, g); }		\
static void *gr_alloc_inl_##SZ(struct gr_radix *r, size_t i, gfp_t g)	\
{ return genradix_ptr_alloc_inlined((gr_radix_##SZ *)r, i, g); }	\
static void *gr_alloc_pre_##SZ(struct gr_radix *r, size_t i,		\
			       struct genradix_node **n, gfp_t g)	\
{ return genradix_ptr_alloc_preallocated((gr_radix_##SZ *)r, i, n, g); } \
static void *gr_alloc_pre_inl_##SZ(struct gr_radix *r, size_t i,	\
				   struct genradix_node **n, gfp_t g)	\
{ return genradix_ptr_alloc_preallocated_inlined((gr_radix_##SZ *)r, i, n, g); } \
static int gr_prealloc_##SZ(struct gr_radix *r, size_t nr, gfp_t g)	\
{ return genradix_prealloc((gr_radix_##SZ *)r, nr, g); }		\
static void gr_free_##SZ(struct gr_radix *r)				\
{ genradix_free((gr_radix_##SZ *)r); }					\
static void gr_iter_init_##SZ(struct gr_radix *r, struct genradix_iter *it, size_t i) \
{ *it = genradix_iter_init((gr_radix_##SZ *)r, i); }			\
static void *gr_peek_##SZ(struct gr_radix *r, struct genradix_iter *it)	\
{ return genradix_iter_peek(it, (gr_radix_##SZ *)r); }			\
static void *gr_peek_prev_##SZ(struct gr_radix *r, struct genradix_iter *it) \
{ return genradix_iter_peek_prev(it, (gr_radix_##SZ *)r); }		\
static void gr_advance_##SZ(struct gr_radix *r, struct genradix_iter *it) \
{ genradix_iter_advance(it, (gr_radix_##SZ *)r); }			\
static void gr_rewind_##SZ(struct gr_radix *r, struct genradix_iter *it) \
{ genradix_iter_rewind(it, (gr_radix_##SZ *)r); }			\
static size_t gr_each_##SZ(struct gr_radix *r, gr_visit_fn f, void *c)	\
{									\
	gr_radix_##SZ *t = (gr_radix_##SZ *)r;				\
	struct genradix_iter iter;					\
	struct gr_e##SZ *p;						\
	size_t n = 0;							\
	genradix_for_each(t, iter, p) {					\
		n++;							\
		if (!f(c, iter.pos, p))					\
			break;						\
	}								\
	return n;							\
}									\
static size_t gr_each_from_##SZ(struct gr_radix *r, size_t s, gr_visit_fn f, void *c) \
{									\
	gr_radix_##SZ *t = (gr_radix_##SZ *)r;				\
	struct genradix_iter iter;					\
	struct gr_e##SZ *p;						\
	size_t n = 0;							\
	genradix_for_each_from(t, iter, p, s) {				\
		n++;							\
		if (!f(c, iter.pos, p))					\
			break;						\
	}								\
	return n;							\
}									\
static size_t gr_each_rev_##SZ(struct gr_radix *r, gr_visit_fn f, void *c) \
{									\
	gr_radix_##SZ *t = (gr_radix_##SZ *)r;				\
	struct genradix_iter iter;					\
	struct gr_e##SZ *p;						\
	size_t n = 0;							\
	genradix_for_each_reverse(t, iter, p) {				\
		n++;							\
		if (!f(c, iter.pos, p))					\
			break;						\
	}								\
	return n;							\
}

#define GR_OPS_ENTRY(SZ) {						\
	.size = SZ,							\
	.last_pos = genradix_last_pos((gr_radix_##SZ *)NULL),		\
	.ptr = gr_ptr_##SZ, .ptr_inlined = gr_ptr_inl_##SZ,		\
	.alloc = gr_alloc_##SZ, .alloc_inlined = gr_alloc_inl_##SZ,	\
	.alloc_pre = gr_alloc_pre_##SZ,					\
	.alloc_pre_inlined = gr_alloc_pre_inl_##SZ,			\
	.prealloc = gr_prealloc_##SZ, .free = gr_free_##SZ,		\
	.iter_init = gr_iter_init_##SZ, .peek = gr_peek_##SZ,		\
	.peek_prev = gr_peek_prev_##SZ, .advance = gr_advance_##SZ,	\
	.rewind = gr_rewind_##SZ, .for_each = gr_each_##SZ,		\
	.for_each_from = gr_each_from_##SZ,				\
	.for_each_reverse = gr_each_rev_##SZ,				\
}

GR_DEFINE_OPS(1)
GR_DEFINE_OPS(3)
GR_DEFINE_OPS(8)
GR_DEFINE_OPS(24)
GR_DEFINE_OPS(100)
GR_DEFINE_OPS(512)
/*
 * PAGE_SIZE entries only with PAGE_SIZE nodes: with 512-byte nodes an entry
 * larger than a node is a compile error (tests/compile_test.sh checks it).
 */
#if KDS_GENRADIX_NODE_SHIFT >= 12
GR_DEFINE_OPS(4096)
#endif

const struct gr_ops gr_ops_all[] = {
	GR_OPS_ENTRY(1),
	GR_OPS_ENTRY(3),
	GR_OPS_ENTRY(8),
	GR_OPS_ENTRY(24),
	GR_OPS_ENTRY(100),
	GR_OPS_ENTRY(512),
#if KDS_GENRADIX_NODE_SHIFT >= 12
	GR_OPS_ENTRY(4096),
#endif
};

const size_t gr_ops_count = ARRAY_SIZE(gr_ops_all);

size_t gr_per_leaf(const struct gr_ops *ops)
{
	return GR_NODE / ops->size;
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

	while (bits < 64 && (off >> bits)) {
		d++;
		bits += GR_SHIFT - 3;
	}
	return d;
}

size_t gr_first_idx_at_depth(const struct gr_ops *ops, unsigned int d)
{
	int bits = GR_SHIFT + (GR_SHIFT - 3) * ((int)d - 1);

	if (d < 1 || bits >= 64)
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
