// SPDX-License-Identifier: GPL-2.0
/*
 * walk_floor.c - how far kds's genradix is from the fewest instructions its
 * layout allows, for the two figures of the benchmark that sit on their
 * targets: populate cold at 8 B (~1 GiB) and random lookup at N = 1000
 * (every node in cache) at 24 B, each against a flat array on huge pages.
 *
 *   ./bazelw run //benchmarks:walk_floor [-- --quick] [-- --reps N]
 *
 * Each figure is measured three ways, side by side in one run:
 *   flat-thp     the benchmark's flat-thp adapter (bench_flat.c);
 *   genradix-4k  the benchmark's genradix-4k adapter (bench_genradix.c):
 *                kds's tree through genradix_ptr_alloc() and
 *                genradix_ptr();
 *   floor        a kds tree of the same entries, written and read by code
 *                made for that one tree: it knows the tree's depth (so
 *                tests for no other), its entry size and node size, and
 *                does only what any walk of the layout must: read the root
 *                word once, check the depth and that the index is in
 *                range, load one node per level and test it for NULL, form
 *                the entry's address. Where it finds no leaf it calls
 *                genradix_ptr_alloc().
 * The floor is a lower bound for a general walk, which must also choose
 * among depths: a target below the floor's ratio is out of reach of any
 * walk of this layout on this machine, and the gap between genradix-4k
 * and floor is what kds's code could still gain.
 *
 * Memory is treated as the benchmark treats it: a cold build starts from
 * memory given back to the system (each adapter's release(),
 * kds_node_pool_release()), and a cold build during which the guest
 * reported freed memory to its host is built again, up to
 * BENCH_COLD_TRIES times (harness/host.h), the same rule for all three.
 * Every figure is the median of --reps repetitions (default 7). Every
 * build is read back and every lookup pass summed against bench_value();
 * a wrong value fails the run (exit 1), as do a failed allocation and a
 * node-pool chunk still mapped before a cold build.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kds_port.h"
#include <linux/generic-radix-tree.h>
#include "benchmarks/bench.h"
#include "benchmarks/harness/host.h"

#define FLOOR_MAX_REPS	63

/* 8-byte entries: 512 to a 4 KiB leaf; a depth-2 tree spans 2^27. */
#define E8_LEAF_SHIFT	9
#define E8_DEPTH2_SPAN	((bench_u64)1 << 27)
/* 24-byte entries: 170 to a leaf; a depth-1 tree spans 512 leaves. */
#define E24_PER_LEAF	170
#define E24_DEPTH1_SPAN	((bench_u64)E24_PER_LEAF * 512)
#define E24_RECIP	0x1818182ull	/* ceil(2^32 / 170): exact below 2^24 */

#define SMALL_N		1000

_Static_assert(KDS_GENRADIX_NODE_SIZE == 4096,
	       "the floor's walks are written for 4 KiB nodes of 512 slots");

enum { F_FLAT, F_GENRADIX, F_FLOOR, F_NR };
static const char *const floor_names[F_NR] = { "flat-thp", "genradix-4k", "floor" };

typedef GENRADIX(struct bench_e8) floor_tree8;
typedef GENRADIX(struct bench_e24) floor_tree24;

static int floor_errors, floor_cold_repeats, floor_cold_kept_raced;

