// SPDX-License-Identifier: GPL-2.0
/*
 * alloc.c - the userspace port's counted allocation: kmalloc and
 * friends with a header per block, the counters tests read, and failure
 * injection (the n-th attempt, or every attempt after n, fails).
 */
#include "kds_port.h"
#include "port_internal.h"

/*
 * Each kmalloc'ed block carries a header in front of it with its size and a
 * magic word, so kfree can count bytes and catch frees of foreign pointers
 * and double frees of blocks not yet reused (a block malloc has handed
 * out again carries a valid header, its new owner's). The header keeps
 * the payload 16-byte aligned, as glibc malloc would.
 */
#define KDS_ALLOC_MAGIC		0x6b647321u	/* "kds!" */
#define KDS_ALLOC_FREED		0x66726565u	/* "free" */

struct kds_alloc_hdr {
	size_t size;
	u32 magic;
	u32 pad;
} __aligned(16);

static long kds_live;
static long kds_live_bytes;
static long kds_peak_bytes;
static unsigned long kds_total;
static unsigned long kds_failed;
static unsigned long kds_bad_frees;
static unsigned long kds_attempts;

/* Failure injection: 0 = off; otherwise the attempt number that fails. */
static unsigned long kds_fail_at;
/* When true, every attempt after kds_fail_at fails too. */
static bool kds_fail_sticky;

bool kds_alloc_should_fail(void)
{
	unsigned long n = __atomic_add_fetch(&kds_attempts, 1, __ATOMIC_RELAXED);
	unsigned long at = __atomic_load_n(&kds_fail_at, __ATOMIC_RELAXED);

	if (!at)
		return false;
	if (n == at)
		return true;
	return n > at && __atomic_load_n(&kds_fail_sticky, __ATOMIC_RELAXED);
}

