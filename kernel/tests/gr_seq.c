// SPDX-License-Identifier: GPL-2.0
/*
 * gr_seq.c - seeded genradix operation sequences in the kernel.
 *
 * Each case runs one sequence (allocations that write a pattern, probes,
 * preallocations, partial iterations, and a full iteration at the end) for
 * one entry size against a reference model, which knows:
 *   - which entries were written and with what;
 *   - which leaves exist: a leaf (PAGE_SIZE / size entries) exists once
 *     any of its entries was allocated or preallocated, and every entry of
 *     an existing leaf is present and reads as zero until written. Leaf 0
 *     exists as soon as the tree holds anything: the first node a tree
 *     gets is a depth-0 root, i.e. the leaf for offsets 0..PAGE_SIZE-1,
 *     and it stays in place as child 0 when the tree grows (both the
 *     kernel's genradix and kds's behave so);
 *   - so exactly which positions an iteration from any start visits, in
 *     order, with iter.pos equal to the entry's index.
 * Suite kds_genradix runs the kds genradix alone; suite
 * kds_genradix_vs_linux runs the kds genradix and the running kernel's own
 * genradix in lockstep on the same sequence, each checked against the
 * model and against the other (presence, contents, iteration order and
 * positions, prealloc results).
 */
#include "kds_port.h"
#include "kds_ktap.h"
#include "gr_iface.h"

#define KDS_GR_STEPS		1200
#define KDS_GR_MAX_RECS		256
#define KDS_GR_PARTIAL		48
#define KDS_GR_MAX_FAILS	12
#define KDS_GR_NONE		((size_t)-1)

struct kds_gr_rec {
	size_t idx;
	u64 h;
};

/* One sequence: up to two implementations and the model. */
struct kds_gr_run {
	struct kds_expect *e;
	const struct kds_gr_impl *impl[2];
	void *tree[2];
	unsigned int nimpl;
	size_t size;
	size_t per_leaf;
	struct kds_gr_rec *recs;	/* sorted by idx */
	unsigned int nrecs;
	size_t prealloc_leaves;		/* leaves [0, this) exist by prealloc */
	bool nonempty;			/* anything allocated: leaf 0 exists */
	u64 rng;
	unsigned int step;
};

static u64 kds_gr_next(struct kds_gr_run *r)
{
	/* xorshift64* */
	r->rng ^= r->rng >> 12;
	r->rng ^= r->rng << 25;
	r->rng ^= r->rng >> 27;
	return r->rng * 0x2545f4914f6cdd1dULL;
}

static size_t kds_gr_gen_idx(struct kds_gr_run *r)
{
	u64 c = kds_gr_next(r) % 10;

	if (c < 6)
		return kds_gr_next(r) % 8192;
	if (c < 9)
		return kds_gr_next(r) % (1UL << 20);
	return kds_gr_next(r) % (1UL << 34);
}

static size_t kds_gr_leaf(const struct kds_gr_run *r, size_t idx)
{
	return idx / r->per_leaf;
}

