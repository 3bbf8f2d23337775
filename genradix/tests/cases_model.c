// SPDX-License-Identifier: GPL-2.0
/*
 * cases_model.c - the reference model of a genradix, and random operations
 * applied to both a real tree and the model, compared after every step.
 * Written over the port: the userspace tests, the libFuzzer target and
 * kds_test.ko (kds's genradix and the running kernel's) all use it.
 * Operations an implementation lacks (struct gr_ops members left NULL)
 * are replaced by ones it has.
 */
#include "kds_port.h"
#include "gr_test.h"

/* ------------------------------------------------------- hash map */

/* Mixed in 64 bits whatever size_t's width, folded into size_t. */
static size_t gr_hash(size_t key)
{
	u64 k = key;

	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return (size_t)(k ^ (k >> 32));
}

static void gr_map_free(struct gr_map *h)
{
	kfree(h->keys);
	kfree(h->vals);
	kfree(h->used);
	memset(h, 0, sizeof(*h));
}

static bool gr_map_put(struct gr_map *h, size_t k, u64 v);

/* False when the model itself is out of memory (the map is then unchanged). */
static bool gr_map_grow(struct gr_map *h)
{
	struct gr_map old = *h;
	size_t i;

	h->cap = old.cap ? old.cap * 2 : 64;
	h->n = 0;
	h->keys = kcalloc(h->cap, sizeof(*h->keys), GFP_KERNEL);
	h->vals = kcalloc(h->cap, sizeof(*h->vals), GFP_KERNEL);
	h->used = kcalloc(h->cap, 1, GFP_KERNEL);
	if (!h->keys || !h->vals || !h->used) {
		gr_map_free(h);
		*h = old;
		return false;
	}
	for (i = 0; i < old.cap; i++)
		if (old.used[i])
			gr_map_put(h, old.keys[i], old.vals[i]);
	gr_map_free(&old);
	return true;
}

static bool gr_map_put(struct gr_map *h, size_t k, u64 v)
{
	size_t i;

	if ((h->n + 1) * 2 > h->cap && !gr_map_grow(h))
		return false;
	for (i = gr_hash(k) & (h->cap - 1); h->used[i]; i = (i + 1) & (h->cap - 1)) {
		if (h->keys[i] == k) {
			h->vals[i] = v;
			return true;
		}
	}
	h->used[i] = 1;
	h->keys[i] = k;
	h->vals[i] = v;
	h->n++;
	return true;
}

/* The value at @k, or 0 (never written entries read as zero). */
static u64 gr_map_get(const struct gr_map *h, size_t k)
{
	size_t i;

	if (!h->cap)
		return 0;
	for (i = gr_hash(k) & (h->cap - 1); h->used[i]; i = (i + 1) & (h->cap - 1))
		if (h->keys[i] == k)
			return h->vals[i];
	return 0;
}

/* ------------------------------------------------------ the model */

void gr_model_init(struct gr_model *m, const struct gr_ops *ops)
{
	memset(m, 0, sizeof(*m));
	m->ops = ops;
	genradix_init(&m->r);
}

void gr_model_reset(struct gr_model *m)
{
	m->ops->free(&m->r);
	m->nleaves = 0;
	gr_map_free(&m->vals);
}

void gr_model_destroy(struct gr_model *m)
{
	gr_model_reset(m);
	kfree(m->leaves);
	m->leaves = NULL;
	m->capleaves = 0;
}

/* Index of the first leaf >= @leaf in the sorted leaf array. */
static size_t gr_model_lower(const struct gr_model *m, size_t leaf)
{
	size_t lo = 0, hi = m->nleaves;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->leaves[mid] < leaf)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool gr_model_has_leaf(const struct gr_model *m, size_t leaf)
{
	size_t i = gr_model_lower(m, leaf);

	return i < m->nleaves && m->leaves[i] == leaf;
}

bool gr_model_add_leaf(struct gr_model *m, size_t leaf)
{
	size_t i = gr_model_lower(m, leaf);

	if (i < m->nleaves && m->leaves[i] == leaf)
		return true;
	if (m->nleaves == m->capleaves) {
		size_t cap = m->capleaves ? 2 * m->capleaves : 64, bytes;
		size_t *leaves;

		if (check_mul_overflow(cap, sizeof(*leaves), &bytes))
			return false;
		leaves = krealloc(m->leaves, bytes, GFP_KERNEL);
		if (!leaves)
			return false;
		m->leaves = leaves;
		m->capleaves = cap;
	}
	memmove(&m->leaves[i + 1], &m->leaves[i], (m->nleaves - i) * sizeof(*m->leaves));
	m->leaves[i] = leaf;
	m->nleaves++;
	return true;
}