static void floor_bad(const char *who, const char *what, bench_u64 got, bench_u64 want)
{
	if (++floor_errors <= 3)
		fprintf(stderr, "walk_floor: %s %s: read %llu, want %llu\n", who, what,
			(unsigned long long)got, (unsigned long long)want);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The root word of a tree: its top node, with the depth in the low byte. */
static inline unsigned long floor_root(struct __kds_genradix *t)
{
	return (unsigned long)__atomic_load_n(&t->root, __ATOMIC_ACQUIRE);
}

static inline void *floor_child(void *node, unsigned long slot)
{
	return __atomic_load_n(&((void **)node)[slot], __ATOMIC_ACQUIRE);
}

/*
 * Every spare byte back to the system, as before the benchmark's cold
 * builds. A node still in use would keep its chunk mapped, and the next
 * build would not start cold: that fails the run.
 */
static void floor_release(void)
{
	long left;

	bench_flat_thp.release();
	kds_node_pool_release();
	left = kds_node_pool_chunks();
	if (left)
		floor_bad("node pool", "chunks still mapped", (bench_u64)left, 0);
	malloc_trim(0);
}

/* ------------------------------------------------- populate cold, 8 B */

/* The fewest-instruction walk of a depth-2 tree of 8-byte entries. */
static noinline floor_tree8 *populate_floor(bench_u64 n)
{
	floor_tree8 *t = malloc(sizeof(*t));

	if (!t)
		return NULL;
	genradix_init(t);
	for (bench_u64 i = 0; i < n; i++) {
		unsigned long r = floor_root(&t->tree);
		void *p;

		if (__builtin_expect((unsigned char)r == 2 && i < E8_DEPTH2_SPAN, 1)) {
			void *mid = floor_child((void *)(r - 2), i >> (2 * E8_LEAF_SHIFT));
			void *leaf;

			if (__builtin_expect(!mid, 0))
				goto slow;
			leaf = floor_child(mid, (i >> E8_LEAF_SHIFT) & 511);
			if (__builtin_expect(!leaf, 0))
				goto slow;
			p = (char *)leaf + (i & 511) * 8;
		} else {
slow:
			p = genradix_ptr_alloc(t, i, GFP_KERNEL);
			if (!p) {
				genradix_free(t);
				free(t);
				return NULL;
			}
		}
		bench_write(p, 8, i);
	}
	return t;
}

/* The sum of entries @idx[0..@m-1] of what @k built (@h). */
static bench_u64 sum_built(int k, void *h, const bench_u64 *idx, bench_u64 m)
{
	bench_u64 s = 0;

	if (k == F_FLAT)
		return bench_flat_thp.rnd(h, 8, idx, m);
	if (k == F_GENRADIX)
		return bench_genradix4k.rnd(h, 8, idx, m);
	for (bench_u64 i = 0; i < m; i++)
		s += bench_read(genradix_ptr((floor_tree8 *)h, idx[i]));
	return s;
}

static void destroy_built(int k, void *h)
{
	if (k == F_FLAT) {
		bench_flat_thp.destroy(h, 8);
	} else if (k == F_GENRADIX) {
		bench_genradix4k.destroy(h, 8);
	} else {
		genradix_free((floor_tree8 *)h);
		free(h);
	}
}

/*
 * One cold build of @n entries by @k, as the benchmark's cold_build(),
 * read back at @check (@m indices, whose values sum to @want) and
 * destroyed. Return: ns per entry, or -1 when an allocation failed.
 */
static double cold_build(int k, bench_u64 n, const bench_u64 *check, bench_u64 m,
			 bench_u64 want)
{
	for (int tries = 1;; tries++) {
		long before = bench_host_reported_kib();
		double t0, ns;
		bench_u64 got;
		void *h;

		floor_release();
		t0 = now_ns();
		h = k == F_FLAT ? bench_flat_thp.populate(8, n) :
		    k == F_GENRADIX ? bench_genradix4k.populate(8, n) :
		    (void *)populate_floor(n);
		ns = now_ns() - t0;
		if (!h)
			return -1;
		got = sum_built(k, h, check, m);
		if (got != want)
			floor_bad(floor_names[k], "populate", got, want);
		destroy_built(k, h);
		if (before < 0 || bench_host_reported_kib() == before)
			return ns / (double)n;
		if (tries == BENCH_COLD_TRIES) {
			floor_cold_kept_raced++;
			return ns / (double)n;
		}
		floor_cold_repeats++;
	}
}

/* ------------------------------------------ random lookup, N = 1000, 24 B */

/* The fewest-instruction walk of a depth-1 tree of 24-byte entries. */
static noinline bench_u64 lookup_floor(floor_tree24 *t, const bench_u64 *idx,
				       bench_u64 ops)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < ops; i++) {
		bench_u64 x = idx[i];
		unsigned long r = floor_root(&t->tree);
		const void *p;

		if (__builtin_expect((unsigned char)r == 1 && x < E24_DEPTH1_SPAN, 1)) {
			bench_u64 leaf = (x * E24_RECIP) >> 32;
			void *n = floor_child((void *)(r - 1), leaf);

			p = __builtin_expect(!n, 0) ? NULL :
			    (char *)n + (x - leaf * E24_PER_LEAF) * 24;
		} else {
			p = genradix_ptr(t, x);
		}
		s += bench_read(p);
	}
	return s;
}

static floor_tree24 *build_floor24(void)
{
	floor_tree24 *t = malloc(sizeof(*t));

	if (!t)
		return NULL;
	genradix_init(t);
	for (bench_u64 i = 0; i < SMALL_N; i++) {
		struct bench_e24 *e = genradix_ptr_alloc(t, i, GFP_KERNEL);

		if (!e) {
			genradix_free(t);
			free(t);
			return NULL;
		}
		bench_write(e, 24, i);
	}
	return t;
}

/* One repetition of @ops lookups at @idx by @k in @h. Return: ns each. */
static double time_lookups(int k, void *h, const bench_u64 *idx, bench_u64 ops,
			   bench_u64 want)
{
	bench_u64 passes = ops / SMALL_N, s = 0;
	double t0 = now_ns(), ns;

	for (bench_u64 p = 0; p < passes; p++) {
		if (k == F_FLAT)
			s += bench_flat_thp.rnd(h, 24, idx, SMALL_N);
		else if (k == F_GENRADIX)
			s += bench_genradix4k.rnd(h, 24, idx, SMALL_N);
		else
			s += lookup_floor(h, idx, SMALL_N);
		__asm__ __volatile__("" ::: "memory");
	}
	ns = now_ns() - t0;
	if (s != want * passes)
		floor_bad(floor_names[k], "lookups", s, want * passes);
	return ns / (double)(passes * SMALL_N);
}

