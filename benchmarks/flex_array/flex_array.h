/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flex_array.h - the two-level paged array that Linux carried from 2.6.31
 * to 5.0 (lib/flex_array.c) and that generic radix trees replaced in 5.1.
 *
 * kds keeps it as the baseline its genradix is measured against, so it
 * behaves like the original: one PAGE_SIZE base block holding a small
 * header and an array of part pointers, PAGE_SIZE parts, never a third
 * level, and elements stored in the base block itself when they all fit
 * there. The capacity is therefore fixed at allocation time and bounded by
 * FLEX_ARRAY_NR_BASE_PTRS parts.
 *
 * The kernel's names (flex_array_alloc, flex_array_get, ...) are macros
 * over kds_-prefixed functions, so code written for the kernel's
 * flex_array compiles unchanged.
 */
#ifndef KDS_FLEX_ARRAY_H
#define KDS_FLEX_ARRAY_H

#include "kds_port.h"

/**
 * FLEX_ARRAY_PART_SIZE - bytes in one part (second-level block).
 */
#define FLEX_ARRAY_PART_SIZE	PAGE_SIZE
/**
 * FLEX_ARRAY_BASE_SIZE - bytes in the base block (header + part pointers).
 */
#define FLEX_ARRAY_BASE_SIZE	PAGE_SIZE
/**
 * FLEX_ARRAY_FREE - the byte that marks a free element (use-after-free poison).
 */
#define FLEX_ARRAY_FREE		0x6c

/**
 * struct kds_reciprocal - constants that turn a division by a fixed 32-bit
 * divisor into a multiply, an add and two shifts.
 * @mult: the 32-bit magic multiplier.
 * @sh1: first shift (0 or 1).
 * @sh2: second shift.
 *
 * Made by kds_reciprocal_make(), used by kds_reciprocal_divide().
 */
struct kds_reciprocal {
	u32 mult;
	u8 sh1;
	u8 sh2;
};

/**
 * kds_reciprocal_make() - precompute the reciprocal of a divisor.
 * @d: the divisor, at least 1.
 *
 * With l = ceil(log2(d)), the multiplier is floor(2^32 * (2^l - d) / d) + 1
 * (Granlund and Montgomery, "Division by invariant integers using
 * multiplication", 1994, figure 4.1): exact for every 32-bit dividend.
 * This runs once per array, so it may divide (div_u64(): a 32-bit kernel
 * links no 64-bit "/").
 *
 * Context: any.
 * Return: the constants for kds_reciprocal_divide(); all zero for @d == 0,
 * which kds_reciprocal_divide() must then not be given.
 */
static inline struct kds_reciprocal kds_reciprocal_make(u32 d)
{
	struct kds_reciprocal r = { 0, 0, 0 };
	int l;

	if (!d)
		return r;
	l = fls(d - 1);			/* 2^(l-1) < d <= 2^l */
	r.mult = (u32)(div_u64((((u64)1 << l) - d) << 32, d) + 1);
	r.sh1 = l > 0 ? 1 : 0;
	r.sh2 = l > 1 ? (u8)(l - 1) : 0;
	return r;
}

/**
 * kds_reciprocal_divide() - @a divided by the divisor @r was made for.
 * @a: the dividend.
 * @r: constants from kds_reciprocal_make() of a non-zero divisor.
 *
 * The high half of @a * mult under-estimates the quotient by less than
 * 2^l; averaging it with @a (without overflow, hence the two shifts)
 * and scaling down by 2^l gives the exact floor.
 *
 * Context: any.
 * Return: floor(@a / d).
 */
static inline u32 kds_reciprocal_divide(u32 a, struct kds_reciprocal r)
{
	u32 hi = (u32)(((u64)a * r.mult) >> 32);

	return (hi + ((a - hi) >> r.sh1)) >> r.sh2;
}

/**
 * struct flex_array_part - one second-level block of elements.
 * @elements: the element bytes, packed from offset 0; the tail that no
 *            whole element fits in stays unused.
 */
struct flex_array_part {
	char elements[FLEX_ARRAY_PART_SIZE];
};

/**
 * struct flex_array - the base block: exactly FLEX_ARRAY_BASE_SIZE bytes.
 * @element_size: bytes per element (0 to PAGE_SIZE).
 * @total_nr_elements: capacity fixed at allocation; indices run below it.
 * @elems_per_part: whole elements that fit in one part.
 * @reciprocal_elems: reciprocal of @elems_per_part, for index -> part.
 * @parts: pointers to the parts; when every element fits in the base block
 *         this area holds the elements themselves instead.
 * @padding: sizes the base block to FLEX_ARRAY_BASE_SIZE.
 */
struct flex_array {
	union {
		struct {
			int element_size;
			int total_nr_elements;
			int elems_per_part;
			struct kds_reciprocal reciprocal_elems;
			struct flex_array_part *parts[];
		};
		char padding[FLEX_ARRAY_BASE_SIZE];
	};
};

/**
 * FLEX_ARRAY_BASE_BYTES_LEFT - bytes of the base block after its header.
 */
#define FLEX_ARRAY_BASE_BYTES_LEFT \
	(FLEX_ARRAY_BASE_SIZE - offsetof(struct flex_array, parts))

/**
 * FLEX_ARRAY_NR_BASE_PTRS - part pointers the base block holds (509 on 64-bit, 4 KiB pages).
 */
#define FLEX_ARRAY_NR_BASE_PTRS \
	(FLEX_ARRAY_BASE_BYTES_LEFT / sizeof(struct flex_array_part *))

/**
 * FLEX_ARRAY_ELEMENTS_PER_PART() - whole elements that fit in one part.
 * @size: element size in bytes, 1 to PAGE_SIZE.
 *
 * Context: any; a constant expression for a constant @size.
 * Return: FLEX_ARRAY_PART_SIZE / @size.
 */
