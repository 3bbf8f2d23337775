/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gr_ops.h - the genradix API for one entry size as a table of plain
 * functions (struct gr_ops), the one adapter set of the genradix tests.
 *
 * The macros expand against whichever genradix header the including file
 * has in scope: kds's (cases_ops.c, in both worlds) or the running
 * kernel's <linux/generic-radix-tree.h> (genradix/tests/kernel/genradix_vs_linux_ops.c, which
 * never includes a kds header: the two define the same struct names).
 * So this header includes nothing; the includer provides size_t, bool,
 * u64 and gfp_t (kds_port.h or <linux/types.h>) first.
 */
#ifndef GR_OPS_H
#define GR_OPS_H

struct gr_radix;		/* any GENRADIX(); the ops cast it to the typed tree */
struct genradix_iter;
struct genradix_node;
struct kds_expect;

typedef bool (*gr_visit_fn)(void *ctx, size_t pos, void *p);

/*
 * The genradix API for one entry size. Linux 6.1's genradix has no
 * _inlined or _preallocated forms and no reverse iteration: its table
 * fills ptr_inlined and alloc_inlined with the plain forms, leaves the
 * others NULL, and is @bounded (the model never goes past @last_pos).
 * @node is the implementation's node size in bytes, which decides which
 * entries share a leaf; 0 means kds's own (%KDS_GENRADIX_NODE_SIZE).
 */
struct gr_ops {
	const char *name;
	size_t size;
	size_t node;
	size_t last_pos;
	bool bounded;
	void *(*ptr)(struct gr_radix *r, size_t idx);
	void *(*ptr_inlined)(struct gr_radix *r, size_t idx);
	void *(*alloc)(struct gr_radix *r, size_t idx, gfp_t gfp);
	void *(*alloc_inlined)(struct gr_radix *r, size_t idx, gfp_t gfp);
	void *(*alloc_pre)(struct gr_radix *r, size_t idx,
			   struct genradix_node **spare, gfp_t gfp);
	void *(*alloc_pre_inlined)(struct gr_radix *r, size_t idx,
				   struct genradix_node **spare, gfp_t gfp);
	int (*prealloc)(struct gr_radix *r, size_t nr, gfp_t gfp);
	void (*free)(struct gr_radix *r);
	void (*iter_init)(struct gr_radix *r, struct genradix_iter *it, size_t idx);
	void *(*peek)(struct gr_radix *r, struct genradix_iter *it);
	void *(*peek_prev)(struct gr_radix *r, struct genradix_iter *it);
	void (*advance)(struct gr_radix *r, struct genradix_iter *it);
	void (*rewind)(struct gr_radix *r, struct genradix_iter *it);
	/* genradix_for_each / _from / _reverse; visit returns false to stop. */
	size_t (*for_each)(struct gr_radix *r, gr_visit_fn visit, void *ctx);
	size_t (*for_each_from)(struct gr_radix *r, size_t start, gr_visit_fn visit,
				void *ctx);
	size_t (*for_each_reverse)(struct gr_radix *r, gr_visit_fn visit, void *ctx);
};

/* The body of a for_each style walk over tree type T, entries of type E. */
#define GR_WALK_BODY(T, E, loop)					\
{									\
	T *t = (T *)r;							\
	struct genradix_iter iter;					\
	E *p;								\
	size_t n = 0;							\
	loop {								\
		n++;							\
		if (!f(c, iter.pos, p))					\
			break;						\
	}								\
	return n;							\
}