/* First record with idx >= @idx, or nrecs. */
static unsigned int kds_gr_lower_bound(const struct kds_gr_run *r, size_t idx)
{
	unsigned int lo = 0, hi = r->nrecs;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (r->recs[mid].idx < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const struct kds_gr_rec *kds_gr_find(const struct kds_gr_run *r, size_t idx)
{
	unsigned int i = kds_gr_lower_bound(r, idx);

	return i < r->nrecs && r->recs[i].idx == idx ? &r->recs[i] : NULL;
}

/* The first existing leaf at or after @leaf, or KDS_GR_NONE. */
static size_t kds_gr_next_leaf(const struct kds_gr_run *r, size_t leaf)
{
	unsigned int i;

	if (leaf < r->prealloc_leaves || (leaf == 0 && r->nonempty))
		return leaf;
	i = kds_gr_lower_bound(r, leaf * r->per_leaf);
	return i < r->nrecs ? kds_gr_leaf(r, r->recs[i].idx) : KDS_GR_NONE;
}

static bool kds_gr_model_present(const struct kds_gr_run *r, size_t idx)
{
	return kds_gr_next_leaf(r, kds_gr_leaf(r, idx)) == kds_gr_leaf(r, idx);
}

/* The position an iteration visits at or after @pos, or KDS_GR_NONE. */
static size_t kds_gr_next_pos(const struct kds_gr_run *r, size_t pos)
{
	size_t leaf = kds_gr_next_leaf(r, kds_gr_leaf(r, pos));

	if (leaf == KDS_GR_NONE)
		return KDS_GR_NONE;
	return leaf == kds_gr_leaf(r, pos) ? pos : leaf * r->per_leaf;
}

static u8 kds_gr_byte(u64 h, size_t b)
{
	return (u8)(h >> ((b & 7) * 8)) ^ (u8)(b * 37);
}

static void kds_gr_fill(void *entry, size_t size, u64 h)
{
	u8 *p = entry;
	size_t b;

	for (b = 0; b < size; b++)
		p[b] = kds_gr_byte(h, b);
}

/* Whether @entry holds what the model says idx @idx holds. */
static bool kds_gr_content_ok(const struct kds_gr_run *r, size_t idx, const void *entry)
{
	const struct kds_gr_rec *rec = kds_gr_find(r, idx);
	const u8 *p = entry;
	size_t b;

	for (b = 0; b < r->size; b++)
		if (p[b] != (rec ? kds_gr_byte(rec->h, b) : 0))
			return false;
	return true;
}

static bool kds_gr_fail(struct kds_gr_run *r)
{
	return r->e->failures >= KDS_GR_MAX_FAILS;
}

static void kds_gr_model_write(struct kds_gr_run *r, size_t idx, u64 h)
{
	unsigned int i = kds_gr_lower_bound(r, idx);

	if (i < r->nrecs && r->recs[i].idx == idx) {
		r->recs[i].h = h;
		return;
	}
	memmove(&r->recs[i + 1], &r->recs[i], (r->nrecs - i) * sizeof(r->recs[0]));
	r->recs[i].idx = idx;
	r->recs[i].h = h;
	r->nrecs++;
}

static void kds_gr_op_alloc(struct kds_gr_run *r)
{
	size_t idx;
	u64 h = kds_gr_next(r);
	unsigned int k;

	if (r->nrecs == KDS_GR_MAX_RECS)
		idx = r->recs[kds_gr_next(r) % r->nrecs].idx;
	else
		idx = kds_gr_gen_idx(r);
	for (k = 0; k < r->nimpl; k++) {
		void *p = r->impl[k]->alloc(r->tree[k], idx);

		if (!p) {
			kds_expect_fail(r->e, __FILE__, __LINE__,
					"%s size %zu step %u: ptr_alloc(%zu) failed",
					r->impl[k]->name, r->size, r->step, idx);
			return;
		}
		kds_gr_fill(p, r->size, h);
	}
	kds_gr_model_write(r, idx, h);
	r->nonempty = true;
}

static void kds_gr_op_probe(struct kds_gr_run *r, size_t idx)
{
	bool want = kds_gr_model_present(r, idx);
	void *p[2] = { NULL, NULL };
	unsigned int k;

	for (k = 0; k < r->nimpl; k++) {
		p[k] = r->impl[k]->ptr(r->tree[k], idx);
		if (!!p[k] != want)
			kds_expect_fail(r->e, __FILE__, __LINE__,
					"%s size %zu step %u: ptr(%zu) %s, model says %s",
					r->impl[k]->name, r->size, r->step, idx,
					p[k] ? "present" : "absent", want ? "present" : "absent");
		else if (p[k] && !kds_gr_content_ok(r, idx, p[k]))
			kds_expect_fail(r->e, __FILE__, __LINE__,
					"%s size %zu step %u: entry %zu holds the wrong bytes",
					r->impl[k]->name, r->size, r->step, idx);
	}
	if (r->nimpl == 2 && p[0] && p[1] && memcmp(p[0], p[1], r->size))
		kds_expect_fail(r->e, __FILE__, __LINE__,
				"size %zu step %u: entry %zu differs between kds and linux",
				r->size, r->step, idx);
}

static void kds_gr_op_prealloc(struct kds_gr_run *r)
{
	size_t nr = kds_gr_next(r) % 3000;
	unsigned int k;

	for (k = 0; k < r->nimpl; k++) {
		int rc = r->impl[k]->prealloc(r->tree[k], nr);

		if (rc)
			kds_expect_fail(r->e, __FILE__, __LINE__,
					"%s size %zu step %u: prealloc(%zu) = %d",
					r->impl[k]->name, r->size, r->step, nr, rc);
	}
	r->prealloc_leaves = max(r->prealloc_leaves, kds_gr_leaf(r, nr) + 1);
	r->nonempty = true;
}

/* Iteration state checked entry by entry against the model. */
struct kds_gr_walk {
	struct kds_gr_run *r;
	const char *name;
	size_t expect;		/* next position the model predicts */
	size_t seen;
	size_t limit;
	u64 hash;
	bool bad;
};

static bool kds_gr_visit_fn(void *ctx, size_t pos, const void *entry)
{
	struct kds_gr_walk *w = ctx;
	struct kds_gr_run *r = w->r;
	size_t b;

	if (pos != w->expect) {
		kds_expect_fail(r->e, __FILE__, __LINE__,
				"%s size %zu step %u: iteration visited %zu, model expects %zd",
				w->name, r->size, r->step, pos, (ssize_t)w->expect);
		w->bad = true;
		return false;
	}
	if (!kds_gr_content_ok(r, pos, entry)) {
		kds_expect_fail(r->e, __FILE__, __LINE__,
				"%s size %zu step %u: iteration: entry %zu holds the wrong bytes",
				w->name, r->size, r->step, pos);
		w->bad = true;
		return false;
	}
	for (b = 0; b < r->size; b++)
		w->hash = (w->hash ^ ((const u8 *)entry)[b]) * 0x100000001b3ULL;
	w->hash = (w->hash ^ pos) * 0x100000001b3ULL;
	w->seen++;
	w->expect = kds_gr_next_pos(r, pos + 1);
	return w->seen < w->limit;
}

static void kds_gr_op_iterate(struct kds_gr_run *r, size_t start, size_t limit)
{
	u64 hash[2] = { 0, 0 };
	size_t seen[2] = { 0, 0 };
	unsigned int k;

	for (k = 0; k < r->nimpl; k++) {
		struct kds_gr_walk w = {
			.r = r, .name = r->impl[k]->name,
			.expect = kds_gr_next_pos(r, start), .limit = limit,
			.hash = 0xcbf29ce484222325ULL,
		};

		r->impl[k]->for_each_from(r->tree[k], start, kds_gr_visit_fn, &w);
		if (w.bad)
			return;
		/* Stopped early only at the limit; otherwise the model is done too. */
		if (w.seen < limit && w.expect != KDS_GR_NONE)
			kds_expect_fail(r->e, __FILE__, __LINE__,
					"%s size %zu step %u: iteration from %zu ended after %zu entries, model expects %zu next",
					w.name, r->size, r->step, start, w.seen, w.expect);
		hash[k] = w.hash;
		seen[k] = w.seen;
	}
	if (r->nimpl == 2 && (hash[0] != hash[1] || seen[0] != seen[1]))
		kds_expect_fail(r->e, __FILE__, __LINE__,
				"size %zu step %u: iteration from %zu: kds saw %zu (hash %llx), linux %zu (hash %llx)",
				r->size, r->step, start, seen[0], hash[0], seen[1], hash[1]);
}

static void kds_gr_sequence(struct kds_expect *e, unsigned int size_slot, bool vs_linux)
{
	static const size_t sizes[KDS_GR_NR_SIZES] = KDS_GR_SIZES;
	struct kds_gr_run r = {
		.e = e,
		.size = sizes[size_slot],
		.per_leaf = PAGE_SIZE / sizes[size_slot],
		.rng = kds_test_seed ^ (sizes[size_slot] * 0x9e3779b97f4a7c15ULL),
	};
	unsigned int k;

	if (!r.rng)
		r.rng = 1;
	r.impl[r.nimpl++] = &kds_gr_impl_kds[size_slot];
	if (vs_linux)
		r.impl[r.nimpl++] = &kds_gr_impl_linux[size_slot];
	KDS_ASSERT(e, r.impl[0]->size == r.size);
	r.recs = kmalloc_array(KDS_GR_MAX_RECS, sizeof(*r.recs), GFP_KERNEL);
	KDS_ASSERT(e, r.recs != NULL);
	for (k = 0; k < r.nimpl; k++) {
		r.tree[k] = r.impl[k]->create();
		if (!KDS_EXPECT(e, r.tree[k] != NULL))
			goto out;
	}

	for (r.step = 0; r.step < KDS_GR_STEPS && !kds_gr_fail(&r); r.step++) {
		u64 op = kds_gr_next(&r) % 100;

		if (op < 50) {
			kds_gr_op_alloc(&r);
		} else if (op < 85) {
			size_t idx;

			if (r.nrecs && (kds_gr_next(&r) & 1)) {
				idx = r.recs[kds_gr_next(&r) % r.nrecs].idx;
				idx += kds_gr_next(&r) % 7;
				idx = idx >= 3 ? idx - 3 : idx;
			} else {
				idx = kds_gr_gen_idx(&r);
			}
			kds_gr_op_probe(&r, idx);
		} else if (op < 88) {
			kds_gr_op_prealloc(&r);
		} else {
			size_t start = r.nrecs && (kds_gr_next(&r) & 1) ?
				r.recs[kds_gr_next(&r) % r.nrecs].idx : kds_gr_gen_idx(&r);

			kds_gr_op_iterate(&r, start, KDS_GR_PARTIAL);
		}
		if (!(r.step % 64))
			cond_resched();
	}
	/* Every written entry, then everything from 0 to the end. */
	for (k = 0; k < r.nrecs && !kds_gr_fail(&r); k++)
		kds_gr_op_probe(&r, r.recs[k].idx);
	if (!kds_gr_fail(&r))
		kds_gr_op_iterate(&r, 0, KDS_GR_NONE);
	KDS_EXPECT(e, r.nrecs > 0);
	if (e->failures)
		kds_expect_note(e, "reproduce with kds_test.seed=%lu", kds_test_seed);
out:
	for (k = 0; k < r.nimpl; k++)
		if (r.tree[k])
			r.impl[k]->destroy(r.tree[k]);
	kfree(r.recs);
}

#define KDS_GR_CASES(slot, sz)						\
static void genradix_seq_size_##sz(struct kds_expect *e)		\
{									\
	kds_gr_sequence(e, slot, false);				\
}									\
static void genradix_vs_linux_size_##sz(struct kds_expect *e)		\
{									\
	kds_gr_sequence(e, slot, true);					\
}

KDS_GR_CASES(0, 1)
KDS_GR_CASES(1, 8)
KDS_GR_CASES(2, 24)
KDS_GR_CASES(3, 40)

static const struct kds_case kds_gr_seq_cases[] = {
	KDS_CASE(genradix_seq_size_1),
	KDS_CASE(genradix_seq_size_8),
	KDS_CASE(genradix_seq_size_24),
	KDS_CASE(genradix_seq_size_40),
};

static const struct kds_case kds_gr_vs_linux_cases[] = {
	KDS_CASE(genradix_vs_linux_size_1),
	KDS_CASE(genradix_vs_linux_size_8),
	KDS_CASE(genradix_vs_linux_size_24),
	KDS_CASE(genradix_vs_linux_size_40),
};

static const char *kds_gr_skip(void)
{
	return kds_gr_kds_built ? NULL : "genradix is not part of this build";
}

KDS_SUITE(kds_suite_genradix, "kds_genradix", kds_gr_seq_cases, kds_gr_skip);
KDS_SUITE(kds_suite_genradix_vs_kernel, "kds_genradix_vs_linux", kds_gr_vs_linux_cases,
	  kds_gr_skip);
