// SPDX-License-Identifier: GPL-2.0
/*
 * vs_linux.c - kds's genradix against Linux's own, operation by
 * operation.
 *
 * Usage: vs_linux SHARED_OBJECT [OPS_PER_SIZE [SEED]]
 *
 * SHARED_OBJECT is linux_side.c built by vs_linux_test.sh from the
 * kernel's lib/generic-radix-tree.c with the node size of this build
 * (KDS_GENRADIX_NODE_SHIFT). For every entry size in VS_LINUX_SIZES both trees
 * get the same random sequence of genradix_ptr_alloc() (then the same
 * bytes are written to both entries), genradix_ptr(), genradix_prealloc(),
 * genradix_for_each_from() over up to 64 entries, and genradix_free();
 * after every operation the two must agree: the same entries present, the
 * same bytes in them, the same indices visited, and the same number of
 * nodes allocated. Indices stay below a byte offset of 2^40, where Linux
 * 6.1 has no overflow problems, and cover every depth up to there.
 *
 * The first few mismatches are printed with the seed (VS_LINUX_SEED=
 * replays); the exit status is non-zero when there was any.
 */
#include <dlfcn.h>
#include <stdio.h>

#include "kds_port.h"
#include <linux/generic-radix-tree.h>
#include "vs_linux.h"

#if KDS_GENRADIX_NODE_SHIFT >= 12
#define VS_LINUX_SIZES_BIG(X) VS_LINUX_SIZES_BIG_4K(X)
#else
#define VS_LINUX_SIZES_BIG(X)
#endif

#define KD_DEFINE(SZ)	VS_LINUX_ADAPTER(kd, SZ)
#define KD_ENTRY(SZ)	VS_LINUX_ADAPTER_OPS(kd, SZ)

VS_LINUX_SIZES(KD_DEFINE)

static const struct vs_linux_ops kd_ops[] = {
	VS_LINUX_SIZES(KD_ENTRY)
};

#define NODE		KDS_GENRADIX_NODE_SIZE
#define SHIFT		KDS_GENRADIX_NODE_SHIFT
#define MAX_REPORTS	10
#define MAX_WALK	64
#define MAX_KEPT	4096
/* Offsets below 2^40, or size_t's width where that is less. */
#define OFFSET_BITS	(sizeof(size_t) == 8 ? 40 : 32)
/* A level's fan-out, log2: the pointers a node holds. */
#define ARY_SHIFT	(SHIFT - (sizeof(void *) == 8 ? 3 : 2))

static unsigned long mismatches;

#define MISMATCH(fmt, ...) do {						\
	if (++mismatches <= MAX_REPORTS)				\
		fprintf(stderr, "MISMATCH size %zu node %zu seed %#llx step %lu: " fmt "\n", \
			t->size, (size_t)NODE, (unsigned long long)t->seed, t->step, \
			##__VA_ARGS__);						\
} while (0)

struct run {
	const struct vs_linux_ops *k, *l;
	long *l_live;
	void *kr, *lr;
	size_t size, per_leaf;
	u64 seed, rng;
	unsigned long step;
	size_t kept[MAX_KEPT];
	size_t nkept;
};

