// SPDX-License-Identifier: GPL-2.0
/*
 * bench_genradix.c - the kds genradix, compiled once per node size.
 *
 * Without KDS_GENRADIX_VARIANT this is the PAGE_SIZE-node tree (Linux 5.1)
 * and exports bench_genradix4k; built with KDS_GENRADIX_NODE_SHIFT=9 and
 * KDS_GENRADIX_VARIANT=512 it is the 512-byte-node tree (Linux 6.9+) and
 * exports bench_genradix512. Everything else here is static, so both
 * objects link into one program.
 *
 * Lookups (random, sequential, dependent) use genradix_ptr() and populate
 * uses genradix_ptr_alloc(): the 5.1 API, out-of-line calls. Built with
 * BENCH_GR_INLINED defined, they use genradix_ptr_inlined() and
 * genradix_ptr_alloc_inlined() (the 6.7+ fast paths) instead. for_each
 * uses genradix_for_each().
 */
#include "kds_port.h"
#include <linux/generic-radix-tree.h>
#include "benchmarks/bench.h"

#define BENCH_PASTE2(a, b)	a##b
#define BENCH_XPASTE2(a, b)	BENCH_PASTE2(a, b)
#define BENCH_STR2(a)		#a
#define BENCH_XSTR(a)		BENCH_STR2(a)

#ifdef KDS_GENRADIX_VARIANT
#define BENCH_GR_IMPL	BENCH_XPASTE2(bench_genradix, KDS_GENRADIX_VARIANT)
#define BENCH_GR_NAME	"genradix-" BENCH_XSTR(KDS_GENRADIX_VARIANT)
#else
#define BENCH_GR_IMPL	bench_genradix4k
#define BENCH_GR_NAME	"genradix-4k"
#endif

#ifdef BENCH_GR_INLINED
#define GR_PTR(r, i)		genradix_ptr_inlined(r, i)
#define GR_PTR_ALLOC(r, i, g)	genradix_ptr_alloc_inlined(r, i, g)
#define GR_API	"genradix_ptr_inlined(), genradix_ptr_alloc_inlined(), genradix_for_each()"
#else
#define GR_PTR(r, i)		genradix_ptr(r, i)
#define GR_PTR_ALLOC(r, i, g)	genradix_ptr_alloc(r, i, g)
#define GR_API	"genradix_ptr(), genradix_ptr_alloc(), genradix_for_each()"
#endif

struct gr {
	union {
		GENRADIX(struct bench_e8) r8;
		GENRADIX(struct bench_e24) r24;
		GENRADIX(struct bench_e100) r100;
	};
};

/* The typed tree for a constant entry size. */
#define GR(h, esz)							\
	__builtin_choose_expr((esz) == 8, &(h)->r8,			\
		__builtin_choose_expr((esz) == 24, &(h)->r24, &(h)->r100))

static bench_u64 gr_max_dense(size_t esz)
{
	return UINT64_MAX;
}

static struct gr *gr_new(size_t esz)
{
	struct gr *h = malloc(sizeof(*h));

	if (h)
		BENCH_DISPATCH_ESZ(esz, genradix_init(GR(h, ESZ)));
	return h;
}

static void gr_destroy(void *p, size_t esz)
{
	struct gr *h = p;

	BENCH_DISPATCH_ESZ(esz, genradix_free(GR(h, ESZ)));
	free(h);
}

static void *gr_populate(size_t esz, bench_u64 n)
{
	struct gr *h = gr_new(esz);
	bool ok = true;

	if (!h)
		return NULL;
	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < n; i++) {
			void *e = GR_PTR_ALLOC(GR(h, ESZ), i, GFP_KERNEL);

			if (!e) {
				ok = false;
				break;
			}
			bench_write(e, ESZ, i);
		});
	if (!ok) {
		gr_destroy(h, esz);
		return NULL;
	}
	return h;
}

