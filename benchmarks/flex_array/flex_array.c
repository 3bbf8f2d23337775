// SPDX-License-Identifier: GPL-2.0
/*
 * flex_array.c - the pre-5.1 kernel flex_array, kept as the baseline the
 * kds genradix is benchmarked against.
 *
 * Layout: the base block is one page. Its first bytes are the header; the
 * rest is either an array of FLEX_ARRAY_NR_BASE_PTRS part pointers or,
 * when element_size * total fits there, the elements themselves. Parts are
 * pages allocated on first store (or by flex_array_prealloc()). Element n
 * lives in part n / elems_per_part at byte (n % elems_per_part) *
 * element_size; the division is a reciprocal multiply.
 *
 * Memory that holds no stored element reads as FLEX_ARRAY_FREE bytes
 * unless the caller asked for __GFP_ZERO.
 */
#include "kds_port.h"
#include "benchmarks/flex_array/flex_array.h"

/* The base block and each part are exactly one page. */
static_assert(sizeof(struct flex_array) == FLEX_ARRAY_BASE_SIZE);
static_assert(sizeof(struct flex_array_part) == FLEX_ARRAY_PART_SIZE);

/*
 * The base block and the parts are page-sized, page-aligned blocks, as
 * upstream's kmalloc(PAGE_SIZE) gave them (the kmalloc-4096 slab): here
 * the port's node allocator, the stand-in for get_zeroed_page(). The
 * memory comes zeroed; callers poison it where upstream did.
 */
static void *fa_page_alloc(gfp_t flags)
{
	return kds_node_alloc(PAGE_SIZE, flags);
}

static void fa_page_free(void *p)
{
	kds_node_free(p, PAGE_SIZE);
}

/* True when the whole array lives in the base block: no parts at all. */
static inline bool fa_in_base(const struct flex_array *fa)
{
	unsigned long bytes = (unsigned long)fa->element_size *
			      (unsigned int)fa->total_nr_elements;

	return bytes <= FLEX_ARRAY_BASE_BYTES_LEFT;
}

/* Where element @nr starts, given the part (or base area) that holds it. */
static inline void *fa_slot(const struct flex_array *fa, char *block,
			    unsigned int nr, unsigned int part)
{
	unsigned int within = nr - part * (unsigned int)fa->elems_per_part;

	return block + (size_t)within * (unsigned int)fa->element_size;
}

static inline unsigned int fa_part_of(const struct flex_array *fa,
				      unsigned int nr)
{
	return kds_reciprocal_divide(nr, fa->reciprocal_elems);
}

/* The storage the base block offers when elements live in it. */
static inline char *fa_base_area(struct flex_array *fa)
{
	return (char *)&fa->parts[0];
}

/**
 * kds_flex_array_alloc() - allocate the base block of a flex_array.
 * @element_size: bytes per element, 0 to PAGE_SIZE.
 * @total: number of elements the array can hold (fixed for its lifetime).
 * @flags: allocation flags; with __GFP_ZERO, storage reads as zero instead
 *         of FLEX_ARRAY_FREE poison.
 *
 * Only the base page is allocated; parts come on demand. @total may be at
 * most FLEX_ARRAY_MAX_ELEMENTS(@element_size); a zero @element_size
 * allows only @total == 0.
 *
 * Context: may sleep if @flags allow it.
 * Return: the array, or NULL when @element_size is negative or above
 * PAGE_SIZE, when @total exceeds the capacity, or when memory runs out.
 */
struct flex_array *kds_flex_array_alloc(int element_size, unsigned int total,
					gfp_t flags)
{
	struct kds_reciprocal recip = { 0, 0, 0 };
	unsigned long limit = 0;
	unsigned int per_part = 0;
	struct flex_array *fa;

	if (element_size < 0 || (unsigned long)element_size > FLEX_ARRAY_PART_SIZE)
		return NULL;
	if (element_size) {
		per_part = FLEX_ARRAY_ELEMENTS_PER_PART((unsigned int)element_size);
		recip = kds_reciprocal_make(per_part);
		limit = FLEX_ARRAY_NR_BASE_PTRS * per_part;
	}
	if (total > limit)
		return NULL;

	fa = fa_page_alloc(flags);
	if (!fa)
		return NULL;
	fa->element_size = element_size;
	fa->total_nr_elements = (int)total;
	fa->elems_per_part = (int)per_part;
	fa->reciprocal_elems = recip;
	if (fa_in_base(fa) && !(flags & __GFP_ZERO))
		memset(fa_base_area(fa), FLEX_ARRAY_FREE,
		       FLEX_ARRAY_BASE_BYTES_LEFT);
	return fa;
}

