// SPDX-License-Identifier: GPL-2.0
/*
 * port.c - kernel side of the kds port: counted allocation, so the module
 * can check on unload that every allocation made by kds code was freed.
 */
/* The kernel's own allocators: kds_port.h's counting macros stay out. */
#define KDS_PORT_KERNEL_ALLOCATORS
#include "kds_port.h"

#include <linux/kmemleak.h>

static atomic_long_t kds_live = ATOMIC_LONG_INIT(0);

/*
 * Count a block the kernel's allocator returned. A zero-size request gets
 * ZERO_SIZE_PTR, which is no allocation (kfree() ignores it): it is not
 * counted, so kds_kfree() and kds_kvfree(), which skip it too, keep the
 * count exact.
 */
static void *kds_count(void *p)
{
	if (!ZERO_OR_NULL_PTR(p))
		atomic_long_inc(&kds_live);
	return p;
}

void *kds_kmalloc(size_t size, gfp_t gfp)
{
	return kds_count(kmalloc(size, gfp));
}

void *kds_kmalloc_array(size_t n, size_t size, gfp_t gfp)
{
	return kds_count(kmalloc_array(n, size, gfp));
}

void *kds_kvmalloc(size_t size, gfp_t gfp)
{
	return kds_count(kvmalloc(size, gfp));
}

/*
 * krealloc() moves a counted block, so only its ends change the count: a
 * NULL (or ZERO_SIZE_PTR) @p makes it an allocation, a zero @size a free.
 * On failure @p stays allocated and counted.
 */
void *kds_krealloc(const void *p, size_t size, gfp_t gfp)
{
	bool had = !ZERO_OR_NULL_PTR(p);
	void *n = krealloc(p, size, gfp);
	bool has = !ZERO_OR_NULL_PTR(n);

	if (!n)
		return NULL;
	if (had && !has)
		atomic_long_dec(&kds_live);
	else if (!had && has)
		atomic_long_inc(&kds_live);
	return n;
}

char *kds_kstrdup(const char *s, gfp_t gfp)
{
	return kds_count(kstrdup(s, gfp));
}

char *kds_kmemdup_nul(const char *s, size_t len, gfp_t gfp)
{
	return kds_count(kmemdup_nul(s, len, gfp));
}

void kds_kfree(const void *p)
{
	if (ZERO_OR_NULL_PTR(p))
		return;
	atomic_long_dec(&kds_live);
	kfree(p);
}

void kds_kvfree(const void *p)
{
	if (ZERO_OR_NULL_PTR(p))
		return;
	atomic_long_dec(&kds_live);
	kvfree(p);
}

/*
 * kds_node_alloc - a zeroed, @size-aligned block (@size a power of two up to
 * PAGE_SIZE): a whole page from the page allocator, or a naturally aligned
 * kmalloc block for smaller sizes.
 *
 * kmemleak tracks kmalloc blocks but not pages from the page allocator, so
 * without help it would neither scan a page node nor know it: an object
 * whose only reference is kept in a genradix entry would be reported as a
 * leak. A page node is therefore registered with kmemleak as an object
 * (min_count 1: scanned, and reported itself if it is ever lost), and
 * unregistered before it is freed, as Linux's genradix did while its nodes
 * were pages. Without CONFIG_DEBUG_KMEMLEAK both calls compile to nothing.
 */
void *kds_node_alloc(size_t size, gfp_t gfp)
{
	void *p;

	if (WARN_ON(!is_power_of_2(size) || size > PAGE_SIZE))
		return NULL;
	if (size == PAGE_SIZE) {
		p = (void *)get_zeroed_page(gfp);
		if (p)
			kmemleak_alloc(p, PAGE_SIZE, 1, gfp);
	} else {
		p = kmalloc(size, gfp | __GFP_ZERO);
	}
	return kds_count(p);
}

void kds_node_free(void *p, size_t size)
{
	if (!p)
		return;
	atomic_long_dec(&kds_live);
	if (size == PAGE_SIZE) {
		kmemleak_free(p);
		free_page((unsigned long)p);
	} else {
		kfree(p);
	}
}

long kds_alloc_live(void)
{
	return atomic_long_read(&kds_live);
}

/**
 * kds_alloc_report_unload() - say at a module's unload whether kds code
 *	left allocations behind.
 * @module: the module's name, the line's prefix.
 *
 * The line the VM runner reads (kernel/vm/check.awk): "<module>: N
 * allocation(s) leaked at unload" (pr_err), or "<module>: unloaded, no
 * allocation outstanding".
 *
 * Context: process context, at the module's exit.
 */
void kds_alloc_report_unload(const char *module)
{
	long live = kds_alloc_live();

	if (live)
		pr_err("%s: %ld allocation(s) leaked at unload\n", module, live);
	else
		pr_info("%s: unloaded, no allocation outstanding\n", module);
}
