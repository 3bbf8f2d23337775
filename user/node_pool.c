// SPDX-License-Identifier: GPL-2.0
/*
 * node_pool.c - kds_node_alloc(): zeroed, size-aligned nodes carved out
 * of 2 MiB chunks offered to transparent huge pages, one pool per size.
 */
#include "kds_port.h"
#include "port_internal.h"

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
	if (kds_alloc_should_fail() || !(p = kds_node_get(block))) {
		kds_alloc_failed(size, gfp);
		return NULL;
	}
	kds_alloc_account(1, (long)size);
	return p;
}

/* kds_node_free - give back a block from kds_node_alloc() of the same @size. */
void kds_node_free(void *p, size_t size)
{
	if (!p)
		return;
	if (WARN_ON(!is_power_of_2(size) || size > PAGE_SIZE))
		return;
	kds_alloc_account(-1, -(long)size);
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
