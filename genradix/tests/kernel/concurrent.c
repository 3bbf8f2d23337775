// SPDX-License-Identifier: GPL-2.0
/*
 * concurrent.c - suite kds_genradix_concurrent: kds's genradix grown by
 * several kernel threads at once while another thread looks up and
 * iterates over what they install; the kernel's counterpart of the
 * userspace stress (genradix/tests/stress_test.c), run wherever
 * kds_test.ko loads: amd64, i386 and arm64 kernels, and the debug kernels
 * (KASAN; KCSAN with weak-memory modelling, kernel/vm/configs/kcsan.config).
 * Kernel only.
 *
 * Each round starts from an empty tree and releases every thread at once,
 * so the root is raised by racing compare-and-swaps and the same child
 * slot is installed by several threads. The allocators share a set of
 * indices spread over three levels of the tree (each must get the same
 * entry for an index), and each also fills a range of its own far above
 * the others (a deeper root, raised while the others descend). In an
 * entry an allocator writes only its own word, with WRITE_ONCE(). The
 * reader meanwhile looks every shared index up and walks the tree: every
 * word of an entry it reaches must read 0 or its final value (a node seen
 * before its zeroing reads otherwise), and a walk's positions increase.
 * At the end the threads' entries agree with a lookup, every value is
 * read back, and the round's nodes are freed (the runner counts kds's
 * allocations).
 */
#include "kds/components.h"

#ifdef KDS_HAVE_GENRADIX /* the genradix tests are laid out only with it */
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "kds_port.h"
#include "kds_ktap.h"
#include "kds/genradix.h"

#define GRC_ALLOCATORS	3
#define GRC_SHARED	1024	/* shared indices, GRC_STRIDE apart */
#define GRC_STRIDE	257
#define GRC_OWN		64	/* indices of each allocator's own range */
#define GRC_ROUNDS	16
#define GRC_MAX_BAD	3	/* failures described; the rest are counted */

struct grc_entry {
	unsigned long v[GRC_ALLOCATORS];	/* word t: allocator t's */
};

struct grc_bad {
	size_t idx;
	unsigned int word;
	unsigned long seen, want;
	const char *what;
};

struct grc_round {
	KDS_GENRADIX(struct grc_entry) tree;
	struct completion go;
	struct completion done[GRC_ALLOCATORS + 1];
	atomic_t allocating;		/* allocators still working */
	struct grc_entry *(*seen)[GRC_SHARED];	/* [allocator][shared index] */
	atomic_t nr_bad;
	struct grc_bad bad[GRC_MAX_BAD];
	unsigned long lookups, walked;	/* the reader's, for the note */
};

struct grc_thread {
	struct grc_round *r;
	unsigned int t;
};

static size_t grc_shared_idx(unsigned int k)
{
	return (size_t)k * GRC_STRIDE;
}

/*
 * The base of allocator @t's own range: far above the shared indices and
 * each other's, with offsets that still fit a 32-bit size_t.
 */
static size_t grc_own_idx(unsigned int t, unsigned int i)
{
	unsigned int shift = BITS_PER_LONG > 32 ? 32 : 22;

	return ((size_t)(t + 1) << shift) + (size_t)i * 7;
}

static unsigned long grc_value(unsigned int t, size_t idx)
{
	return ((unsigned long)idx * 2654435761u) ^ ((unsigned long)(t + 1) << (BITS_PER_LONG - 8)) ^ 1;
}

/* Record a failure: the first GRC_MAX_BAD are kept, all are counted. */
static void grc_fail(struct grc_round *r, const char *what, size_t idx,
		     unsigned int word, unsigned long seen, unsigned long want)
{
	int n = atomic_inc_return(&r->nr_bad) - 1;

	if (n < GRC_MAX_BAD)
		r->bad[n] = (struct grc_bad){ idx, word, seen, want, what };
}

/* Every word of an entry reached concurrently: 0, or its final value. */
static void grc_check_words(struct grc_round *r, const struct grc_entry *p, size_t idx)
{
	unsigned int w;

	for (w = 0; w < GRC_ALLOCATORS; w++) {
		unsigned long v = READ_ONCE(p->v[w]);

		if (v && v != grc_value(w, idx))
			grc_fail(r, "reader saw a word neither 0 nor its value", idx, w, v,
				 grc_value(w, idx));
	}
}

static int grc_allocator(void *arg)
{
	struct grc_thread *th = arg;
	struct grc_round *r = th->r;
	unsigned int t = th->t, k;

	wait_for_completion(&r->go);
	for (k = 0; k < GRC_SHARED; k++) {
		/* Each allocator walks the shared set from its own start. */
		unsigned int s = (k + t * (GRC_SHARED / GRC_ALLOCATORS)) % GRC_SHARED;
		size_t idx = grc_shared_idx(s);
		struct grc_entry *p = kds_genradix_ptr_alloc(&r->tree, idx, GFP_KERNEL);

		r->seen[t][s] = p;
		if (!p) {
			grc_fail(r, "allocation failed", idx, t, 0, 0);
			continue;
		}
		WRITE_ONCE(p->v[t], grc_value(t, idx));
		if (k % (GRC_SHARED / GRC_OWN) == 0) {
			size_t own = grc_own_idx(t, k / (GRC_SHARED / GRC_OWN));

			p = kds_genradix_ptr_alloc(&r->tree, own, GFP_KERNEL);
			if (p)
				WRITE_ONCE(p->v[t], grc_value(t, own));
			else
				grc_fail(r, "allocation failed", own, t, 0, 0);
		}
		if (k % 64 == 0)
			cond_resched();
	}
	atomic_dec(&r->allocating);
	kthread_complete_and_exit(&r->done[t], 0);
}

