// SPDX-License-Identifier: GPL-2.0
/*
 * bench_flat.c - the physical limit: one flat array, entry i at i * esz,
 * in two page sizes:
 *
 *   flat      4 KiB pages (MADV_NOHUGEPAGE, whatever the system's THP mode)
 *   flat-thp  2 MiB-aligned and MADV_HUGEPAGE: transparent huge pages,
 *             the same page size the genradix node pool asks for
 *
 * Populate is calloc-and-touch: zeroed memory plus one write per entry.
 * The memory is managed like a one-slot allocator cache, so flat gets
 * exactly the treatment the node pool gives genradix: destroy keeps the
 * mapping for the next populate, which clears it and reuses it (warm);
 * after release() the next populate maps fresh memory that the process
 * has never touched (cold). for_each is a plain loop.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "benchmarks/bench.h"

#define FLAT_HUGE	((size_t)2 << 20)

struct flat {
	unsigned char *a;
	size_t bytes;		/* mapped length */
	bench_u64 n;
};

/* One kept mapping per page size: what the last destroy gave back. */
struct flat_cache {
	unsigned char *a;
	size_t bytes;
};

static struct flat_cache flat_cache[2];	/* [0]: 4 KiB, [1]: THP */

static bench_u64 flat_max_dense(size_t esz)
{
	return UINT64_MAX;
}

/* Fresh zeroed memory of @bytes, never touched, of the chosen page size. */
static unsigned char *flat_map(size_t bytes, bool thp)
{
	size_t len = thp ? bytes + FLAT_HUGE : bytes;
	unsigned char *raw, *a;

	raw = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	if (!thp) {
		madvise(raw, bytes, MADV_NOHUGEPAGE);
		return raw;
	}
	a = (unsigned char *)(((uintptr_t)raw + FLAT_HUGE - 1) & ~(FLAT_HUGE - 1));
	if (a != raw)
		munmap(raw, (size_t)(a - raw));
	if (raw + len != a + bytes)
		munmap(a + bytes, (size_t)(raw + len - (a + bytes)));
	madvise(a, bytes, MADV_HUGEPAGE);
	return a;
}

static void flat_drop(struct flat_cache *c)
{
	if (c->a)
		munmap(c->a, c->bytes);
	c->a = NULL;
	c->bytes = 0;
}

static void *flat_populate_ps(size_t esz, bench_u64 n, bool thp)
{
	struct flat_cache *c = &flat_cache[thp];
	size_t bytes = (size_t)(n * esz);
	struct flat *f = malloc(sizeof(*f));

	if (!f)
		return NULL;
	bytes = (bytes + 4095) & ~(size_t)4095;
	if (thp)
		bytes = (bytes + FLAT_HUGE - 1) & ~(FLAT_HUGE - 1);
	f->n = n;
	if (c->a && c->bytes == bytes) {
		/* Recycled: cleared like calloc clears reused memory. */
		f->a = c->a;
		c->a = NULL;
		memset(f->a, 0, (size_t)(n * esz));
	} else {
		flat_drop(c);
		f->a = flat_map(bytes, thp);
	}
	if (!f->a) {
		free(f);
		return NULL;
	}
	f->bytes = bytes;
	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < n; i++)
			bench_write(f->a + i * ESZ, ESZ, i));
	return f;
}

static void *flat_populate(size_t esz, bench_u64 n)
{
	return flat_populate_ps(esz, n, false);
}

static void *flat_thp_populate(size_t esz, bench_u64 n)
{
	return flat_populate_ps(esz, n, true);
}

static bench_u64 flat_seq(void *h, size_t esz, bench_u64 ops)
{
	const unsigned char *a = ((struct flat *)h)->a;
	bench_u64 s = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < ops; i++)
			s += bench_read(a + i * ESZ));
	return s;
}

static bench_u64 flat_rnd(void *h, size_t esz, const bench_u64 *idx, bench_u64 ops)
{
	const unsigned char *a = ((struct flat *)h)->a;
	bench_u64 s = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < ops; i++)
			s += bench_read(a + idx[i] * ESZ));
	return s;
}

static bench_u64 flat_chase(void *h, size_t esz, bench_u64 n, bench_u64 start,
			    bench_u64 ops)
{
	const unsigned char *a = ((struct flat *)h)->a;
	bench_u64 s = 0, i = start;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 k = 0; k < ops; k++) {
			bench_u64 v = bench_read(a + i * ESZ);

			s += v;
			i = bench_next(v, k, n);
		});
	return s;
}

static long flat_footprint(void *h, size_t esz)
{
	return (long)(((struct flat *)h)->n * esz);
}

static int flat_depth(void *h, size_t esz)
{
	return 1;
}

/* Keep the mapping for the next populate of the same size. */
static void flat_destroy_ps(void *h, bool thp)
{
	struct flat *f = h;
	struct flat_cache *c = &flat_cache[thp];

	flat_drop(c);
	c->a = f->a;
	c->bytes = f->bytes;
	free(f);
}

static void flat_destroy(void *h, size_t esz)
{
	flat_destroy_ps(h, false);
}

static void flat_thp_destroy(void *h, size_t esz)
{
	flat_destroy_ps(h, true);
}

static void flat_release(void)
{
	flat_drop(&flat_cache[0]);
}

static void flat_thp_release(void)
{
	flat_drop(&flat_cache[1]);
}

/*
 * The two flat arrays are one adapter over two kinds of memory: base pages
 * or transparent huge pages (populate, destroy and release differ).
 */
#define FLAT_IMPL(label, populate_fn, destroy_fn, release_fn) {		\
	.name = label,							\
	.max_dense = flat_max_dense,					\
	.populate = populate_fn,					\
	.seq = flat_seq,						\
	.rnd = flat_rnd,						\
	.chase = flat_chase,						\
	.iter = flat_seq,	/* the plain loop over the array */	\
	.footprint = flat_footprint,					\
	.depth = flat_depth,						\
	.destroy = destroy_fn,						\
	.release = release_fn,						\
}

const struct bench_impl bench_flat =
	FLAT_IMPL("flat", flat_populate, flat_destroy, flat_release);

const struct bench_impl bench_flat_thp =
	FLAT_IMPL("flat-thp", flat_thp_populate, flat_thp_destroy, flat_thp_release);
