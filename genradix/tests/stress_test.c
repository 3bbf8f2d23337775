// SPDX-License-Identifier: GPL-2.0
/*
 * stress_test.c - concurrent genradix_ptr_alloc(), lookups and iteration.
 * A plain program (not Criterion) so it also runs under ThreadSanitizer.
 *
 * Each round starts from an empty tree and releases all threads at once, so
 * the root is raised by racing compare-and-swaps (the path where a losing
 * node must drop its pointer to the old root before being reused lower
 * down). Allocators work on a shared set of indices (every thread must get
 * the same pointer for an index) and on a disjoint range of their own at
 * high indices; readers look up and iterate meanwhile. At the end every
 * value written is read back, and the whole tree is checked by iteration.
 *
 * Userspace only (threads, run under TSan too); the model sequences that
 * run in both worlds are cases.c.
 */
#include <pthread.h>

#include "kds_port.h"
#include "kds_expect.h"
#include <linux/generic-radix-tree.h>

#define ALLOCATORS	4
#define READERS		2
#define ROUNDS		24
#define SHARED		3000
#define TOTAL		3720	/* allocations per thread */
#define OWN		((TOTAL + 5) / 6)	/* every 6th one is an own index */

struct slot {
	unsigned long v[ALLOCATORS];	/* each allocator writes only its own word */
};

static GENRADIX(struct slot) tree;
static pthread_barrier_t start;
static struct slot *seen[ALLOCATORS][SHARED];
static bool stop_readers;

static size_t own_base(int t, int round)
{
	/* Disjoint, high, different every round: forces growth races. */
	size_t top = genradix_last_pos(&tree) / (ALLOCATORS + 1);

	return top * (size_t)(t + 1) - (size_t)round * 100003u;
}

static unsigned long value_of(int t, size_t idx)
{
	return ((unsigned long)idx * 2654435761u) ^ ((unsigned long)t << (BITS_PER_LONG - 8)) ^ 1;
}

struct alloc_arg {
	struct kds_expect *e;
	int t, round;
};

static void *allocator(void *p)
{
	struct alloc_arg *a = p;
	struct kds_expect *e = a->e;
	int t = a->t;
	size_t i, base = own_base(t, a->round);

	pthread_barrier_wait(&start);
	for (i = 0; i < TOTAL; i++) {
		/*
		 * Own (high) indices interleaved with the shared ones from the
		 * start, so threads raise the root concurrently; shared indices
		 * in a per-thread order.
		 */
		bool own = i % 6 == 0;
		size_t k = own ? i / 6 : i - i / 6 - 1;
		size_t idx = own ? base + k * 37 : (k * 7 + (size_t)t * 997) % SHARED;

		struct slot *s = (t & 1) ? genradix_ptr_alloc(&tree, idx, GFP_KERNEL) :
					   genradix_ptr_alloc_inlined(&tree, idx, GFP_KERNEL);

		KDS_EXPECT_MSG(e, s, "allocator %d: alloc(%zu) failed", t, idx);
		if (!s)
			continue;
		WRITE_ONCE(s->v[t], value_of(t, idx));
		if (!own)
			seen[t][idx] = s;
		KDS_EXPECT_MSG(e, genradix_ptr(&tree, idx) == s, "allocator %d: lookup(%zu)", t, idx);
	}
	return NULL;
}

static void *reader(void *p)
{
	struct kds_expect *e = p;
	struct genradix_iter iter;
	struct slot *s;
	unsigned long passes = 0;

	pthread_barrier_wait(&start);
	while (!READ_ONCE(stop_readers) || passes < 2) {
		size_t last = 0, n = 0, i;
		bool first = true;

		genradix_for_each(&tree, iter, s) {
			KDS_EXPECT_MSG(e, first || iter.pos > last, "iteration out of order at %zu", iter.pos);
			KDS_EXPECT_MSG(e, genradix_ptr(&tree, iter.pos) == s, "iter/ptr mismatch at %zu",
					  iter.pos);
			for (int t = 0; t < ALLOCATORS; t++) {
				unsigned long v = READ_ONCE(s->v[t]);

				KDS_EXPECT_MSG(e, !v || v == value_of(t, iter.pos),
						  "bad value at %zu", iter.pos);
			}
			first = false;
			last = iter.pos;
			if (++n > 20000)
				break;
		}
		for (i = 0; i < SHARED; i += 13) {
			s = genradix_ptr_inlined(&tree, i);
			if (s)
				KDS_EXPECT_MSG(e, genradix_ptr(&tree, i) == s, "unstable lookup %zu", i);
		}
		passes++;
	}
	return NULL;
}

