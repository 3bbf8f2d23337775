// SPDX-License-Identifier: GPL-2.0
/*
 * platform.c - a simulated memory platform for the model's kmem driver:
 * reservations (the core's claim list) and a count of memory "added" to
 * the page allocator, with injectable add_memory and remove_memory
 * failures.
 */
#include "user/dax_bus/model_internal.h"

static u64 model_block_size(void *ctx)
{
	return ((struct kds_dax_model_platform *)ctx)->block_size;
}

static int model_reserve(void *ctx, u64 start, u64 size, const char *name)
{
	struct kds_dax_model_platform *p = ctx;

	return kds_dax_claim(&p->claims, start, size);
}

static void model_unreserve(void *ctx, u64 start, u64 size)
{
	struct kds_dax_model_platform *p = ctx;

	WARN_ON(kds_dax_unclaim(&p->claims, start, size));
}

static int model_add_memory(void *ctx, int nid, u64 start, u64 size,
			    bool memmap_on_memory)
{
	struct kds_dax_model_platform *p = ctx;
	int rc = 0;

	mutex_lock(&p->lock);
	if (p->fail_add && p->fail_add_after) {
		p->fail_add_after--;
	} else {
		rc = p->fail_add;
		p->fail_add = 0;
	}
	mutex_unlock(&p->lock);
	/* the record of what was added, which remove goes by */
	if (!rc)
		rc = kds_dax_claim(&p->added, start, size);
	if (!rc && memmap_on_memory) {
		rc = kds_dax_claim(&p->memmapped, start, size);
		if (rc)
			WARN_ON(kds_dax_unclaim(&p->added, start, size));
	}
	if (rc)
		return rc;
	mutex_lock(&p->lock);
	p->added_bytes += size;
	/* the memmap: one 64-byte struct page per 4 KiB page, on the memory */
	if (memmap_on_memory)
		p->memmap_bytes += size / 64;
	mutex_unlock(&p->lock);
	return 0;
}

static int model_remove_memory(void *ctx, int nid, u64 start, u64 size)
{
	struct kds_dax_model_platform *p = ctx;
	int rc;

	if (!kds_dax_is_claimed(&p->added, start, size))
		return -ENOENT;
	mutex_lock(&p->lock);
	rc = p->fail_remove;
	p->fail_remove = 0;
	if (!rc) {
		WARN_ON(p->added_bytes < size);
		p->added_bytes -= size;
	}
	mutex_unlock(&p->lock);
	if (!rc) {
		WARN_ON(kds_dax_unclaim(&p->added, start, size));
		/* its memmap goes with it */
		if (kds_dax_is_claimed(&p->memmapped, start, size)) {
			WARN_ON(kds_dax_unclaim(&p->memmapped, start, size));
			mutex_lock(&p->lock);
			p->memmap_bytes -= size / 64;
			mutex_unlock(&p->lock);
		}
	}
	return rc;
}

/* kds_dax_model_kmem_ops - the platform operations of the kmem driver. */
const struct kds_dax_kmem_ops kds_dax_model_kmem_ops = {
	.memory_block_size = model_block_size,
	.reserve = model_reserve,
	.unreserve = model_unreserve,
	.add_memory = model_add_memory,
	.remove_memory = model_remove_memory,
};

/**
 * kds_dax_model_platform_init() - an empty platform.
 * @p: the platform.
 * @block_size: its memory block size.
 *
 * Context: process context.
 */
void kds_dax_model_platform_init(struct kds_dax_model_platform *p,
				 u64 block_size)
{
	mutex_init(&p->lock);
	p->block_size = block_size;
	kds_dax_claims_init(&p->claims);
	kds_dax_claims_init(&p->added);
	p->added_bytes = 0;
	kds_dax_claims_init(&p->memmapped);
	p->memmap_bytes = 0;
	p->fail_add = 0;
	p->fail_add_after = 0;
	p->fail_remove = 0;
}

/**
 * kds_dax_model_platform_destroy() - forget every reservation (a reboot).
 * @p: the platform.
 *
 * Context: process context, no other user.
 */
void kds_dax_model_platform_destroy(struct kds_dax_model_platform *p)
{
	kds_dax_claims_destroy(&p->claims);
	kds_dax_claims_destroy(&p->added);
	kds_dax_claims_destroy(&p->memmapped);
	mutex_destroy(&p->lock);
}

/**
 * kds_dax_model_platform_is_reserved() - whether a range is reserved.
 * @p: the platform.
 * @start: start of the range.
 * @size: its size.
 *
 * Context: process context.
 * Return: true when exactly this range is reserved.
 */
bool kds_dax_model_platform_is_reserved(struct kds_dax_model_platform *p,
					u64 start, u64 size)
{
	return kds_dax_is_claimed(&p->claims, start, size);
}

/* One of @p's counters, read under its lock. */
static u64 kds_dax_model_platform_read(struct kds_dax_model_platform *p,
				       const u64 *counter)
{
	u64 v;

	mutex_lock(&p->lock);
	v = *counter;
	mutex_unlock(&p->lock);
	return v;
}

/**
 * kds_dax_model_platform_added() - memory added so far.
 * @p: the platform.
 *
 * Context: process context.
 * Return: bytes handed to the page allocator.
 */
u64 kds_dax_model_platform_added(struct kds_dax_model_platform *p)
{
	return kds_dax_model_platform_read(p, &p->added_bytes);
}

/**
 * kds_dax_model_platform_memmap() - memory the added ranges' memmaps take.
 * @p: the platform.
 *
 * Context: process context.
 * Return: bytes of kds_dax_model_platform_added() that hold the memmap of
 * ranges added with memmap_on_memory (not usable memory).
 */
u64 kds_dax_model_platform_memmap(struct kds_dax_model_platform *p)
{
	return kds_dax_model_platform_read(p, &p->memmap_bytes);
}