void kds_alloc_account(long delta_count, long delta_bytes)
{
	long now;
	long peak;

	__atomic_add_fetch(&kds_live, delta_count, __ATOMIC_RELAXED);
	now = __atomic_add_fetch(&kds_live_bytes, delta_bytes, __ATOMIC_RELAXED);
	if (delta_count > 0)
		__atomic_add_fetch(&kds_total, 1, __ATOMIC_RELAXED);
	peak = __atomic_load_n(&kds_peak_bytes, __ATOMIC_RELAXED);
	while (now > peak &&
	       !__atomic_compare_exchange_n(&kds_peak_bytes, &peak, now, true,
					    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

void kds_alloc_failed(size_t size, gfp_t gfp)
{
	__atomic_add_fetch(&kds_failed, 1, __ATOMIC_RELAXED);
	if (!(gfp & __GFP_NOWARN) && !kds_warn_is_quiet())
		kds_printk("warn", "kds: allocation of %zu bytes failed\n", size);
}

void *kds_kmalloc(size_t size, gfp_t gfp)
{
	struct kds_alloc_hdr *h;
	size_t total;

	/* As the kernel's: no allocation, no attempt that could fail. */
	if (!size)
		return ZERO_SIZE_PTR;
	if (kds_alloc_should_fail() ||
	    check_add_overflow(size, sizeof(*h), &total) ||
	    !(h = malloc(total))) {
		kds_alloc_failed(size, gfp);
		return NULL;
	}
	h->size = size;
	h->magic = KDS_ALLOC_MAGIC;
	if (gfp & __GFP_ZERO)
		memset(h + 1, 0, size);
	kds_alloc_account(1, (long)size);
	return h + 1;
}

static struct kds_alloc_hdr *kds_hdr_of(const void *p)
{
	struct kds_alloc_hdr *h = (struct kds_alloc_hdr *)p - 1;

	if (h->magic != KDS_ALLOC_MAGIC) {
		__atomic_add_fetch(&kds_bad_frees, 1, __ATOMIC_RELAXED);
		kds_warn_report(__FILE__, __LINE__,
				"kfree of a pointer not from kmalloc, or freed twice");
		return NULL;
	}
	return h;
}

void kds_kfree(const void *p)
{
	struct kds_alloc_hdr *h;

	if (ZERO_OR_NULL_PTR(p) || IS_ERR(p))
		return;
	h = kds_hdr_of(p);
	if (!h)
		return;
	h->magic = KDS_ALLOC_FREED;
	kds_alloc_account(-1, -(long)h->size);
	free(h);
}

void *kds_krealloc(const void *p, size_t size, gfp_t gfp)
{
	struct kds_alloc_hdr *h;
	void *n;

	if (ZERO_OR_NULL_PTR(p))
		return kds_kmalloc(size, gfp);
	h = kds_hdr_of(p);
	if (!h)
		return NULL;
	if (!size) {
		/* The kernel's krealloc() to 0 bytes frees the block. */
		kds_kfree(p);
		return ZERO_SIZE_PTR;
	}
	n = kds_kmalloc(size, gfp);
	if (!n)
		return NULL;
	memcpy(n, p, min(size, h->size));
	kds_kfree(p);
	return n;
}

char *kds_kstrdup(const char *s, gfp_t gfp)
{
	size_t len;
	char *d;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	d = kds_kmalloc(len, gfp);
	if (d)
		memcpy(d, s, len);
	return d;
}

char *kds_kmemdup_nul(const char *s, size_t len, gfp_t gfp)
{
	char *d;

	if (!s || len == SIZE_MAX)
		return NULL;
	d = kds_kmalloc(len + 1, gfp);
	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}
int kds_alloc_stats(struct kds_alloc_stats *st)
{
	if (!st)
		return -EINVAL;
	st->live = __atomic_load_n(&kds_live, __ATOMIC_RELAXED);
	st->live_bytes = __atomic_load_n(&kds_live_bytes, __ATOMIC_RELAXED);
	st->peak_bytes = __atomic_load_n(&kds_peak_bytes, __ATOMIC_RELAXED);
	st->total = __atomic_load_n(&kds_total, __ATOMIC_RELAXED);
	st->failed = __atomic_load_n(&kds_failed, __ATOMIC_RELAXED);
	st->bad_frees = __atomic_load_n(&kds_bad_frees, __ATOMIC_RELAXED);
	return 0;
}

long kds_alloc_live(void)
{
	return __atomic_load_n(&kds_live, __ATOMIC_RELAXED);
}

void kds_alloc_reset_peak(void)
{
	__atomic_store_n(&kds_peak_bytes,
			 __atomic_load_n(&kds_live_bytes, __ATOMIC_RELAXED),
			 __ATOMIC_RELAXED);
}

unsigned long kds_alloc_attempts(void)
{
	return __atomic_load_n(&kds_attempts, __ATOMIC_RELAXED);
}

/* kds_alloc_fail_nth - make the @n-th allocation attempt from now fail (n >= 1). */
void kds_alloc_fail_nth(unsigned long n)
{
	__atomic_store_n(&kds_fail_sticky, false, __ATOMIC_RELAXED);
	__atomic_store_n(&kds_fail_at,
			 n ? __atomic_load_n(&kds_attempts, __ATOMIC_RELAXED) + n : 0,
			 __ATOMIC_RELAXED);
}

/* kds_alloc_fail_after - let @n more attempts succeed, then fail every one. */
void kds_alloc_fail_after(unsigned long n)
{
	__atomic_store_n(&kds_fail_sticky, true, __ATOMIC_RELAXED);
	__atomic_store_n(&kds_fail_at,
			 __atomic_load_n(&kds_attempts, __ATOMIC_RELAXED) + n + 1,
			 __ATOMIC_RELAXED);
}

void kds_alloc_fail_off(void)
{
	__atomic_store_n(&kds_fail_at, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&kds_fail_sticky, false, __ATOMIC_RELAXED);
}

/* kds_alloc_clear_bad_frees - forget bad frees a test provoked on purpose. */
void kds_alloc_clear_bad_frees(void)
{
	__atomic_store_n(&kds_bad_frees, 0, __ATOMIC_RELAXED);
}