#define FLEX_ARRAY_ELEMENTS_PER_PART(size)	(FLEX_ARRAY_PART_SIZE / (size))

/**
 * FLEX_ARRAY_MAX_ELEMENTS() - the largest total flex_array_alloc() accepts.
 * @size: element size in bytes, 1 to PAGE_SIZE.
 *
 * Context: any; a constant expression for a constant @size.
 * Return: FLEX_ARRAY_NR_BASE_PTRS * FLEX_ARRAY_ELEMENTS_PER_PART(@size).
 */
#define FLEX_ARRAY_MAX_ELEMENTS(size) \
	(FLEX_ARRAY_NR_BASE_PTRS * FLEX_ARRAY_ELEMENTS_PER_PART(size))

/* Constant-expression pieces of kds_reciprocal_make(), for FLEX_ARRAY_INIT. */
#define __KDS_FLEX_L(d)		((d) > 1 ? ilog2((d) - 1) + 1 : 0)
#define __KDS_FLEX_RECIP(d) {						\
	.mult = (u32)(((((u64)1 << __KDS_FLEX_L(d)) - (d)) << 32) / (d) + 1), \
	.sh1 = __KDS_FLEX_L(d) > 0 ? 1 : 0,				\
	.sh2 = __KDS_FLEX_L(d) > 1 ? __KDS_FLEX_L(d) - 1 : 0,		\
}

/**
 * FLEX_ARRAY_INIT() - static initializer for a struct flex_array.
 * @size: element size, a constant from 1 to PAGE_SIZE.
 * @total: capacity, a constant no larger than FLEX_ARRAY_MAX_ELEMENTS(@size).
 *
 * Unlike the 2011-era kernel macro, this also fills in the per-part count
 * and its reciprocal, so a statically defined array that needs parts
 * indexes correctly. Elements stored in the base block start zeroed (not
 * poisoned). Release the parts with flex_array_free_parts(), never
 * flex_array_free().
 *
 * Context: a static or automatic definition.
 */
#define FLEX_ARRAY_INIT(size, total) { { {				\
	.element_size = (size),						\
	.total_nr_elements = (total),					\
	.elems_per_part = FLEX_ARRAY_ELEMENTS_PER_PART(size),		\
	.reciprocal_elems = __KDS_FLEX_RECIP(FLEX_ARRAY_ELEMENTS_PER_PART(size)), \
} } }

struct flex_array *kds_flex_array_alloc(int element_size, unsigned int total,
					gfp_t flags);
int kds_flex_array_prealloc(struct flex_array *fa, unsigned int start,
			    unsigned int nr_elements, gfp_t flags);
void kds_flex_array_free(struct flex_array *fa);
void kds_flex_array_free_parts(struct flex_array *fa);
int kds_flex_array_put(struct flex_array *fa, unsigned int element_nr,
		       void *src, gfp_t flags);
int kds_flex_array_clear(struct flex_array *fa, unsigned int element_nr);
void *kds_flex_array_get(struct flex_array *fa, unsigned int element_nr);
int kds_flex_array_shrink(struct flex_array *fa);
void *kds_flex_array_get_ptr(struct flex_array *fa, unsigned int element_nr);

/**
 * flex_array_put_ptr() - store a pointer value as element @element_nr.
 * @fa: an array made with element_size == sizeof(void *).
 * @element_nr: index.
 * @src: the pointer to store (its value, not what it points to).
 * @flags: allocation flags for a missing part.
 *
 * Context: may sleep if @flags allow it.
 * Return: as flex_array_put().
 */
static inline int flex_array_put_ptr(struct flex_array *fa,
				     unsigned int element_nr, void *src,
				     gfp_t flags)
{
	return kds_flex_array_put(fa, element_nr, &src, flags);
}

/*
 * The kernel's names for the kds_flex_array_*() functions, so code written
 * for Linux's <linux/flex_array.h> compiles unchanged.
 */
/** flex_array_alloc() - kds_flex_array_alloc() under the kernel's name. */
#define flex_array_alloc(size, total, gfp)	kds_flex_array_alloc(size, total, gfp)
/** flex_array_prealloc() - kds_flex_array_prealloc() under the kernel's name. */
#define flex_array_prealloc(fa, start, nr, gfp)	kds_flex_array_prealloc(fa, start, nr, gfp)
/** flex_array_free() - kds_flex_array_free() under the kernel's name. */
#define flex_array_free(fa)	kds_flex_array_free(fa)
/** flex_array_free_parts() - kds_flex_array_free_parts() under the kernel's name. */
#define flex_array_free_parts(fa)	kds_flex_array_free_parts(fa)
/** flex_array_put() - kds_flex_array_put() under the kernel's name. */
#define flex_array_put(fa, nr, src, gfp)	kds_flex_array_put(fa, nr, src, gfp)
/** flex_array_clear() - kds_flex_array_clear() under the kernel's name. */
#define flex_array_clear(fa, nr)	kds_flex_array_clear(fa, nr)
/** flex_array_get() - kds_flex_array_get() under the kernel's name. */
#define flex_array_get(fa, nr)	kds_flex_array_get(fa, nr)
/** flex_array_shrink() - kds_flex_array_shrink() under the kernel's name. */
#define flex_array_shrink(fa)	kds_flex_array_shrink(fa)
/** flex_array_get_ptr() - kds_flex_array_get_ptr() under the kernel's name. */
#define flex_array_get_ptr(fa, nr)	kds_flex_array_get_ptr(fa, nr)

#endif /* KDS_FLEX_ARRAY_H */