static bool gr_fail(struct gr_model *m, const char *fmt, ...) __printf(2, 3);
static bool gr_fail(struct gr_model *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, sizeof(m->err), fmt, ap);
	va_end(ap);
	return false;
}

/* A successful allocation of @idx makes its leaf and leaf 0 exist. */
static bool gr_model_note_alloc(struct gr_model *m, size_t idx)
{
	if (!gr_model_add_leaf(m, 0) || !gr_model_add_leaf(m, gr_leaf_of(m->ops, idx)))
		return gr_fail(m, "the model is out of memory");
	return true;
}

/* Check the entry @p read for @idx against the model. */
static bool gr_model_check_entry(struct gr_model *m, size_t idx, void *p,
				 const char *what)
{
	const struct gr_ops *ops = m->ops;
	bool present = gr_model_has_leaf(m, gr_leaf_of(ops, idx));

	if (!present)
		return p ? gr_fail(m, "%s(%zu): found an entry the model does not have", what, idx) : true;
	if (!p)
		return gr_fail(m, "%s(%zu): entry missing", what, idx);
	if (gr_get(ops, p) != gr_map_get(&m->vals, idx))
		return gr_fail(m, "%s(%zu): value %#llx, expected %#llx", what, idx,
			       (unsigned long long)gr_get(ops, p),
			       (unsigned long long)gr_map_get(&m->vals, idx));
	if (!gr_tail_zero(ops, p))
		return gr_fail(m, "%s(%zu): bytes past the value are not zero", what, idx);
	return true;
}

static size_t gr_model_pick_any(const struct gr_model *m, u64 a);

size_t gr_model_pick_idx(const struct gr_model *m, u64 a)
{
	size_t idx = gr_model_pick_any(m, a);

	/* A bounded implementation only sees indices up to last_pos. */
	if (m->ops->bounded && idx > m->ops->last_pos)
		idx = (size_t)(a >> 4) % (m->ops->last_pos + 1);
	return idx;
}

static size_t gr_model_pick_any(const struct gr_model *m, u64 a)
{
	const struct gr_ops *ops = m->ops;
	size_t per_leaf = gr_per_leaf(ops);
	size_t last = ops->last_pos;
	/* size_t: its "%" is one instruction where size_t has 32 bits. */
	size_t sel = (size_t)(a & 15), v = (size_t)(a >> 4);
	unsigned int d;
	size_t base;

	switch (sel) {
	case 0: case 1: case 2: case 3: case 4:
		return v % (4 * per_leaf);		/* the first few leaves */
	case 5: case 6: case 7:
		return v % (48 * per_leaf);		/* a few dozen leaves */
	case 8: case 9: case 10:
		/* Around the first index of each depth. */
		d = 1 + (unsigned int)(v % 12);
		base = gr_first_idx_at_depth(ops, d);
		if (!base)
			return last - (v >> 8) % 3;
		return base - 2 + (v >> 8) % 4;
	case 11: case 12:
		return last - (v % (2 * per_leaf));	/* the top of the index space */
	case 13:
		return last + 1 + v % 3;		/* unrepresentable (wraps for size 1) */
	case 14:
		return SIZE_MAX - v % 2;
	default:
		return (size_t)v;			/* anywhere: mostly absent */
	}
}

struct gr_walk {
	struct gr_model *m;
	size_t expect;		/* next index expected */
	size_t left;		/* entries still to check */
	bool reverse;
	bool ok;
	bool started;
};

/* Next existing index at or after @idx (reverse: at or before); false if none. */
static bool gr_model_next(const struct gr_model *m, size_t idx, bool reverse,
			  size_t *out)
{
	const struct gr_ops *ops = m->ops;
	size_t leaf = gr_leaf_of(ops, idx), i;

	if (idx > ops->last_pos) {
		if (!reverse)
			return false;
		idx = ops->last_pos;
		leaf = gr_leaf_of(ops, idx);
	}
	if (gr_model_has_leaf(m, leaf)) {
		*out = idx;
		return true;
	}
	i = gr_model_lower(m, leaf);
	if (!reverse) {
		if (i == m->nleaves)
			return false;
		*out = gr_first_idx(ops, m->leaves[i]);
		return true;
	}
	if (i == 0)
		return false;
	*out = gr_first_idx(ops, m->leaves[i - 1]) + gr_per_leaf(ops) - 1;
	return true;
}

