/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gr_test.h - helpers shared by the genradix tests: one table of operations
 * per entry size (gr_ops.h, cases_ops.c; so a test can loop over sizes),
 * and the one reference model of a genradix (cases_model.c: which indices
 * exist, what they hold) to compare against. Both are written over the
 * port and run in kds_test.ko too (genradix/tests/cases.c).
 *
 * The userspace tests are compiled once per node size;
 * KDS_GENRADIX_NODE_SHIFT and KDS_GENRADIX_VARIANT come from the build.
 */
#ifndef GR_TEST_H
#define GR_TEST_H

#include "kds_port.h"
/* Linux's genradix names over kds, in both worlds (never beside the
 * kernel's own genradix: see genradix_vs_linux_ops.c). */
#include "compat/kds_genradix_names.h"
#include "gr_ops.h"

#define GR_NODE		KDS_GENRADIX_NODE_SIZE
#define GR_SHIFT	KDS_GENRADIX_NODE_SHIFT
/* A level's fan-out, log2: the pointers a node holds (4 or 8 bytes each). */
#define GR_ARY_SHIFT	(GR_SHIFT - (sizeof(void *) == 8 ? 3 : 2))
/* The bits of a byte offset: size_t's. */
#define GR_OFFSET_BITS	((int)(8 * sizeof(size_t)))

/* Any GENRADIX() has this layout; the ops cast it to the typed tree. */
struct gr_radix {
	struct __genradix tree;
};

extern const struct gr_ops gr_ops_all[];
extern const size_t gr_ops_count;
/* The entry of gr_ops_all for entries of @size bytes, or NULL. */
const struct gr_ops *gr_ops_for(size_t size);

/* @ops's node size in bytes (kds's own unless the table names one). */
size_t gr_node(const struct gr_ops *ops);
/* Entries per leaf, leaf number and byte offset of an index. */
size_t gr_per_leaf(const struct gr_ops *ops);
size_t gr_leaf_of(const struct gr_ops *ops, size_t idx);
/* First index of leaf @leaf. */
size_t gr_first_idx(const struct gr_ops *ops, size_t leaf);
/* Largest leaf number. */
size_t gr_last_leaf(void);
/* Depth a tree needs to hold byte offset @off. */
unsigned int gr_depth_for(size_t off);
/* Index of the first entry whose offset needs depth @d (d >= 1), or 0 if none. */
size_t gr_first_idx_at_depth(const struct gr_ops *ops, unsigned int d);

/* Value stored in (the first bytes of) an entry. */
void gr_put(const struct gr_ops *ops, void *p, u64 v);
u64 gr_get(const struct gr_ops *ops, const void *p);
u64 gr_mask(const struct gr_ops *ops);
/* True when the bytes of the entry beyond the stored value are all zero. */
bool gr_tail_zero(const struct gr_ops *ops, const void *p);

/* xorshift64* PRNG: reproducible from a printed seed. */
static inline u64 gr_rand(u64 *s)
{
	u64 x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* ------------------------------------------------------------ the model */

struct gr_map {
	size_t *keys;
	u64 *vals;
	u8 *used;
	size_t cap, n;
};

/*
 * What a genradix should look like: the leaves that exist (sorted) and the
 * values written. Every entry of an existing leaf exists and is zero unless
 * written. Leaf 0 exists in every non-empty tree (the root starts as leaf 0).
 */
struct gr_model {
	const struct gr_ops *ops;
	struct gr_radix r;
	size_t *leaves;
	size_t nleaves, capleaves;
	struct gr_map vals;
	char err[256];
};

void gr_model_init(struct gr_model *m, const struct gr_ops *ops);
void gr_model_destroy(struct gr_model *m);
/* Forget everything and free the tree. */
void gr_model_reset(struct gr_model *m);
bool gr_model_has_leaf(const struct gr_model *m, size_t leaf);
/* False when the model is out of memory. */
bool gr_model_add_leaf(struct gr_model *m, size_t leaf);
/* Apply one operation (@op, arguments @a, @b) to tree and model and compare. */
bool gr_model_step(struct gr_model *m, unsigned int op, u64 a, u64 b);
/*
 * Allocate @idx in tree and model with genradix_ptr_alloc() (@how 0), its
 * _inlined (1), _preallocated (2) or _preallocated_inlined (3) form, check
 * the entry and store @val in it.
 */
bool gr_model_alloc(struct gr_model *m, size_t idx, unsigned int how, u64 val);
/* Compare the whole tree with the model (forward and reverse iteration). */
bool gr_model_check_all(struct gr_model *m);
/* Map random bits to an index of an interesting class for this size. */
size_t gr_model_pick_idx(const struct gr_model *m, u64 a);

#define GR_MODEL_OPS	11

#endif /* GR_TEST_H */
