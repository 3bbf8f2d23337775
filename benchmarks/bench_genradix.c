// SPDX-License-Identifier: GPL-2.0
/*
 * bench_genradix.c - a generic radix tree through the kernel's API,
 * compiled once per tree and node size.
 *
 * Without KDS_GENRADIX_VARIANT this is kds's PAGE_SIZE-node tree (Linux
 * 5.1) and exports bench_genradix4k; built with KDS_GENRADIX_NODE_SHIFT=9
 * and KDS_GENRADIX_VARIANT=512 it is kds's 512-byte-node tree (Linux 6.9+)
 * and exports bench_genradix512. Built with BENCH_GR_LINUX, the same code
 * measures Linux's own lib/generic-radix-tree.c (bench_linux.h): 6.1's,
 * with 4 KiB nodes, exporting bench_linux61, or with BENCH_LX_612 too,
 * 6.12's, with 512-byte nodes, exporting bench_linux612. Everything else
 * here is static, so all four objects link into one program.
 *
 * Lookups (random, sequential, dependent) use genradix_ptr() and populate
 * uses genradix_ptr_alloc(): the 5.1 API, out-of-line calls. Built with
 * BENCH_GR_INLINED defined, kds's trees use genradix_ptr_inlined() and
 * genradix_ptr_alloc_inlined() (the 6.7+ fast paths) instead; Linux 6.1
 * has none. for_each uses genradix_for_each().
 */
#ifdef BENCH_GR_LINUX
#include "benchmarks/bench_linux.h"
#else
#include "kds_port.h"
#include <linux/generic-radix-tree.h>
#endif
#include "benchmarks/bench.h"

#define BENCH_PASTE2(a, b)	a##b
#define BENCH_XPASTE2(a, b)	BENCH_PASTE2(a, b)
#define BENCH_STR2(a)		#a
#define BENCH_XSTR(a)		BENCH_STR2(a)

#if defined(BENCH_GR_LINUX)
#define BENCH_GR_IMPL	BENCH_LX_IMPL
#define BENCH_GR_NAME	BENCH_LX_NAME
#elif defined(KDS_GENRADIX_VARIANT)
#define BENCH_GR_IMPL	BENCH_XPASTE2(bench_genradix, KDS_GENRADIX_VARIANT)
#define BENCH_GR_NAME	"genradix-" BENCH_XSTR(KDS_GENRADIX_VARIANT)
#else
#define BENCH_GR_IMPL	bench_genradix4k
#define BENCH_GR_NAME	"genradix-4k"
#endif

#if defined(BENCH_GR_INLINED) && !defined(BENCH_GR_LINUX)
#define GR_PTR(r, i)		genradix_ptr_inlined(r, i)
#define GR_PTR_ALLOC(r, i, g)	genradix_ptr_alloc_inlined(r, i, g)
#define GR_API	"genradix_ptr_inlined(), genradix_ptr_alloc_inlined(), genradix_for_each()"
#else
#define GR_PTR(r, i)		genradix_ptr(r, i)
#define GR_PTR_ALLOC(r, i, g)	genradix_ptr_alloc(r, i, g)
#define GR_API	"genradix_ptr(), genradix_ptr_alloc(), genradix_for_each()"
#endif

#ifdef BENCH_LINUX_MISSING
/* No kernel source at build time: the run says so and leaves it out. */
const struct bench_impl BENCH_GR_IMPL = {
	.name = BENCH_GR_NAME,
	.unavailable = BENCH_LINUX_MISSING,
};
#else

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
 * low bits of its root word (documented in struct __genradix; Linux's
 * genradix_root_to_depth() reads the same bits), plus the leaf. An empty
 * tree reads none.
 */
static int gr_depth(void *p, size_t esz)
{
	struct gr *h = p;
	struct genradix_root *r = NULL;

	BENCH_DISPATCH_ESZ(esz, r = READ_ONCE(GR(h, ESZ)->tree.root));
#ifdef BENCH_GR_LINUX
	return r ? (int)genradix_root_to_depth(r) + 1 : 0;
#else
	return r ? (int)__kds_genradix_depth(r) + 1 : 0;
#endif
}

/*
 * Whether genradix_for_each() over @r reaches entry @e at position @idx:
 * a tree whose index-to-offset arithmetic wrapped stores the entry where
 * another index lives, and the iterator reports that other index. Only
 * the leaf holding @e is allocated, so at most one leaf is walked.
 */
#define GR_ITER_FINDS(r, e, idx)					\
	({								\
		struct genradix_iter __it;				\
		const void *__q;					\
		bool __found = false;					\
									\
		genradix_for_each(r, __it, __q)				\
			if (__q == (e)) {				\
				__found = __it.pos == (idx);		\
				break;					\
			}						\
		__found;						\
	})

/*
 * Capacity: the largest index of the form 2^k - 1 (k up to 64) that
 * genradix_ptr_alloc() accepts, genradix_ptr() finds again and
 * genradix_for_each() reaches at that index (so an index whose byte
 * offset overflowed onto another index's slot does not count), plus one.
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
				     genradix_ptr(GR(h, ESZ), idx / 2) == NULL &&
				     GR_ITER_FINDS(GR(h, ESZ), e, idx);
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
#endif /* !BENCH_LINUX_MISSING */