/* Check @count entries from @start by manual peek/advance (or rewind). */
static bool gr_model_iterate(struct gr_model *m, size_t start, size_t count, bool reverse)
{
	const struct gr_ops *ops = m->ops;
	struct genradix_iter it;
	size_t expect, prev = 0, n;
	bool have;
	void *p;

	if (reverse && !ops->peek_prev)
		reverse = false;
	ops->iter_init(&m->r, &it, start);
	/*
	 * An iterator initialised beyond last_pos is past the end: nothing
	 * ahead of it, and (as in Linux) every entry behind it.
	 */
	have = (start <= ops->last_pos || reverse) &&
	       gr_model_next(m, start, reverse, &expect);
	for (n = 0; n < count; n++) {
		p = reverse ? ops->peek_prev(&m->r, &it) : ops->peek(&m->r, &it);
		if (!have)
			return p ? gr_fail(m, "iterate %s from %zu: entry at %zu after the last one",
					   reverse ? "back" : "forward", start, it.pos) : true;
		if (!p)
			return gr_fail(m, "iterate %s from %zu: ended, expected %zu",
				       reverse ? "back" : "forward", start, expect);
		if (it.pos != expect)
			return gr_fail(m, "iterate %s from %zu: pos %zu, expected %zu",
				       reverse ? "back" : "forward", start, it.pos, expect);
		if (p != ops->ptr(&m->r, it.pos))
			return gr_fail(m, "iterate: entry %zu differs from genradix_ptr", it.pos);
		if (!gr_model_check_entry(m, it.pos, p, "iterate"))
			return false;
		prev = it.pos;
		if (reverse) {
			ops->rewind(&m->r, &it);
			have = prev > 0 && gr_model_next(m, prev - 1, true, &expect);
		} else {
			ops->advance(&m->r, &it);
			have = prev < ops->last_pos && gr_model_next(m, prev + 1, false, &expect);
		}
	}
	return true;
}

bool gr_model_alloc(struct gr_model *m, size_t idx, unsigned int how, u64 val)
{
	const struct gr_ops *ops = m->ops;
	struct genradix_node *spare = NULL;
	void *p;

	if (how >= 2 && !ops->alloc_pre)
		how -= 2;
	switch (how) {
	case 0:
		p = ops->alloc(&m->r, idx, GFP_KERNEL);
		break;
	case 1:
		p = ops->alloc_inlined(&m->r, idx, GFP_KERNEL);
		break;
	default:
		spare = (val & 1) ? genradix_alloc_node(GFP_KERNEL) : NULL;
		p = (how == 2 ? ops->alloc_pre : ops->alloc_pre_inlined)(&m->r, idx, &spare,
									GFP_KERNEL);
		genradix_free_node(spare);
		break;
	}
	if (idx > ops->last_pos)
		return p ? gr_fail(m, "alloc(%zu) beyond last_pos %zu succeeded", idx,
				   ops->last_pos) : true;
	if (!p)
		return gr_fail(m, "alloc(%zu) failed", idx);
	if (!gr_model_note_alloc(m, idx))
		return false;
	if (!gr_model_check_entry(m, idx, p, "alloc"))
		return false;
	if (p != ops->ptr(&m->r, idx) || p != ops->ptr_inlined(&m->r, idx))
		return gr_fail(m, "alloc(%zu) and genradix_ptr disagree", idx);
	val &= gr_mask(ops);
	gr_put(ops, p, val);
	if (!gr_map_put(&m->vals, idx, val))
		return gr_fail(m, "the model is out of memory");
	return true;
}