static void check_round(struct kds_expect *e, int round)
{
	struct genradix_iter iter;
	struct slot *s;
	size_t i, last = 0, n = 0;
	bool first = true;
	int t;

	for (i = 0; i < SHARED; i++) {
		s = genradix_ptr(&tree, i);
		KDS_EXPECT_MSG(e, s, "shared %zu missing", i);
		for (t = 0; t < ALLOCATORS; t++) {
			KDS_EXPECT_MSG(e, seen[t][i] == s, "round %d: index %zu: thread %d got another node",
					  round, i, t);
			if (s)
				KDS_EXPECT_MSG(e, s->v[t] == value_of(t, i), "shared %zu lost thread %d's value",
						  i, t);
		}
	}
	for (t = 0; t < ALLOCATORS; t++) {
		size_t base = own_base(t, round);

		for (i = 0; i < OWN; i++) {
			s = genradix_ptr(&tree, base + i * 37);
			KDS_EXPECT_MSG(e, s && s->v[t] == value_of(t, base + i * 37),
					  "own index %zu of thread %d", base + i * 37, t);
		}
	}
	/* Whole-tree walk: ordered, and no entry holds a foreign value. */
	genradix_for_each(&tree, iter, s) {
		KDS_EXPECT_MSG(e, first || iter.pos > last, "final walk out of order");
		for (t = 0; t < ALLOCATORS; t++)
			KDS_EXPECT_MSG(e, !s->v[t] || s->v[t] == value_of(t, iter.pos),
					  "final walk: bad value at %zu", iter.pos);
		first = false;
		last = iter.pos;
		n++;
	}
	KDS_EXPECT_MSG(e, n >= SHARED + ALLOCATORS * OWN, "walk saw %zu entries", n);
}

static void concurrent_alloc(struct kds_expect *e)
{
	pthread_t th[ALLOCATORS + READERS];
	struct alloc_arg args[ALLOCATORS];
	int round, t, allocs, readers;

	genradix_init(&tree);
	for (round = 0; round < ROUNDS; round++) {
		memset(seen, 0, sizeof(seen));
		WRITE_ONCE(stop_readers, false);
		pthread_barrier_init(&start, NULL, ALLOCATORS + READERS);
		for (t = 0; t < ALLOCATORS; t++) {
			args[t].e = e;
			args[t].t = t;
			args[t].round = round;
			if (pthread_create(&th[t], NULL, allocator, &args[t]))
				break;
		}
		allocs = t;
		for (t = 0; t < READERS; t++)
			if (pthread_create(&th[ALLOCATORS + t], NULL, reader, e))
				break;
		readers = t;
		/* The barrier waits for every thread: one that did not start is fatal. */
		KDS_ASSERT(e, allocs == ALLOCATORS && readers == READERS);
		for (t = 0; t < ALLOCATORS; t++)
			pthread_join(th[t], NULL);
		WRITE_ONCE(stop_readers, true);
		for (t = 0; t < READERS; t++)
			pthread_join(th[ALLOCATORS + t], NULL);
		pthread_barrier_destroy(&start);

		check_round(e, round);
		genradix_free(&tree);
		KDS_EXPECT_MSG(e, kds_alloc_live() == 0, "round %d: %ld nodes leaked", round,
			       kds_alloc_live());
	}
}

static const struct kds_case stress_cases[] = { KDS_CASE(concurrent_alloc) };
KDS_SUITE(kds_suite_genradix_stress, "kds_genradix_stress", stress_cases, NULL);
