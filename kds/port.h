/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds userspace port controls
 *
 * The userspace library allocates through counters and can make its own
 * allocations fail on demand, so a program can check kds (and its own use
 * of kds) for leaks and for its handling of allocation failure::
 *
 *	#include <kds/port.h>
 *
 *	long before = kds_alloc_live();
 *	kds_alloc_fail_nth(1);		// the next allocation fails
 *	p = kds_genradix_ptr_alloc(&tree, 7, KDS_GFP_KERNEL);	// NULL
 *	kds_alloc_fail_off();
 *	...
 *	assert(kds_alloc_live() == before);
 *
 * Userspace only: kds.ko counts its allocations itself and reports leaks
 * on unload.
 */
#ifndef KDS_PORT_H
#define KDS_PORT_H

#ifdef __KERNEL__
#error "<kds/port.h> controls the userspace library's allocator (counters, failure and race injection); kds.ko has none of it. Do not include it in kernel code."
/* Stop here rather than cascade: no such header exists. */
#include "kds-port-is-userspace-only.h"
#endif

#include "kds/types.h"

__KDS_BEGIN_DECLS

/**
 * struct kds_alloc_stats - allocator counters of the userspace port.
 * @live: allocations not yet freed.
 * @live_bytes: bytes requested by those allocations.
 * @peak_bytes: largest @live_bytes seen since the last reset.
 * @total: allocations that succeeded.
 * @failed: allocations that failed (injected or real).
 * @bad_frees: frees of pointers the port did not hand out (or double frees).
 */
struct kds_alloc_stats {
	long live;
	long live_bytes;
	long peak_bytes;
	unsigned long total;
	unsigned long failed;
	unsigned long bad_frees;
};

/** kds_alloc_stats() - copy the allocator counters into @st. */
void kds_alloc_stats(struct kds_alloc_stats *st);
/** kds_alloc_reset_peak() - restart the peak_bytes counter from now. */
void kds_alloc_reset_peak(void);
/** kds_alloc_fail_nth() - make the @n-th allocation attempt from now fail (n >= 1). */
void kds_alloc_fail_nth(unsigned long n);
/** kds_alloc_fail_after() - let @n more attempts succeed, then fail every one. */
void kds_alloc_fail_after(unsigned long n);
/** kds_alloc_fail_off() - stop injecting allocation failures. */
void kds_alloc_fail_off(void);
/** kds_alloc_clear_bad_frees() - reset the bad_frees counter. */
void kds_alloc_clear_bad_frees(void);
/** kds_alloc_attempts() - allocation attempts so far, failed ones included. */
unsigned long kds_alloc_attempts(void);

/** kds_node_pool_chunks() - how many 2 MiB chunks the node pool has mapped. */
long kds_node_pool_chunks(void);
/** kds_node_pool_release() - unmap the node pool's unused chunks; returns how many. */
long kds_node_pool_release(void);

/** kds_warn_count() - how many WARN_ON()s inside kds have fired. */
unsigned long kds_warn_count(void);
/** kds_warn_reset() - reset kds_warn_count() to 0. */
void kds_warn_reset(void);
/** kds_warn_set_quiet() - stop (or resume) printing kds's warnings. */
void kds_warn_set_quiet(bool quiet);

/*
 * Race injection. kds calls kds_race_point() just before every
 * compare-and-swap that publishes a node. kds_race_inject_nth(n, fn, ctx)
 * makes the @n-th race point from now (n >= 1) call @fn(@ctx) once, on the
 * calling thread, before its compare-and-swap runs: @fn changes the word
 * that compare-and-swap expects (for instance by allocating in the same
 * tree), so the race is lost deterministically, at a chosen point, in a
 * single thread. kds_race_points() counts the points passed, so a test can
 * step @n through every one of them.
 */
/** typedef kds_race_fn - a callback run at an injected race point. */
typedef void (*kds_race_fn)(void *ctx);
/** kds_race_point() - a compare-and-swap follows: run the injected racer if due. */
void kds_race_point(void);
/** kds_race_inject_nth() - run @fn(@ctx) at the @n-th race point from now. */
void kds_race_inject_nth(unsigned long n, kds_race_fn fn, void *ctx);
/** kds_race_inject_off() - cancel a pending race injection. */
void kds_race_inject_off(void);
/** kds_race_points() - race points passed so far. */
unsigned long kds_race_points(void);
/** kds_race_fired() - injected races run so far. */
unsigned long kds_race_fired(void);

__KDS_END_DECLS

#endif /* KDS_PORT_H */