bool gr_model_step(struct gr_model *m, unsigned int op, u64 a, u64 b)
{
	const struct gr_ops *ops = m->ops;
	size_t idx = gr_model_pick_idx(m, a);
	size_t nr, i;
	int ret;

	switch (op % GR_MODEL_OPS) {
	case 0: case 1: case 2: case 3:
		return gr_model_alloc(m, idx, op % 4, b);
	case 4:
		if (!gr_model_check_entry(m, idx, ops->ptr(&m->r, idx), "ptr"))
			return false;
		return gr_model_check_entry(m, idx, ops->ptr_inlined(&m->r, idx), "ptr_inlined");
	case 5:
		return gr_model_iterate(m, idx, 1 + b % 40, false);
	case 6:
		return gr_model_iterate(m, idx, 1 + b % 40, true);
	case 7:
		/* Prealloc a few leaves, or an unrepresentable count. */
		nr = (b & 7) == 7 ? idx : (size_t)b % (6 * gr_per_leaf(ops));
		if (nr > ops->last_pos || nr > 64 * gr_per_leaf(ops)) {
			if (nr <= ops->last_pos)
				return true;	/* would allocate too much */
			ret = ops->prealloc(&m->r, nr, GFP_KERNEL);
			return ret == -ENOMEM ? true :
				gr_fail(m, "prealloc(%zu) beyond last_pos returned %d", nr, ret);
		}
		ret = ops->prealloc(&m->r, nr, GFP_KERNEL);
		if (ret)
			return gr_fail(m, "prealloc(%zu) returned %d", nr, ret);
		for (i = 0; i <= gr_leaf_of(ops, nr); i++)
			if (!gr_model_add_leaf(m, i))
				return gr_fail(m, "the model is out of memory");
		return gr_model_check_entry(m, nr, ops->ptr(&m->r, nr), "after prealloc");
	case 8: {
		/* Overwrite an existing entry found by lookup. */
		void *p = ops->ptr(&m->r, idx);
		u64 v = b & gr_mask(ops);

		if (!gr_model_check_entry(m, idx, p, "ptr"))
			return false;
		if (p) {
			gr_put(ops, p, v);
			if (!gr_map_put(&m->vals, idx, v))
				return gr_fail(m, "the model is out of memory");
		}
		return true;
	}
	case 9:
		/* Free now and then, checking everything first. */
		if (b % 64)
			return true;
		if ((b >> 6) % 4 == 0 && m->nleaves * gr_per_leaf(ops) <= 65536 &&
		    !gr_model_check_all(m))
			return false;
		gr_model_reset(m);
		return ops->ptr(&m->r, 0) ? gr_fail(m, "entry 0 survived genradix_free") : true;
	default:
		/* for_each_from: a bounded visit compared with the model. */
		return gr_model_iterate(m, idx, 1 + b % 8, false);
	}
}

static bool gr_walk_visit(void *ctx, size_t pos, void *p)
{
	struct gr_walk *w = ctx;
	struct gr_model *m = w->m;
	size_t expect;

	if (w->started) {
		bool have = w->reverse ?
			(w->expect > 0 && gr_model_next(m, w->expect - 1, true, &expect)) :
			(w->expect < m->ops->last_pos &&
			 gr_model_next(m, w->expect + 1, false, &expect));

		if (!have) {
			w->ok = gr_fail(m, "walk: unexpected entry %zu", pos);
			return false;
		}
		w->expect = expect;
	}
	w->started = true;
	if (pos != w->expect) {
		w->ok = gr_fail(m, "walk %s: pos %zu, expected %zu",
				w->reverse ? "back" : "forward", pos, w->expect);
		return false;
	}
	if (p != m->ops->ptr(&m->r, pos)) {
		w->ok = gr_fail(m, "walk: entry %zu differs from genradix_ptr", pos);
		return false;
	}
	if (!gr_model_check_entry(m, pos, p, "walk")) {
		w->ok = false;
		return false;
	}
	return true;
}

bool gr_model_check_all(struct gr_model *m)
{
	const struct gr_ops *ops = m->ops;
	size_t expected = m->nleaves * gr_per_leaf(ops), n;
	struct gr_walk w = { .m = m, .ok = true };

	if (m->nleaves && !gr_model_next(m, 0, false, &w.expect))
		return gr_fail(m, "model inconsistent");
	n = ops->for_each(&m->r, gr_walk_visit, &w);
	if (!w.ok)
		return false;
	if (n != expected)
		return gr_fail(m, "genradix_for_each visited %zu entries, expected %zu", n, expected);

	if (!ops->for_each_reverse)
		return true;
	memset(&w, 0, sizeof(w));
	w.m = m;
	w.ok = true;
	w.reverse = true;
	if (m->nleaves && !gr_model_next(m, ops->last_pos, true, &w.expect))
		return gr_fail(m, "model inconsistent");
	n = ops->for_each_reverse(&m->r, gr_walk_visit, &w);
	if (!w.ok)
		return false;
	if (n != expected)
		return gr_fail(m, "genradix_for_each_reverse visited %zu entries, expected %zu",
			       n, expected);
	return true;
}
