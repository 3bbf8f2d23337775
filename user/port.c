// SPDX-License-Identifier: GPL-2.0
/*
 * port.c - runtime of the userspace port: counted allocation with failure
 * injection, WARN accounting, printk and the few string helpers the kernel
 * has and libc lacks.
 */
#include "kds_port.h"

#include <ctype.h>
#include <malloc.h>

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

static unsigned long kds_warns;
static unsigned long kds_warns_unexpected;
static bool kds_warn_quiet;
/* While set, the one warning text that is expected (kds_warn_expect()). */
static const char *kds_warn_expected;

static bool kds_should_fail(void)
{
	unsigned long n = __atomic_add_fetch(&kds_attempts, 1, __ATOMIC_RELAXED);
	unsigned long at = __atomic_load_n(&kds_fail_at, __ATOMIC_RELAXED);

	if (!at)
		return false;
	if (n == at)
		return true;
	return n > at && __atomic_load_n(&kds_fail_sticky, __ATOMIC_RELAXED);
}

static void kds_account(long delta_count, long delta_bytes)
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

static void kds_alloc_failed(size_t size, gfp_t gfp)
{
	__atomic_add_fetch(&kds_failed, 1, __ATOMIC_RELAXED);
	if (!(gfp & __GFP_NOWARN) && !__atomic_load_n(&kds_warn_quiet, __ATOMIC_RELAXED))
		kds_printk("warn", "kds: allocation of %zu bytes failed\n", size);
}

