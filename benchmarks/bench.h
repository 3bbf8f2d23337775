/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench.h - the interface between the benchmark driver (harness/) and the
 * structures it measures (bench_flat.c, bench_flex.c, bench_genradix.c,
 * bench_judy.c).
 *
 * Every structure stores entries of 8, 24 or 100 bytes. Entry i carries
 * bench_value(i) in its first 8 bytes and a fixed pattern in the rest, so
 * every lookup workload returns a checksum the driver can verify: a
 * structure that returns wrong data, or a compiler that drops lookups,
 * shows up as a checksum mismatch rather than as a fast time.
 *
 * Benchmark code is userspace-only and not part of libkds; its global
 * names carry a bench_ prefix instead.
 */
#ifndef KDS_BENCH_H
#define KDS_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t bench_u64;

/* The entry sizes measured. */
#define BENCH_NR_ESIZES 3
extern const size_t bench_esizes[BENCH_NR_ESIZES];

/** Entry types of each size (4-byte aligned so 100 stays 100). */
struct bench_e8 { uint32_t w[2]; };
struct bench_e24 { uint32_t w[6]; };
struct bench_e100 { uint32_t w[25]; };

/* The value stored in the first 8 bytes of entry @i (never zero). */
static inline bench_u64 bench_value(bench_u64 i)
{
	return i * 0x9e3779b97f4a7c15ull + 1;
}

/*
 * The next index of a dependent lookup chain, from the value just read
 * (@v), the step number (@k, so the chain never falls into a short cycle)
 * and the size (@n): a multiply-high maps the mixed value onto [0, n).
 */
static inline bench_u64 bench_next(bench_u64 v, bench_u64 k, bench_u64 n)
{
	bench_u64 x = (v ^ (k * 0xd6e8feb86659fd93ull)) * 0xff51afd7ed558ccdull;

	return (bench_u64)(((unsigned __int128)x * n) >> 64);
}

/* A template entry: bytes 8.. of every entry. */
extern const unsigned char bench_fill[128];

/* Write entry @i (all @esz bytes) at @dst. @esz is a constant after inlining. */
static inline __attribute__((always_inline)) void
bench_write(void *dst, size_t esz, bench_u64 i)
{
	bench_u64 v = bench_value(i);

	if (esz > 8)
		memcpy((char *)dst + 8, bench_fill, esz - 8);
	memcpy(dst, &v, 8);
}

/* Read the first 8 bytes of an entry. */
static inline __attribute__((always_inline)) bench_u64 bench_read(const void *p)
{
	bench_u64 v;

	memcpy(&v, p, 8);
	return v;
}

/*
 * Expand @call once per supported entry size with ESZ a constant, so the
 * per-entry code of every structure is compiled for a known size.
 */
#define BENCH_DISPATCH_ESZ(esz, ...)					\
	do {								\
		switch (esz) {						\
		case 8: { enum { ESZ = 8 }; __VA_ARGS__; break; }	\
		case 24: { enum { ESZ = 24 }; __VA_ARGS__; break; }	\
		case 100: { enum { ESZ = 100 }; __VA_ARGS__; break; }	\
		default: break;						\
		}							\
	} while (0)

/**
 * struct bench_impl - one measured structure.
 * @name: column name.
 * @unavailable: why this structure cannot run in this build (NULL when it
 *	can): the run says so and leaves its columns out; no other member
 *	is set then.
 * @api: the calls measured, for the summary (may be NULL).
 * @max_dense: largest dense population 0..N-1 it can hold for @esz
 *	(0: entry size unsupported; UINT64_MAX: bounded by memory only).
 * @run_cap: largest dense N a full run measures it at (0: no cap), to keep
 *	the run within its time budget.
 * @sparse: handles indices anywhere in a 2^32-or-larger index space.
 * @populate: create a structure for @n entries of @esz bytes and write
 *	entries 0..n-1; NULL on failure. Memory comes from wherever the
 *	structure's allocator finds it: recycled memory if an earlier
 *	structure gave some back (warm), fresh memory after @release and
 *	bench_release_memory() (cold).
 * @seq: read entries 0..@ops-1 in order; return the sum of their values.
 * @rnd: read the entries at @idx[0..@ops-1]; return the sum.
 * @chase: @ops dependent lookups among entries 0..@n-1: start at index
 *	@start, read the entry, take the next index from bench_next(); return
 *	the sum of the values read (memory latency rather than throughput).
 * @iter: visit the first @ops entries with the structure's own iteration
 *	(or the idiomatic loop where it has none); return the sum.
 * @sparse_fill: create a structure and write entries at the @m indices in
 *	@idx; NULL on failure.
 * @footprint: bytes the structure holds for its entries, interior nodes
 *	and headers included (from the kds allocator counters where it uses
 *	them).
 * @capacity: the largest index it accepted in a probe, plus one (0 when
 *	not applicable).
 * @depth: nodes a lookup reads, root to leaf, in the structure @h (NULL
 *	when the structure has no such notion).
 * @destroy: free the structure (its allocator may keep the memory for
 *	the next populate, as the node pool and malloc do).
 * @release: give memory kept for reuse back to the system (may be NULL).
 */
struct bench_impl {
	const char *name;
	const char *unavailable;
	const char *api;
	bench_u64 (*max_dense)(size_t esz);
	bench_u64 run_cap;
	bool sparse;
	void *(*populate)(size_t esz, bench_u64 n);
	bench_u64 (*seq)(void *h, size_t esz, bench_u64 ops);
	bench_u64 (*rnd)(void *h, size_t esz, const bench_u64 *idx, bench_u64 ops);
	bench_u64 (*chase)(void *h, size_t esz, bench_u64 n, bench_u64 start,
			   bench_u64 ops);
	bench_u64 (*iter)(void *h, size_t esz, bench_u64 ops);
	void *(*sparse_fill)(size_t esz, const bench_u64 *idx, bench_u64 m);
	long (*footprint)(void *h, size_t esz);
	bench_u64 (*capacity)(size_t esz);
	int (*depth)(void *h, size_t esz);
	void (*destroy)(void *h, size_t esz);
	void (*release)(void);
};

extern const struct bench_impl bench_flat;
extern const struct bench_impl bench_flat_thp;
extern const struct bench_impl bench_flex;
extern const struct bench_impl bench_genradix4k;
extern const struct bench_impl bench_genradix512;
extern const struct bench_impl bench_linux61;
extern const struct bench_impl bench_linux612;
extern const struct bench_impl bench_judyl;

/* Live bytes of the kds allocator (kds_alloc_stats().live_bytes). */
long bench_kds_live_bytes(void);

/*
 * Give every structure's spare memory back to the system: the node pool's
 * idle chunks, malloc's free memory, each adapter's @release. Return: the
 * node-pool chunks still mapped afterwards (0 unless a node is in use).
 */
long bench_release_memory(void);

#endif /* KDS_BENCH_H */
