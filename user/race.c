// SPDX-License-Identifier: GPL-2.0
/*
 * race.c - race injection: a racer run at the calling thread's n-th
 * race point, the point genradix passes before each compare-and-swap.
 */
#include "kds_port.h"
#include "port_internal.h"

/*
 * Per thread: the count of race points passed and the armed injection.
 * An injection is the business of the thread that arms it (a test that
 * then makes the call it wants to lose), so another thread's points can
 * neither fire nor move it; and the point itself, passed before every
 * node a genradix publishes, is a thread-local increment and compare,
 * not an atomic on a line every allocating thread shares.
 */
static __thread unsigned long kds_race_count, kds_race_at;
static __thread kds_race_fn kds_race_cb;
static __thread void *kds_race_ctx;
static unsigned long kds_race_fires;

/* kds_race_point - a compare-and-swap follows: run the injected racer if due. */
void kds_race_point(void)
{
	unsigned long n = ++kds_race_count;

	/* Disarm before running the racer: its own race points pass freely. */
	if (unlikely(kds_race_at == n)) {
		kds_race_at = 0;
		__atomic_add_fetch(&kds_race_fires, 1, __ATOMIC_RELAXED);
		kds_race_cb(kds_race_ctx);
	}
}

/*
 * kds_race_inject_nth - run @fn(@ctx) at the calling thread's @n-th race
 * point from now. A NULL @fn (which the race point would call) or an @n of
 * 0 (no point from now) is refused with -EINVAL and leaves any pending
 * injection as it was.
 */
int kds_race_inject_nth(unsigned long n, kds_race_fn fn, void *ctx)
{
	if (!fn || !n)
		return -EINVAL;
	kds_race_cb = fn;
	kds_race_ctx = ctx;
	/* Count 0 never comes round again in practice: 0 means disarmed. */
	kds_race_at = kds_race_count + n;
	return 0;
}

void kds_race_inject_off(void)
{
	kds_race_at = 0;
}

unsigned long kds_race_points(void)
{
	return kds_race_count;
}

unsigned long kds_race_fired(void)
{
	return __atomic_load_n(&kds_race_fires, __ATOMIC_RELAXED);
}