static u64 rnd(struct run *t)
{
	u64 x = t->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	t->rng = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* First index of the first leaf that needs a tree of depth @d (d >= 1). */
static size_t first_at_depth(const struct run *t, unsigned int d)
{
	return ((size_t)1 << (ARY_SHIFT * (d - 1))) * t->per_leaf;
}

static size_t pick(struct run *t)
{
	size_t limit = ((size_t)1 << (OFFSET_BITS - SHIFT)) * t->per_leaf;
	size_t idx, delta;
	unsigned int d;
	u64 v = rnd(t);

	switch (v % 8) {
	case 0: case 1:
		return (v >> 8) % (8 * t->per_leaf);		/* the first leaves */
	case 2:
		/* Around the first index of each depth (d < 5, below 2^40). */
		for (d = 1 + (v >> 8) % 4; d > 1 &&
		     ARY_SHIFT * (d - 1) + SHIFT >= OFFSET_BITS; d--)
			;
		idx = first_at_depth(t, d);
		delta = (v >> 16) % 4;
		return delta < 2 && idx >= 2 ? idx - 2 + delta : idx + delta;
	case 3: case 4:
		if (t->nkept) {					/* a neighbour */
			idx = t->kept[(v >> 8) % t->nkept];
			delta = (v >> 24) % (2 * t->per_leaf);
			return delta < t->per_leaf && idx >= t->per_leaf ?
				idx - delta : (idx + delta) % limit;
		}
		/* fall through */
	default:
		return (v >> 8) % limit;			/* anywhere */
	}
}

static void compare_entry(struct run *t, const char *what, size_t idx, void *pk, void *pl)
{
	if (!pk != !pl)
		MISMATCH("%s(%zu): kds %s, Linux %s", what, idx, pk ? "found it" : "NULL",
			 pl ? "found it" : "NULL");
	else if (pk && memcmp(pk, pl, t->size))
		MISMATCH("%s(%zu): entries differ", what, idx);
}

static void compare_walk(struct run *t, size_t start, size_t max)
{
	size_t kpos[MAX_WALK], lpos[MAX_WALK], nk, nl, i;
	void *kp[MAX_WALK], *lp[MAX_WALK];

	nk = t->k->walk(t->kr, start, max, kpos, kp);
	nl = t->l->walk(t->lr, start, max, lpos, lp);
	if (nk != nl)
		MISMATCH("for_each_from(%zu): kds visited %zu entries, Linux %zu", start, nk, nl);
	for (i = 0; i < nk && i < nl; i++) {
		if (kpos[i] != lpos[i]) {
			MISMATCH("for_each_from(%zu): entry %zu at index %zu in kds, %zu in Linux",
				 start, i, kpos[i], lpos[i]);
			return;
		}
		if (memcmp(kp[i], lp[i], t->size)) {
			MISMATCH("for_each_from(%zu): entry %zu differs", start, kpos[i]);
			return;
		}
		if (kp[i] != t->k->ptr(t->kr, kpos[i]))
			MISMATCH("kds for_each_from(%zu): entry %zu is not genradix_ptr()'s",
				 start, kpos[i]);
	}
}

/* Every entry of both trees, in chunks (at most 2^20 entries). */
static void compare_all(struct run *t)
{
	size_t start = 0, n, seen = 0;
	size_t pos[MAX_WALK];
	void *p[MAX_WALK];

	for (;;) {
		compare_walk(t, start, MAX_WALK);
		n = t->k->walk(t->kr, start, MAX_WALK, pos, p);
		seen += n;
		if (n < MAX_WALK || seen >= (1u << 20))
			break;
		start = pos[n - 1] + 1;
	}
}

static void compare_nodes(struct run *t, const char *when)
{
	long kn = kds_alloc_live(), ln = *t->l_live;

	if (kn != ln)
		MISMATCH("%s: kds has %ld nodes, Linux %ld", when, kn, ln);
}

static void run_size(const struct vs_linux_ops *k, const struct vs_linux_ops *l, long *l_live,
		     u64 seed, unsigned long nops)
{
	struct run t0 = { .k = k, .l = l, .l_live = l_live, .size = k->size,
			  .per_leaf = NODE / k->size, .seed = seed, .rng = seed | 1 };
	struct run *t = &t0;
	unsigned long before = mismatches;

	t->kr = k->create();
	t->lr = l->create();
	if (!t->kr || !t->lr)
		abort();
	for (t->step = 0; t->step < nops && mismatches - before < MAX_REPORTS; t->step++) {
		u64 v = rnd(t);
		size_t idx = pick(t), i;
		void *pk, *pl;

		switch (v % 100) {
		case 0 ... 34:
			pk = k->alloc(t->kr, idx);
			pl = l->alloc(t->lr, idx);
			if (!pk || !pl) {
				MISMATCH("alloc(%zu) failed: kds %p, Linux %p", idx, pk, pl);
				break;
			}
			compare_entry(t, "alloc", idx, pk, pl);
			for (i = 0; i < t->size; i++)
				((u8 *)pk)[i] = ((u8 *)pl)[i] = (u8)(rnd(t) >> 56);
			if (t->nkept < MAX_KEPT)
				t->kept[t->nkept++] = idx;
			else
				t->kept[(v >> 8) % MAX_KEPT] = idx;
			break;
		case 35 ... 59:
			compare_entry(t, "ptr", idx, k->ptr(t->kr, idx), l->ptr(t->lr, idx));
			break;
		case 60 ... 61: {
			size_t nr = (v >> 8) % (6 * t->per_leaf);
			int rk = k->prealloc(t->kr, nr), rl = l->prealloc(t->lr, nr);

			if (rk != rl || rk)
				MISMATCH("prealloc(%zu): kds %d, Linux %d", nr, rk, rl);
			for (i = 0; i <= nr && i < t->per_leaf * 8; i += 1 + i / 4)
				compare_entry(t, "ptr after prealloc", i, k->ptr(t->kr, i),
					      l->ptr(t->lr, i));
			break;
		}
		case 62:
			compare_all(t);
			compare_nodes(t, "before genradix_free");
			k->reset(t->kr);
			l->reset(t->lr);
			t->nkept = 0;
			break;
		default:
			compare_walk(t, idx, 1 + (v >> 8) % MAX_WALK);
			break;
		}
		compare_nodes(t, "after the operation");
	}
	compare_all(t);
	k->destroy(t->kr);
	l->destroy(t->lr);
	if (kds_alloc_live() || *l_live)
		MISMATCH("after genradix_free: kds %ld nodes left, Linux %ld", kds_alloc_live(),
			 *l_live);
	printf("size %4zu, node %zu: %lu operations, %lu mismatch(es)\n", t->size,
	       (size_t)NODE, t->step, mismatches - before);
}

int main(int argc, char **argv)
{
	unsigned long nops = argc > 2 ? strtoul(argv[2], NULL, 0) : 20000;
	const char *env = getenv("VS_LINUX_SEED");
	u64 seed = argc > 3 ? strtoull(argv[3], NULL, 0) :
		   env ? strtoull(env, NULL, 0) : 0x6e1d1ff5eedULL;
	const struct vs_linux_side *side;
	void *so;
	size_t i, j;

	if (argc < 2) {
		fprintf(stderr, "usage: %s SHARED_OBJECT [OPS_PER_SIZE [SEED]]\n", argv[0]);
		return 2;
	}
	so = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!so) {
		fprintf(stderr, "vs_linux: %s\n", dlerror());
		return 2;
	}
	side = dlsym(so, VS_LINUX_SIDE_SYMBOL);
	if (!side) {
		fprintf(stderr, "vs_linux: %s\n", dlerror());
		return 2;
	}
	if (side->node_shift != SHIFT || side->count != ARRAY_SIZE(kd_ops)) {
		fprintf(stderr, "vs_linux: %s has node shift %u and %zu sizes, expected %d and %zu\n",
			argv[1], side->node_shift, side->count, SHIFT, ARRAY_SIZE(kd_ops));
		return 2;
	}
	printf("kds genradix (%zu-byte nodes) against Linux's lib/generic-radix-tree.c, seed %#llx\n",
	       (size_t)NODE, (unsigned long long)seed);
	for (i = 0; i < ARRAY_SIZE(kd_ops); i++) {
		for (j = 0; j < side->count && side->ops[j].size != kd_ops[i].size; j++)
			;
		if (j == side->count) {
			fprintf(stderr, "vs_linux: no Linux side for size %zu\n", kd_ops[i].size);
			return 2;
		}
		run_size(&kd_ops[i], &side->ops[j], side->live_nodes,
			 seed ^ (kd_ops[i].size * 0x9e3779b97f4a7c15ULL), nops);
	}
	if (mismatches) {
		fprintf(stderr, "vs_linux: %lu mismatch(es)%s\n", mismatches,
			mismatches > MAX_REPORTS ? " (the first few printed)" : "");
		return 1;
	}
	printf("vs_linux: %zu entry sizes, no mismatch\n", ARRAY_SIZE(kd_ops));
	return 0;
}