static int grc_reader(void *arg)
{
	struct grc_thread *th = arg;
	struct grc_round *r = th->r;
	struct kds_genradix_iter iter;
	struct grc_entry *p;
	bool last;

	wait_for_completion(&r->go);
	do {
		unsigned int k;
		size_t prev = 0;
		bool first = true;

		/* One more pass after the allocators are done: it sees all. */
		last = !atomic_read(&r->allocating);
		for (k = 0; k < GRC_SHARED; k++) {
			size_t idx = grc_shared_idx(k);

			p = kds_genradix_ptr(&r->tree, idx);
			if (p)
				grc_check_words(r, p, idx);
			r->lookups++;
		}
		kds_genradix_for_each(&r->tree, iter, p) {
			if (!first && iter.pos <= prev)
				grc_fail(r, "walk went back", iter.pos, 0, iter.pos, prev + 1);
			first = false;
			prev = iter.pos;
			grc_check_words(r, p, iter.pos);
			r->walked++;
			if (r->walked % 256 == 0)
				cond_resched();
		}
		cond_resched();
	} while (!last);
	kthread_complete_and_exit(&r->done[GRC_ALLOCATORS], 0);
}

/* After the threads: every entry agrees with a lookup and holds every value. */
static void grc_check_final(struct grc_round *r)
{
	unsigned int t, k, i;

	for (k = 0; k < GRC_SHARED; k++) {
		size_t idx = grc_shared_idx(k);
		struct grc_entry *p = kds_genradix_ptr(&r->tree, idx);

		for (t = 0; t < GRC_ALLOCATORS; t++) {
			if (r->seen[t][k] != p)
				grc_fail(r, "an allocator's entry is not the lookup's", idx, t,
					 (unsigned long)r->seen[t][k], (unsigned long)p);
			else if (p && p->v[t] != grc_value(t, idx))
				grc_fail(r, "a value was lost", idx, t, p->v[t], grc_value(t, idx));
		}
	}
	for (t = 0; t < GRC_ALLOCATORS; t++) {
		for (i = 0; i < GRC_OWN; i++) {
			size_t idx = grc_own_idx(t, i);
			struct grc_entry *p = kds_genradix_ptr(&r->tree, idx);

			if (!p)
				grc_fail(r, "an own entry is missing", idx, t, 0, 0);
			else if (p->v[t] != grc_value(t, idx))
				grc_fail(r, "a value was lost", idx, t, p->v[t], grc_value(t, idx));
		}
	}
}

/* Start every thread of round @r; false (all reaped) if one cannot start. */
static bool grc_start(struct kds_expect *e, struct grc_round *r, struct grc_thread *th)
{
	unsigned int t;

	for (t = 0; t <= GRC_ALLOCATORS; t++) {
		struct task_struct *task;

		th[t] = (struct grc_thread){ r, t };
		init_completion(&r->done[t]);
		task = kthread_run(t < GRC_ALLOCATORS ? grc_allocator : grc_reader, &th[t],
				   "kds_grc/%u", t);
		if (IS_ERR(task)) {
			KDS_EXPECT_MSG(e, false, "kthread_run: %ld", PTR_ERR(task));
			/* The started ones wait for go: let them run out. */
			complete_all(&r->go);
			while (t--)
				wait_for_completion(&r->done[t]);
			return false;
		}
	}
	return true;
}

static void genradix_concurrent_grow_and_read(struct kds_expect *e)
{
	struct grc_thread th[GRC_ALLOCATORS + 1];
	unsigned long lookups = 0, walked = 0;
	struct grc_round *r;
	unsigned int round, t, i;
	int bad = 0;

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	KDS_ASSERT(e, r);
	r->seen = kvcalloc(GRC_ALLOCATORS, sizeof(*r->seen), GFP_KERNEL);
	if (!KDS_EXPECT(e, r->seen)) {
		kfree(r);
		return;
	}
	for (round = 0; round < GRC_ROUNDS && !bad; round++) {
		kds_genradix_init(&r->tree);
		init_completion(&r->go);
		atomic_set(&r->allocating, GRC_ALLOCATORS);
		r->lookups = r->walked = 0;
		if (!grc_start(e, r, th))
			break;
		complete_all(&r->go);
		for (t = 0; t <= GRC_ALLOCATORS; t++)
			wait_for_completion(&r->done[t]);
		grc_check_final(r);
		kds_genradix_free(&r->tree);
		lookups += r->lookups;
		walked += r->walked;
		bad = atomic_read(&r->nr_bad);
		for (i = 0; i < min(bad, GRC_MAX_BAD); i++)
			KDS_EXPECT_MSG(e, false,
				       "round %u: %s: index %zu, word %u: %#lx, want %#lx",
				       round, r->bad[i].what, r->bad[i].idx, r->bad[i].word,
				       r->bad[i].seen, r->bad[i].want);
		KDS_EXPECT_MSG(e, bad == 0, "round %u: %d failure(s) in all", round, bad);
	}
	kds_expect_note(e, "%u round(s) of %d allocators and a reader on %u CPU(s): %lu lookups, %lu entries walked",
			round, GRC_ALLOCATORS, num_online_cpus(), lookups, walked);
	kvfree(r->seen);
	kfree(r);
}

static const struct kds_case kds_grc_cases[] = {
	KDS_CASE(genradix_concurrent_grow_and_read),
};

KDS_SUITE(kds_suite_genradix_concurrent, "kds_genradix_concurrent", kds_grc_cases, NULL);

#endif /* KDS_HAVE_GENRADIX */