/* ------------------------------------------------------------------ main */

/* @m pseudo-random indices below @n into @idx; return their values' sum. */
static bench_u64 random_indices(bench_u64 *idx, bench_u64 m, bench_u64 n)
{
	bench_u64 x = 88172645463325252ull, want = 0;

	for (bench_u64 i = 0; i < m; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		idx[i] = x % n;
		want += bench_value(idx[i]);
	}
	return want;
}

static void report(const char *what, const double *m)
{
	printf("%-34s %s %6.2f ns   %s %6.2f ns (%.2fx)   %s %6.2f ns (%.2fx)\n", what,
	       floor_names[F_FLAT], m[F_FLAT], floor_names[F_GENRADIX], m[F_GENRADIX],
	       m[F_GENRADIX] / m[F_FLAT], floor_names[F_FLOOR], m[F_FLOOR],
	       m[F_FLOOR] / m[F_FLAT]);
}

static int usage(void)
{
	fprintf(stderr, "usage: walk_floor [--quick] [--reps N]\n"
		"  --quick   2^21 entries and 2^16 lookups (seconds; a smoke test)\n"
		"  --reps N  repetitions per figure, the median reported (default 7; 1..%d)\n",
		FLOOR_MAX_REPS);
	return 2;
}

int main(int argc, char **argv)
{
	static double pop[F_NR][FLOOR_MAX_REPS], rnd[F_NR][FLOOR_MAX_REPS];
	bench_u64 n = E8_DEPTH2_SPAN, ops = (bench_u64)1 << 21;
	bench_u64 check[SMALL_N], idx[SMALL_N], check_want, want;
	void *small[F_NR];
	double m[F_NR];
	int reps = 7;

	for (int a = 1; a < argc; a++) {
		char *end;

		if (!strcmp(argv[a], "--quick")) {
			n = (bench_u64)1 << 21;
			ops = (bench_u64)1 << 16;
		} else if (!strcmp(argv[a], "--reps") && a + 1 < argc) {
			long v = strtol(argv[++a], &end, 10);

			if (*end || v < 1 || v > FLOOR_MAX_REPS)
				return usage();
			reps = (int)v;
		} else {
			return usage();
		}
	}
	check_want = random_indices(check, SMALL_N, n);
	want = random_indices(idx, SMALL_N, SMALL_N);
	for (int r = 0; r < reps; r++) {
		/* Cold builds first: a node in use would keep its chunk mapped. */
		for (int k = 0; k < F_NR; k++) {
			pop[k][r] = cold_build(k, n, check, SMALL_N, check_want);
			if (pop[k][r] < 0) {
				fprintf(stderr, "walk_floor: %s populate failed (out of memory?)\n",
					floor_names[k]);
				return 1;
			}
		}
		small[F_FLAT] = bench_flat_thp.populate(24, SMALL_N);
		small[F_GENRADIX] = bench_genradix4k.populate(24, SMALL_N);
		small[F_FLOOR] = build_floor24();
		if (!small[F_FLAT] || !small[F_GENRADIX] || !small[F_FLOOR]) {
			fprintf(stderr, "walk_floor: out of memory\n");
			return 1;
		}
		for (int k = 0; k < F_NR; k++)
			rnd[k][r] = time_lookups(k, small[k], idx, ops, want);
		bench_flat_thp.destroy(small[F_FLAT], 24);
		bench_genradix4k.destroy(small[F_GENRADIX], 24);
		genradix_free((floor_tree24 *)small[F_FLOOR]);
		free(small[F_FLOOR]);
	}
	printf("walk floor: median of %d, ratios to flat-thp%s\n", reps,
	       n == E8_DEPTH2_SPAN ? "" : " (--quick: smaller sizes)");
	for (int k = 0; k < F_NR; k++)
		m[k] = median(pop[k], reps);
	report(n == E8_DEPTH2_SPAN ? "populate cold, 8 B, 2^27 entries" :
	       "populate cold, 8 B, 2^21 entries", m);
	for (int k = 0; k < F_NR; k++)
		m[k] = median(rnd[k], reps);
	report("random lookup, N = 1000, 24 B", m);
	printf("cold builds: %d built again as the guest reported memory to its host "
	       "meanwhile; %d kept after %d such tries\n", floor_cold_repeats,
	       floor_cold_kept_raced, BENCH_COLD_TRIES);
	if (floor_errors) {
		fprintf(stderr, "walk_floor: %d check(s) failed\n", floor_errors);
		return 1;
	}
	return 0;
}
