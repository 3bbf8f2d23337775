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
 * @bad_frees: frees the port caught and did not carry out: of a pointer it
 *	did not hand out, or a second free of a block not handed out again
 *	since (once the C library reuses the block for a new allocation, a
 *	stale free is not told from its new owner's; the ASan build reports
 *	every such read of a freed header).
 */
struct kds_alloc_stats {
	long live;
	long live_bytes;
	long peak_bytes;
	unsigned long total;
	unsigned long failed;
	unsigned long bad_frees;
};

/**
 * kds_alloc_stats() - read the allocator counters.
 * @st: receives the counters.
 *
 * Context: any thread.
 * Return: 0, or -EINVAL (nothing read) when @st is NULL.
 */
int kds_alloc_stats(struct kds_alloc_stats *st);

/**
 * kds_alloc_reset_peak() - restart the peak_bytes counter from now.
 *
 * Context: any thread.
 */
void kds_alloc_reset_peak(void);

/**
 * kds_alloc_fail_nth() - make one allocation fail.
 * @n: which attempt from now fails (1: the next one).
 *
 * Context: any thread; counts the attempts of every thread.
 */
void kds_alloc_fail_nth(unsigned long n);

/**
 * kds_alloc_fail_after() - make every allocation fail after some succeed.
 * @n: attempts that still succeed.
 *
 * Context: any thread.
 */
void kds_alloc_fail_after(unsigned long n);

/**
 * kds_alloc_fail_off() - stop injecting allocation failures.
 *
 * Context: any thread.
 */
void kds_alloc_fail_off(void);

/**
 * kds_alloc_clear_bad_frees() - reset the bad_frees counter.
 *
 * Context: any thread.
 */
void kds_alloc_clear_bad_frees(void);

/**
 * kds_alloc_attempts() - allocation attempts so far.
 *
 * Return: the number of attempts, failed ones included.
 */
unsigned long kds_alloc_attempts(void);

/**
 * kds_node_pool_chunks() - the node pool's mapped memory.
 *
 * Return: how many 2 MiB chunks the genradix node pool has mapped.
 */
long kds_node_pool_chunks(void);

/**
 * kds_node_pool_release() - unmap the node pool's unused chunks.
 *
 * Return: how many chunks were unmapped.
 */
long kds_node_pool_release(void);

/**
 * kds_warn_count() - kds's fired warnings.
 *
 * Return: how many WARN_ON()s inside kds have fired since the last
 * kds_warn_reset().
 */
unsigned long kds_warn_count(void);

/**
 * kds_warn_unexpected_count() - kds's warnings that nothing expected.
 *
 * A warning is expected when its text holds the one kds_warn_expect()
 * names (the test that provoked it counts it with kds_warn_count()).
 * Every other warning, kds_warn_set_quiet() on or off, is printed and
 * counted here; the test harnesses fail a test during which this count
 * moved.
 *
 * Return: how many unexpected warnings fired since the last
 * kds_warn_reset().
 */
unsigned long kds_warn_unexpected_count(void);

/**
 * kds_warn_reset() - reset kds_warn_count() and kds_warn_unexpected_count()
 *	to 0.
 */
void kds_warn_reset(void);

/**
 * kds_warn_set_quiet() - hold back or print kds's messages below KERN_ERR.
 * @quiet: true: kds's pr_warn()/pr_info()/... messages (an allocation
 *	failure's, say) are not printed, for tests that provoke them by the
 *	thousand. Warnings (WARN_ON(), refcount_t's) are not affected: one is
 *	expected only when kds_warn_expect() names it.
 */
void kds_warn_set_quiet(bool quiet);

/**
 * kds_warn_expect() - name the one warning that is expected.
 * @what: a text the expected warning's report holds (e.g. "refcount_t:"),
 *	or NULL to name none. The string must outlive the setting.
 *
 * While a text is named, a warning whose report holds it is expected and
 * not printed. Every other warning is unexpected, whatever
 * kds_warn_set_quiet() says, and so is every warning while none is named.
 */
void kds_warn_expect(const char *what);

/**
 * typedef kds_race_fn - a callback run at an injected race point.
 * @ctx: the pointer given to kds_race_inject_nth().
 */
typedef void (*kds_race_fn)(void *ctx);

/**
 * kds_race_point() - a compare-and-swap follows: run the injected racer
 * if due.
 *
 * kds calls it just before every compare-and-swap that publishes a
 * genradix node, and just before the atomic state change of the dev_dax
 * lifecycle calls (probe, remove, release).
 */
void kds_race_point(void);

/**
 * kds_race_inject_nth() - lose a race deterministically.
 * @n: which of the calling thread's race points from now runs @fn (1:
 *	the next one); other threads' points neither fire nor count.
 * @fn: run once, on the calling thread, before that point's
 *	compare-and-swap; it changes the word the compare-and-swap expects
 *	(for instance by allocating in the same tree).
 * @ctx: passed to @fn.
 *
 * A new injection replaces the thread's pending one. A refused call changes
 * nothing: a pending injection stays armed.
 *
 * Return: 0, or -EINVAL when @fn is NULL or @n is 0.
 */
int kds_race_inject_nth(unsigned long n, kds_race_fn fn, void *ctx);

/**
 * kds_race_inject_off() - cancel the calling thread's pending race injection.
 */
void kds_race_inject_off(void);

/**
 * kds_race_points() - race points the calling thread passed so far.
 *
 * Return: the count, so a test can step kds_race_inject_nth() through
 * every point.
 */
unsigned long kds_race_points(void);

/**
 * kds_race_fired() - injected races run so far, on every thread.
 *
 * Return: the count.
 */
unsigned long kds_race_fired(void);

__KDS_END_DECLS

#endif /* KDS_PORT_H */