static void *gr_sparse_fill(size_t esz, const bench_u64 *idx, bench_u64 m)
{
	struct gr *h = gr_new(esz);
	bool ok = true;

	if (!h)
		return NULL;
	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 k = 0; k < m; k++) {
			void *e = GR_PTR_ALLOC(GR(h, ESZ), idx[k], GFP_KERNEL);

			if (!e) {
				ok = false;
				break;
			}
			bench_write(e, ESZ, idx[k]);
		});
	if (!ok) {
		gr_destroy(h, esz);
		return NULL;
	}
	return h;
}

static bench_u64 gr_seq(void *p, size_t esz, bench_u64 ops)
{
	struct gr *h = p;
	bench_u64 s = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < ops; i++)
			s += bench_read(GR_PTR(GR(h, ESZ), i)));
	return s;
}

static bench_u64 gr_rnd(void *p, size_t esz, const bench_u64 *idx, bench_u64 ops)
{
	struct gr *h = p;
	bench_u64 s = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < ops; i++)
			s += bench_read(GR_PTR(GR(h, ESZ), idx[i])));
	return s;
}

static bench_u64 gr_chase(void *p, size_t esz, bench_u64 n, bench_u64 start,
			  bench_u64 ops)
{
	struct gr *h = p;
	bench_u64 s = 0, i = start;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 k = 0; k < ops; k++) {
			bench_u64 v = bench_read(GR_PTR(GR(h, ESZ), i));

			s += v;
			i = bench_next(v, k, n);
		});
	return s;
}

static bench_u64 gr_iter(void *p, size_t esz, bench_u64 ops)
{
	struct gr *h = p;
	struct genradix_iter it;
	bench_u64 s = 0, k = 0;

	if (!ops)
		return 0;
	BENCH_DISPATCH_ESZ(esz,
		const void *e;
		genradix_for_each(GR(h, ESZ), it, e) {
			s += bench_read(e);
			if (++k == ops)
				break;
		});
	return s;
}

/*
 * Nodes a lookup reads, root to leaf: the depth the tree records in the
 * low bits of its root word (documented in struct __genradix), plus the
 * leaf. An empty tree reads none.
 */
static int gr_depth(void *p, size_t esz)
{
	struct gr *h = p;
	struct genradix_root *r = NULL;

	BENCH_DISPATCH_ESZ(esz, r = READ_ONCE(GR(h, ESZ)->tree.root));
	return r ? (int)__kds_genradix_depth(r) + 1 : 0;
}

/*
 * Capacity: the largest index of the form 2^k - 1 (k up to 64) that
 * genradix_ptr_alloc() accepts and genradix_ptr() finds again, plus one.
 * Each probe builds a tree holding that one entry and frees it.
 */
static bench_u64 gr_capacity(size_t esz)
{
	bench_u64 cap = 0;

	for (int k = 33; k <= 64; k++) {
		bench_u64 idx = k == 64 ? UINT64_MAX : ((bench_u64)1 << k) - 1;
		struct gr *h = gr_new(esz);
		bool ok = false;

		if (!h)
			break;
		BENCH_DISPATCH_ESZ(esz,
			void *e = genradix_ptr_alloc(GR(h, ESZ), idx, GFP_KERNEL);
			if (e) {
				bench_write(e, ESZ, idx);
				ok = genradix_ptr(GR(h, ESZ), idx) == e &&
				     genradix_ptr(GR(h, ESZ), idx / 2) == NULL;
			});
		gr_destroy(h, esz);
		if (!ok)
			break;
		cap = k == 64 ? UINT64_MAX : idx + 1;
	}
	return cap;
}

const struct bench_impl BENCH_GR_IMPL = {
	.name = BENCH_GR_NAME,
	.api = GR_API,
	.max_dense = gr_max_dense,
	.sparse = true,
	.populate = gr_populate,
	.seq = gr_seq,
	.rnd = gr_rnd,
	.chase = gr_chase,
	.iter = gr_iter,
	.sparse_fill = gr_sparse_fill,
	.capacity = gr_capacity,
	.depth = gr_depth,
	.destroy = gr_destroy,
};