void *kds_kmalloc(size_t size, gfp_t gfp)
{
	struct kds_alloc_hdr *h;
	size_t total;

	/* As the kernel's: no allocation, no attempt that could fail. */
	if (!size)
		return ZERO_SIZE_PTR;
	if (kds_should_fail() ||
	    check_add_overflow(size, sizeof(*h), &total) ||
	    !(h = malloc(total))) {
		kds_alloc_failed(size, gfp);
		return NULL;
	}
	h->size = size;
	h->magic = KDS_ALLOC_MAGIC;
	if (gfp & __GFP_ZERO)
		memset(h + 1, 0, size);
	kds_account(1, (long)size);
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
	kds_account(-1, -(long)h->size);
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

/*
 * Nodes: kds_node_alloc() is the userspace stand-in for get_zeroed_page()
 * (and for kmalloc's natural alignment of power-of-two sizes). Every block
 * is zeroed and aligned to its size, a power of two up to PAGE_SIZE.
 *
 * In the kernel a page from get_zeroed_page() lives in the direct map,
 * which is mapped with huge pages, and the page allocator's bookkeeping is
 * not charged to the page's user. The pool below models that: nodes are
 * carved out of 2 MiB-aligned chunks mapped with mmap() and offered to
 * transparent huge pages (MADV_HUGEPAGE), one bump pointer and one free
 * list per size class, each class under its own mutex. So a tree's nodes
 * lie close together, cost one page fault per 2 MiB instead of per node
 * (and no malloc header page per node, as aligned_alloc(4096) costs), and
 * lookups see huge-page TLB entries, as kernel code would.
 *
 * Accounting: live and live_bytes count node bytes only (the size asked
 * for), never chunk overhead or nodes waiting on a free list, as the
 * kernel does not charge a page's user for the buddy allocator's state.
 * Freed nodes go back to their class's free list; chunk memory is never
 * returned to the system before the process exits (tests still see
 * live == 0 after freeing everything: the counters track nodes in use).
 * Fresh chunk memory is zero already; a recycled node is cleared again.
 *
 * Built with AddressSanitizer, every node is its own aligned_alloc() block
 * instead, so that ASan still catches node overruns and use after free.
 */
#if defined(__SANITIZE_ADDRESS__)
#define KDS_NODE_POOL	0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KDS_NODE_POOL	0
#endif
#endif
#ifndef KDS_NODE_POOL
#define KDS_NODE_POOL	1
#endif

#if KDS_NODE_POOL
#include <sys/mman.h>

#define KDS_NODE_CHUNK_SHIFT	21	/* 2 MiB: one x86-64 huge page */
#define KDS_NODE_CHUNK_SIZE	((size_t)1 << KDS_NODE_CHUNK_SHIFT)
#define KDS_NODE_MIN_SHIFT	3	/* room for the free-list link */
#define KDS_NODE_CLASSES	(PAGE_SHIFT - KDS_NODE_MIN_SHIFT + 1)

/* A free node's first word links it to the next free node of its class. */
struct kds_node_free_link {
	struct kds_node_free_link *next;
};

/*
 * struct kds_node_class - the nodes of one size.
 * @lock: protects every other member.
 * @free: recycled nodes, last freed first.
 * @next: next never-used byte of the current chunk.
 * @end: end of the current chunk (@next == @end: map a new one).
 * @in_use: nodes handed out and not yet freed.
 * @chunks: every chunk this class has mapped (@nr_chunks of them, room
 *	for @max_chunks), so kds_node_pool_release() can unmap them.
 */
struct kds_node_class {
	pthread_mutex_t lock;
	struct kds_node_free_link *free;
	char *next;
	char *end;
	long in_use;
	char **chunks;
	size_t nr_chunks;
	size_t max_chunks;
};

#define KDS_NODE_CLASS_INIT	{ .lock = PTHREAD_MUTEX_INITIALIZER }

static struct kds_node_class kds_node_classes[KDS_NODE_CLASSES] = {
	[0 ... KDS_NODE_CLASSES - 1] = KDS_NODE_CLASS_INIT
};
static long kds_node_chunks;

/* Map one zeroed, 2 MiB-aligned chunk; NULL when the system is out. */
static char *kds_node_map_chunk(void)
{
	size_t len = 2 * KDS_NODE_CHUNK_SIZE;
	char *raw, *chunk;
	size_t head, tail;

	raw = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	/* Keep the aligned 2 MiB inside the mapping, give back the rest. */
	chunk = (char *)ALIGN((uintptr_t)raw, KDS_NODE_CHUNK_SIZE);
	head = chunk - raw;
	tail = len - head - KDS_NODE_CHUNK_SIZE;
	if (head)
		munmap(raw, head);
	if (tail)
		munmap(chunk + KDS_NODE_CHUNK_SIZE, tail);
	/* Only advice: without THP the chunk still works with small pages. */
	madvise(chunk, KDS_NODE_CHUNK_SIZE, MADV_HUGEPAGE);
	__atomic_add_fetch(&kds_node_chunks, 1, __ATOMIC_RELAXED);
	return chunk;
}

/*
 * Note @chunk in @c's chunk list (caller holds @c->lock). On failure the
 * chunk is unmapped again and false returned.
 */
static bool kds_node_record_chunk(struct kds_node_class *c, char *chunk)
{
	if (c->nr_chunks == c->max_chunks) {
		size_t max = c->max_chunks ? 2 * c->max_chunks : 64;
		char **n = realloc(c->chunks, max * sizeof(*n));

		if (!n) {
			munmap(chunk, KDS_NODE_CHUNK_SIZE);
			__atomic_sub_fetch(&kds_node_chunks, 1, __ATOMIC_RELAXED);
			return false;
		}
		c->chunks = n;
		c->max_chunks = max;
	}
	c->chunks[c->nr_chunks++] = chunk;
	return true;
}

static void *kds_node_get(size_t size)
{
	struct kds_node_class *c =
		&kds_node_classes[ilog2(size) - KDS_NODE_MIN_SHIFT];
	struct kds_node_free_link *f;
	char *p = NULL;

	pthread_mutex_lock(&c->lock);
	f = c->free;
	if (f) {
		c->free = f->next;
		c->in_use++;
		pthread_mutex_unlock(&c->lock);
		memset(f, 0, size);
		return f;
	}
	if (c->next == c->end) {
		char *chunk = kds_node_map_chunk();

		if (chunk && kds_node_record_chunk(c, chunk)) {
			c->next = chunk;
			c->end = chunk + KDS_NODE_CHUNK_SIZE;
		}
	}
	if (c->next != c->end) {
		p = c->next;
		c->next += size;
		c->in_use++;
	}
	pthread_mutex_unlock(&c->lock);
	return p;	/* never handed out before: still zero from mmap */
}

static void kds_node_put(void *p, size_t size)
{
	struct kds_node_class *c =
		&kds_node_classes[ilog2(size) - KDS_NODE_MIN_SHIFT];
	struct kds_node_free_link *f = p;

	pthread_mutex_lock(&c->lock);
	f->next = c->free;
	c->free = f;
	c->in_use--;
	pthread_mutex_unlock(&c->lock);
}

static long kds_node_release_all(void)
{
	long released = 0;

	for (int i = 0; i < KDS_NODE_CLASSES; i++) {
		struct kds_node_class *c = &kds_node_classes[i];

		pthread_mutex_lock(&c->lock);
		if (!c->in_use && c->nr_chunks) {
			for (size_t k = 0; k < c->nr_chunks; k++)
				munmap(c->chunks[k], KDS_NODE_CHUNK_SIZE);
			__atomic_sub_fetch(&kds_node_chunks, (long)c->nr_chunks,
					   __ATOMIC_RELAXED);
			released += (long)c->nr_chunks;
			c->nr_chunks = 0;
			c->free = NULL;
			c->next = c->end = NULL;
		}
		pthread_mutex_unlock(&c->lock);
	}
	return released;
}

#else /* !KDS_NODE_POOL */

#define KDS_NODE_MIN_SHIFT	3
static long kds_node_chunks;

static void *kds_node_get(size_t size)
{
	void *p = aligned_alloc(size, size);

	if (p)
		memset(p, 0, size);
	return p;
}

static void kds_node_put(void *p, size_t size)
{
	free(p);
}

static long kds_node_release_all(void)
{
	return 0;
}

#endif /* KDS_NODE_POOL */

/*
 * kds_node_alloc - a zeroed block of @size bytes aligned to @size (a power
 * of two up to PAGE_SIZE; sizes below 8 are served as 8 bytes).
 *
 * The kernel port registers page nodes with kmemleak, so that objects
 * referenced only from node contents are not reported as leaks. Here that
 * step is a no-op: no leak detector runs over the pooled build, and in
 * AddressSanitizer builds every node is an ordinary heap block that
 * LeakSanitizer already scans.
 */
void *kds_node_alloc(size_t size, gfp_t gfp)
{
	size_t block = max_t(size_t, size, (size_t)1 << KDS_NODE_MIN_SHIFT);
	void *p;

	if (WARN_ON(!is_power_of_2(size) || size > PAGE_SIZE))
		return NULL;
	if (kds_should_fail() || !(p = kds_node_get(block))) {
		kds_alloc_failed(size, gfp);
		return NULL;
	}
	kds_account(1, (long)size);
	return p;
}

/* kds_node_free - give back a block from kds_node_alloc() of the same @size. */
void kds_node_free(void *p, size_t size)
{
	if (!p)
		return;
	if (WARN_ON(!is_power_of_2(size) || size > PAGE_SIZE))
		return;
	kds_account(-1, -(long)size);
	kds_node_put(p, max_t(size_t, size, (size_t)1 << KDS_NODE_MIN_SHIFT));
}

/*
 * kds_node_pool_chunks - how many 2 MiB chunks the node pool has mapped
 * (0 when nodes come from aligned_alloc(), in AddressSanitizer builds).
 */
long kds_node_pool_chunks(void)
{
	return __atomic_load_n(&kds_node_chunks, __ATOMIC_RELAXED);
}

/*
 * kds_node_pool_release - unmap the chunks of every size class that has
 * no node in use, so the next node of that class comes from memory the
 * process has never touched (the benchmark's cold populate). Classes with
 * nodes in use keep their chunks. Returns how many chunks were unmapped
 * (0 when nodes come from aligned_alloc(), in AddressSanitizer builds).
 */
long kds_node_pool_release(void)
{
	return kds_node_release_all();
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

/* --------------------------------------------------------- race injection */

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

/* kds_alloc_clear_bad_frees - forget bad frees a test provoked on purpose. */
void kds_alloc_clear_bad_frees(void)
{
	__atomic_store_n(&kds_bad_frees, 0, __ATOMIC_RELAXED);
}

/* ------------------------------------------------------------- logging */

void kds_printk(const char *level, const char *fmt, ...)
{
	va_list ap;

	if (__atomic_load_n(&kds_warn_quiet, __ATOMIC_RELAXED) && strcmp(level, "err") && strcmp(level, "emerg"))
		return;
	fprintf(stderr, "<%s> ", level);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/*
 * Every warning is counted. A warning whose text holds the one
 * kds_warn_expect() names is expected and silent; any other is unexpected
 * and printed, quiet or not: a quiet section that provokes a warning names
 * it, so that a different warning in the same section still fails.
 */
void kds_warn_report(const char *file, int line, const char *cond)
{
	const char *want = __atomic_load_n(&kds_warn_expected, __ATOMIC_ACQUIRE);

	__atomic_add_fetch(&kds_warns, 1, __ATOMIC_RELAXED);
	if (want && strstr(cond, want))
		return;
	__atomic_add_fetch(&kds_warns_unexpected, 1, __ATOMIC_RELAXED);
	fprintf(stderr, "WARNING: at %s:%d: %s\n", file, line, cond);
}

unsigned long kds_warn_count(void)
{
	return __atomic_load_n(&kds_warns, __ATOMIC_RELAXED);
}

unsigned long kds_warn_unexpected_count(void)
{
	return __atomic_load_n(&kds_warns_unexpected, __ATOMIC_RELAXED);
}

void kds_warn_reset(void)
{
	__atomic_store_n(&kds_warns, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&kds_warns_unexpected, 0, __ATOMIC_RELAXED);
}

/* kds_warn_set_quiet - hold back kds's messages below KERN_ERR (for tests that provoke them). */
void kds_warn_set_quiet(bool quiet)
{
	__atomic_store_n(&kds_warn_quiet, quiet, __ATOMIC_RELAXED);
}

void kds_warn_expect(const char *what)
{
	__atomic_store_n(&kds_warn_expected, what, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------- strings */

/*
 * kds_sysfs_streq - compare two strings the way sysfs input is compared:
 * equal, except that one trailing newline on either side is ignored.
 */
bool kds_sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	if (*s1 == '\n' && !s1[1] && !*s2)
		return true;
	return false;
}

int kds_scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return (size_t)n >= size ? (int)(size - 1) : n;
}

/* kds_sysfs_emit - format into a PAGE_SIZE sysfs buffer, as sysfs_emit(). */
int kds_sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, PAGE_SIZE, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return (size_t)n >= PAGE_SIZE ? (int)(PAGE_SIZE - 1) : n;
}

/* The value of digit @c in any base up to 16, or 16 for a non-digit. */
static unsigned int kds_digit(unsigned int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return 16;
}

/*
 * The number at @s in @base (0: picked from the prefix as the kernel's
 * _parse_integer_fixup_radix() does), up to the first byte that is not a
 * digit of the base. Returns the characters read, or -ERANGE on overflow
 * (the kernel reports overflow before trailing garbage).
 */
static int kds_parse_ull(const char *s, unsigned int base,
			 unsigned long long *res)
{
	unsigned long long v = 0;
	bool overflow = false;
	unsigned int d;
	int n;

	/* the kernel reads every digit and flags overflow, it does not stop */
	for (n = 0; (d = kds_digit((unsigned char)s[n])) < base; n++) {
		if (v > (ULLONG_MAX - d) / base)
			overflow = true;
		v = v * base + d;
	}
	if (overflow)
		return -ERANGE;
	*res = v;
	return n;
}

static int kds_kstrtoull_unsigned(const char *s, unsigned int base,
				  unsigned long long *res)
{
	unsigned long long v;
	int n;

	if (base == 0) {
		if (s[0] == '0' && (s[1] | 0x20) == 'x' && isxdigit((unsigned char)s[2]))
			base = 16;
		else if (s[0] == '0')
			base = 8;
		else
			base = 10;
	}
	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	if (base < 2 || base > 16)
		return -EINVAL;
	n = kds_parse_ull(s, base, &v);
	if (n < 0)
		return n;
	if (n == 0)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int kds_kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return kds_kstrtoull_unsigned(s, base, res);
}

int kds_kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int rc;

	if (s[0] == '-') {
		rc = kds_kstrtoull_unsigned(s + 1, base, &v);
		if (rc)
			return rc;
		if ((long long)-v > 0)
			return -ERANGE;
		*res = (long long)-v;
		return 0;
	}
	rc = kds_kstrtoull(s, base, &v);
	if (rc)
		return rc;
	if ((long long)v < 0)
		return -ERANGE;
	*res = (long long)v;
	return 0;
}

int kds_kstrtoint(const char *s, unsigned int base, int *res)
{
	long long v;
	int rc = kds_kstrtoll(s, base, &v);

	if (rc)
		return rc;
	if (v != (int)v)
		return -ERANGE;
	*res = (int)v;
	return 0;
}

int kds_kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long v;
	int rc = kds_kstrtoull(s, base, &v);

	if (rc)
		return rc;
	if (v != (unsigned int)v)
		return -ERANGE;
	*res = (unsigned int)v;
	return 0;
}

int kds_kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		switch (s[1]) {
		case 'n': case 'N':
			*res = true;
			return 0;
		case 'f': case 'F':
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}