/*
 * The part holding part number @part, allocated (and poisoned unless
 * __GFP_ZERO) when absent. NULL when the allocation fails.
 */
static struct flex_array_part *fa_part_get_or_alloc(struct flex_array *fa,
						    unsigned int part,
						    gfp_t flags)
{
	struct flex_array_part *p = fa->parts[part];

	if (p)
		return p;
	p = fa_page_alloc(flags);
	if (!p)
		return NULL;
	if (!(flags & __GFP_ZERO))
		memset(p, FLEX_ARRAY_FREE, sizeof(*p));
	fa->parts[part] = p;
	return p;
}

/*
 * Where element @nr (below the total, non-zero element size) lives, or
 * NULL when its part is absent. Lookup only, never allocates: inlined into
 * flex_array_get() and flex_array_clear(), so the get path is a small leaf
 * function like upstream's, with no allocation code on it.
 */
static __always_inline void *fa_find(struct flex_array *fa, unsigned int nr)
{
	struct flex_array_part *p;
	unsigned int part;

	if (fa_in_base(fa))
		return fa_slot(fa, fa_base_area(fa), nr, 0);
	part = fa_part_of(fa, nr);
	p = fa->parts[part];
	return p ? fa_slot(fa, p->elements, nr, part) : NULL;
}

/*
 * Where element @nr (below the total, non-zero element size) lives, its
 * part allocated first when absent; NULL when that allocation fails.
 */
static void *fa_find_or_alloc(struct flex_array *fa, unsigned int nr,
			      gfp_t flags)
{
	struct flex_array_part *p;
	unsigned int part;

	if (fa_in_base(fa))
		return fa_slot(fa, fa_base_area(fa), nr, 0);
	part = fa_part_of(fa, nr);
	p = fa_part_get_or_alloc(fa, part, flags);
	return p ? fa_slot(fa, p->elements, nr, part) : NULL;
}

/**
 * kds_flex_array_free_parts() - free every part, keep the base block.
 * @fa: the array (may be a FLEX_ARRAY_INIT one).
 *
 * Afterwards every element outside the base block is absent again: gets
 * return NULL until a put or prealloc brings its part back.
 *
 * Context: may not run concurrently with any other use of @fa.
 */
void kds_flex_array_free_parts(struct flex_array *fa)
{
	unsigned int i;

	if (fa_in_base(fa))
		return;
	for (i = 0; i < FLEX_ARRAY_NR_BASE_PTRS; i++) {
		fa_page_free(fa->parts[i]);
		fa->parts[i] = NULL;
	}
}

/**
 * kds_flex_array_free() - free the parts and the base block.
 * @fa: an array from flex_array_alloc(), or NULL.
 *
 * Context: may not run concurrently with any other use of @fa.
 */
void kds_flex_array_free(struct flex_array *fa)
{
	if (!fa)
		return;
	kds_flex_array_free_parts(fa);
	fa_page_free(fa);
}

/**
 * kds_flex_array_put() - copy an element into the array.
 * @fa: the array.
 * @element_nr: index, below the array's total.
 * @src: element_size bytes to copy in.
 * @flags: allocation flags for a missing part.
 *
 * Context: may sleep if @flags allow it. Puts to distinct parts need
 * external exclusion if a part may be allocated concurrently.
 * Return: 0 on success (also for a zero element size), -ENOSPC when
 * @element_nr is not below the total, -ENOMEM when the part could not be
 * allocated (the array is unchanged).
 */
int kds_flex_array_put(struct flex_array *fa, unsigned int element_nr,
		       void *src, gfp_t flags)
{
	void *dst;

	if (element_nr >= (unsigned int)fa->total_nr_elements)
		return -ENOSPC;
	if (!fa->element_size)
		return 0;
	dst = fa_find_or_alloc(fa, element_nr, flags);
	if (!dst)
		return -ENOMEM;
	memcpy(dst, src, fa->element_size);
	return 0;
}

/**
 * kds_flex_array_clear() - mark an element free (fill it with FLEX_ARRAY_FREE).
 * @fa: the array.
 * @element_nr: index, below the array's total.
 *
 * A part whose elements are all free can later be released by
 * flex_array_shrink().
 *
 * Context: any.
 * Return: 0 on success (also for a zero element size), -ENOSPC when
 * @element_nr is not below the total, -EINVAL when its part is absent.
 */
int kds_flex_array_clear(struct flex_array *fa, unsigned int element_nr)
{
	void *dst;

	if (element_nr >= (unsigned int)fa->total_nr_elements)
		return -ENOSPC;
	if (!fa->element_size)
		return 0;
	dst = fa_find(fa, element_nr);
	if (!dst)
		return -EINVAL;
	memset(dst, FLEX_ARRAY_FREE, fa->element_size);
	return 0;
}