/* The operations every genradix generation has, for entries of SZ bytes. */
#define GR_DEFINE_OPS_BASIC(SZ)						\
struct gr_e##SZ { u8 b[SZ]; };						\
typedef GENRADIX(struct gr_e##SZ) gr_radix_##SZ;			\
static void *gr_ptr_##SZ(struct gr_radix *r, size_t i)			\
{ return genradix_ptr((gr_radix_##SZ *)r, i); }				\
static void *gr_alloc_##SZ(struct gr_radix *r, size_t i, gfp_t g)	\
{ return genradix_ptr_alloc((gr_radix_##SZ *)r, i, g); }		\
static int gr_prealloc_##SZ(struct gr_radix *r, size_t nr, gfp_t g)	\
{ return genradix_prealloc((gr_radix_##SZ *)r, nr, g); }		\
static void gr_free_##SZ(struct gr_radix *r)				\
{ genradix_free((gr_radix_##SZ *)r); }					\
static void gr_iter_init_##SZ(struct gr_radix *r, struct genradix_iter *it, size_t i) \
{ *it = genradix_iter_init((gr_radix_##SZ *)r, i); }			\
static void *gr_peek_##SZ(struct gr_radix *r, struct genradix_iter *it)	\
{ return genradix_iter_peek(it, (gr_radix_##SZ *)r); }			\
static void gr_advance_##SZ(struct gr_radix *r, struct genradix_iter *it) \
{ genradix_iter_advance(it, (gr_radix_##SZ *)r); }			\
static size_t gr_each_##SZ(struct gr_radix *r, gr_visit_fn f, void *c)	\
GR_WALK_BODY(gr_radix_##SZ, struct gr_e##SZ, genradix_for_each(t, iter, p)) \
static size_t gr_each_from_##SZ(struct gr_radix *r, size_t s,		\
				gr_visit_fn f, void *c)			\
GR_WALK_BODY(gr_radix_##SZ, struct gr_e##SZ,				\
	     genradix_for_each_from(t, iter, p, s))

/* Everything kds's genradix has (the 6.7-6.12 API included). */
#define GR_DEFINE_OPS(SZ)						\
GR_DEFINE_OPS_BASIC(SZ)							\
static void *gr_ptr_inl_##SZ(struct gr_radix *r, size_t i)		\
{ return genradix_ptr_inlined((gr_radix_##SZ *)r, i); }			\
static void *gr_alloc_inl_##SZ(struct gr_radix *r, size_t i, gfp_t g)	\
{ return genradix_ptr_alloc_inlined((gr_radix_##SZ *)r, i, g); }	\
static void *gr_alloc_pre_##SZ(struct gr_radix *r, size_t i,		\
			       struct genradix_node **n, gfp_t g)	\
{ return genradix_ptr_alloc_preallocated((gr_radix_##SZ *)r, i, n, g); } \
static void *gr_alloc_pre_inl_##SZ(struct gr_radix *r, size_t i,	\
				   struct genradix_node **n, gfp_t g)	\
{ return genradix_ptr_alloc_preallocated_inlined((gr_radix_##SZ *)r, i, n, g); } \
static void *gr_peek_prev_##SZ(struct gr_radix *r, struct genradix_iter *it) \
{ return genradix_iter_peek_prev(it, (gr_radix_##SZ *)r); }		\
static void gr_rewind_##SZ(struct gr_radix *r, struct genradix_iter *it) \
{ genradix_iter_rewind(it, (gr_radix_##SZ *)r); }			\
static size_t gr_each_rev_##SZ(struct gr_radix *r, gr_visit_fn f, void *c) \
GR_WALK_BODY(gr_radix_##SZ, struct gr_e##SZ,				\
	     genradix_for_each_reverse(t, iter, p))

#define GR_OPS_ENTRY_BASIC_FIELDS(SZ)					\
	.size = SZ,							\
	.ptr = gr_ptr_##SZ, .alloc = gr_alloc_##SZ,			\
	.prealloc = gr_prealloc_##SZ, .free = gr_free_##SZ,		\
	.iter_init = gr_iter_init_##SZ, .peek = gr_peek_##SZ,		\
	.advance = gr_advance_##SZ, .for_each = gr_each_##SZ,		\
	.for_each_from = gr_each_from_##SZ

/* The table entry of GR_DEFINE_OPS(SZ). */
#define GR_OPS_ENTRY(SZ) {						\
	GR_OPS_ENTRY_BASIC_FIELDS(SZ),					\
	.name = "kds",							\
	.last_pos = genradix_last_pos((gr_radix_##SZ *)NULL),		\
	.ptr_inlined = gr_ptr_inl_##SZ,					\
	.alloc_inlined = gr_alloc_inl_##SZ,				\
	.alloc_pre = gr_alloc_pre_##SZ,					\
	.alloc_pre_inlined = gr_alloc_pre_inl_##SZ,			\
	.peek_prev = gr_peek_prev_##SZ, .rewind = gr_rewind_##SZ,	\
	.for_each_reverse = gr_each_rev_##SZ,				\
}

/*
 * The table entry of GR_DEFINE_OPS_BASIC(SZ): indices up to @last only,
 * in nodes of @nodesz bytes.
 */
#define GR_OPS_ENTRY_BASIC(SZ, label, last, nodesz) {			\
	GR_OPS_ENTRY_BASIC_FIELDS(SZ),					\
	.name = label, .last_pos = last, .bounded = true,		\
	.node = nodesz,							\
	.ptr_inlined = gr_ptr_##SZ, .alloc_inlined = gr_alloc_##SZ,	\
}

/**
 * kds_gr_model_run() - a seeded random sequence of genradix operations on
 * one implementation, compared with the reference model after each step
 * and walked in full at the end (genradix/tests/cases.c).
 * @e: the running case.
 * @ops: the implementation and entry size.
 * @seed: the sequence's seed (mixed with the entry size).
 * @steps: how many operations.
 *
 * Context: process context; may sleep.
 */
void kds_gr_model_run(struct kds_expect *e, const struct gr_ops *ops, u64 seed,
		      unsigned long steps);

#endif /* GR_OPS_H */
