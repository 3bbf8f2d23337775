/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench_linux.h - Linux's own generic radix tree in the benchmark, for
 * bench_genradix.c built with BENCH_GR_LINUX (benchmarks/BUILD): Linux
 * 6.1's (4 KiB nodes, PAGE_SIZE; BENCH_LX_612 undefined) or Linux 6.12's
 * (512-byte nodes, GENRADIX_NODE_SHIFT 9 since 6.9, with 6.12's
 * preallocated-node argument and reverse iteration; BENCH_LX_612).
 *
 * lib/generic-radix-tree.c and <linux/generic-radix-tree.h> are extracted
 * from the installed kernel source tarballs at build time
 * (linux_source.sh, into benchmarks/linux-6.1/ and linux-6.12/ of the
 * build output; none of it is in the repository) and compiled here, in
 * this one translation unit, over the shim the differential test uses
 * (genradix/tests/linux_shim/), with a 4 KiB PAGE_SIZE.
 *
 * Its nodes come from the port's node pool, kds_node_alloc() and
 * kds_node_free(), exactly as kds's genradix nodes do (6.1 takes them as
 * pages, 6.12 from kzalloc(), both of which the shim serves from the
 * pool), so both see the same huge-page chunks, the same recycling (warm)
 * and the same fresh memory after kds_node_pool_release() (cold), and the
 * allocator counters give its footprint.
 *
 * The kernel's exported functions are renamed per version, so both
 * builds link into one program next to kds's genradix (whose symbols are
 * kds_-prefixed anyway).
 *
 * When the build found no tarball, source.h defines BENCH_LINUX_MISSING
 * (the reason) and nothing else is compiled.
 */
#ifndef KDS_BENCH_LINUX_H
#define KDS_BENCH_LINUX_H

#define BENCH_LX_PASTE(a, b)	a##b
#define BENCH_LX_XPASTE(a, b)	BENCH_LX_PASTE(a, b)

#ifdef BENCH_LX_612
#include "benchmarks/linux-6.12/source.h"
#define BENCH_LX_IMPL		bench_linux612
#define BENCH_LX_PREFIX		bench_linux612_
#define BENCH_LX_NAME		"linux-6.12"
#else
#include "benchmarks/linux-6.1/source.h"
#define BENCH_LX_IMPL		bench_linux61
#define BENCH_LX_PREFIX		bench_linux61_
#define BENCH_LX_NAME		"linux-6.1"
#endif
#define BENCH_LX_SYM(s)		BENCH_LX_XPASTE(BENCH_LX_PREFIX, s)

#ifndef BENCH_LINUX_MISSING

#include <kds/types.h>

/* The shim's node allocator: the port's node pool (see vs_linux_shim.h). */
#define VS_LINUX_NODE_ALLOC(size, gfp)	kds_node_alloc(size, gfp)
#define VS_LINUX_NODE_FREE(p, size)		kds_node_free(p, size)

/* One set of global names per version. */
#define vs_linux_live_nodes		BENCH_LX_SYM(live_nodes)
#define __genradix_ptr		BENCH_LX_SYM(ptr)
#define __genradix_ptr_alloc	BENCH_LX_SYM(ptr_alloc)
#define __genradix_iter_peek	BENCH_LX_SYM(iter_peek)
#define __genradix_iter_peek_prev	BENCH_LX_SYM(iter_peek_prev)
#define __genradix_prealloc	BENCH_LX_SYM(prealloc)
#define __genradix_free		BENCH_LX_SYM(free)

#include <linux/generic-radix-tree.h>

/*
 * Calls across a module boundary, as kernel callers make them (and as the
 * benchmark calls kds's genradix, in its own library): never inlined into
 * the benchmark's loops, never specialised for them.
 */
void *__genradix_ptr(struct __genradix *, size_t) __attribute__((noipa));
#ifdef BENCH_LX_612
void *__genradix_ptr_alloc(struct __genradix *, size_t, struct genradix_node **, gfp_t)
	__attribute__((noipa));
#else
void *__genradix_ptr_alloc(struct __genradix *, size_t, gfp_t) __attribute__((noipa));
#endif
void *__genradix_iter_peek(struct genradix_iter *, struct __genradix *, size_t)
	__attribute__((noipa));
void __genradix_free(struct __genradix *) __attribute__((noipa));

#ifdef BENCH_LX_612
#include "benchmarks/linux-6.12/lib/generic-radix-tree.c.inc"
#else
#include "benchmarks/linux-6.1/lib/generic-radix-tree.c.inc"
#endif

/* Linux's nodes in use (the shim counts them). */
long vs_linux_live_nodes;

#endif /* !BENCH_LINUX_MISSING */
#endif /* KDS_BENCH_LINUX_H */