/**
 * kds_flex_array_prealloc() - allocate the parts behind a range of elements.
 * @fa: the array.
 * @start: first element of the range.
 * @nr_elements: number of elements in the range.
 * @flags: allocation flags for the parts.
 *
 * Afterwards puts into the range cannot fail with -ENOMEM, so they may be
 * done where sleeping is not allowed. On -ENOMEM the parts already
 * allocated stay (flex_array_free() releases them).
 *
 * Context: may sleep if @flags allow it.
 * Return: 0 on success or for an empty range starting inside the array
 * (or at 0); -ENOSPC when the range does not lie within the total;
 * -ENOMEM when a part could not be allocated.
 */
int kds_flex_array_prealloc(struct flex_array *fa, unsigned int start,
			    unsigned int nr_elements, gfp_t flags)
{
	unsigned int total = (unsigned int)fa->total_nr_elements;
	unsigned int last, first_part, last_part, part;

	if (!start && !nr_elements)
		return 0;
	if (start >= total)
		return -ENOSPC;
	if (!nr_elements)
		return 0;
	/* start < total here, so start + nr_elements - 1 cannot wrap... */
	if (nr_elements > total - start)
		return -ENOSPC;		/* ...and this is "last >= total" */
	last = start + nr_elements - 1;
	if (!fa->element_size || fa_in_base(fa))
		return 0;
	first_part = fa_part_of(fa, start);
	last_part = fa_part_of(fa, last);
	for (part = first_part; part <= last_part; part++)
		if (!fa_part_get_or_alloc(fa, part, flags))
			return -ENOMEM;
	return 0;
}

/**
 * kds_flex_array_get() - find an element.
 * @fa: the array.
 * @element_nr: index.
 *
 * Context: any.
 * Return: a pointer to the element's element_size bytes inside the array,
 * or NULL when @element_nr is not below the total, the element size is
 * zero, or the part that would hold it was never allocated.
 */
void *kds_flex_array_get(struct flex_array *fa, unsigned int element_nr)
{
	if (!fa->element_size)
		return NULL;
	if (element_nr >= (unsigned int)fa->total_nr_elements)
		return NULL;
	return fa_find(fa, element_nr);
}

/**
 * kds_flex_array_get_ptr() - read back a pointer stored by flex_array_put_ptr().
 * @fa: an array of pointer-sized elements.
 * @element_nr: index.
 *
 * Context: any.
 * Return: the stored pointer, or NULL when flex_array_get() finds no
 * element.
 */
void *kds_flex_array_get_ptr(struct flex_array *fa, unsigned int element_nr)
{
	void **slot = kds_flex_array_get(fa, element_nr);

	return slot ? *slot : NULL;
}

/*
 * True when every byte that can hold an element in @p is the free poison.
 * The unused tail of the part (PAGE_SIZE % element_size bytes) is not
 * looked at, so parts allocated with __GFP_ZERO are reclaimable too once
 * every element in them has been cleared.
 */
static bool fa_part_all_free(const struct flex_array *fa,
			     const struct flex_array_part *p)
{
	const unsigned long poison = (~0UL / 0xff) * FLEX_ARRAY_FREE;
	size_t used = (size_t)(unsigned int)fa->elems_per_part *
		      (unsigned int)fa->element_size;
	size_t i = 0;

	for (; i + sizeof(unsigned long) <= used; i += sizeof(unsigned long)) {
		unsigned long w;

		memcpy(&w, p->elements + i, sizeof(w));
		if (w != poison)
			return false;
	}
	for (; i < used; i++)
		if ((u8)p->elements[i] != FLEX_ARRAY_FREE)
			return false;
	return true;
}

/**
 * kds_flex_array_shrink() - free the parts whose elements are all free.
 * @fa: the array.
 *
 * A part qualifies when every element in it reads as FLEX_ARRAY_FREE
 * bytes: never stored, or cleared with flex_array_clear(). Elements in
 * the base block are never released.
 *
 * Context: may not run concurrently with any other use of @fa.
 * Return: the number of parts (pages) freed.
 */
int kds_flex_array_shrink(struct flex_array *fa)
{
	unsigned int i;
	int freed = 0;

	if (!fa->total_nr_elements || !fa->element_size || fa_in_base(fa))
		return 0;
	for (i = 0; i < FLEX_ARRAY_NR_BASE_PTRS; i++) {
		struct flex_array_part *p = fa->parts[i];

		if (!p || !fa_part_all_free(fa, p))
			continue;
		fa->parts[i] = NULL;
		fa_page_free(p);
		freed++;
	}
	return freed;
}
