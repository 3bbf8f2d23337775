// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the flex_array baseline: capacity limits, the element-in-base
 * layout, poisoning, clear/shrink, prealloc, pointer elements, the
 * reciprocal divide, and allocation failure at every step without leaks.
 */
#include "kds_testing.h"
#include "benchmarks/flex_array/flex_array.h"

KDS_TEST_SUITE(flex_array);

static const int sizes[] = { 1, 3, 8, 24, 100, 2048, 2049, 4095, 4096 };

/* Element @i of an array, where the layout says it must be. */
static void *expected_slot(struct flex_array *fa, unsigned int i)
{
	unsigned int per = (unsigned int)fa->elems_per_part;

	return fa->parts[i / per]->elements + (size_t)(i % per) * fa->element_size;
}

static bool all_bytes(const void *p, int c, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i] != (unsigned char)c)
			return false;
	return true;
}

static long live_allocs(void)
{
	return kds_alloc_live();
}

Test(flex_array, base_geometry_matches_the_kernel)
{
	cr_assert_eq(sizeof(struct flex_array), PAGE_SIZE);
	cr_assert_eq(FLEX_ARRAY_BASE_BYTES_LEFT + offsetof(struct flex_array, parts),
		     PAGE_SIZE);
	if (sizeof(void *) == 8 && PAGE_SIZE == 4096) {
		/* 3 ints + an 8-byte reciprocal: a 24-byte header, 509 pointers. */
		cr_assert_eq(offsetof(struct flex_array, parts), 24);
		cr_assert_eq(FLEX_ARRAY_NR_BASE_PTRS, 509);
		cr_assert_eq(FLEX_ARRAY_MAX_ELEMENTS(1), 509 * 4096);
		cr_assert_eq(FLEX_ARRAY_MAX_ELEMENTS(8), 260608);
		cr_assert_eq(FLEX_ARRAY_MAX_ELEMENTS(24), 86530);
		cr_assert_eq(FLEX_ARRAY_MAX_ELEMENTS(100), 20360);
	}
}

Test(flex_array, capacity_limit_is_exact)
{
	for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
		int sz = sizes[k];
		unsigned int max = FLEX_ARRAY_MAX_ELEMENTS(sz);
		struct flex_array *fa = flex_array_alloc(sz, max, GFP_KERNEL);
		char buf[4096];

		cr_assert_not_null(fa, "size %d total %u", sz, max);
		cr_assert_eq(fa->elems_per_part, (int)(PAGE_SIZE / sz));
		memset(buf, 0x5a, sizeof(buf));
		/* The last element lands in the last part pointer. */
		cr_assert_eq(flex_array_put(fa, max - 1, buf, GFP_KERNEL), 0);
		cr_assert_not_null(fa->parts[FLEX_ARRAY_NR_BASE_PTRS - 1]);
		cr_assert_eq(flex_array_get(fa, max - 1),
			     expected_slot(fa, max - 1));
		cr_assert_eq(flex_array_put(fa, max, buf, GFP_KERNEL), -ENOSPC);
		cr_assert_null(flex_array_get(fa, max));
		flex_array_free(fa);
		cr_assert_null(flex_array_alloc(sz, max + 1, GFP_KERNEL),
			       "size %d: one past the limit is refused", sz);
		cr_assert_null(flex_array_alloc(sz, UINT_MAX, GFP_KERNEL));
	}
	cr_assert_eq(live_allocs(), 0, "refusals allocate nothing");
}

Test(flex_array, bad_element_sizes_are_refused)
{
	struct flex_array *fa;

	cr_assert_null(flex_array_alloc(PAGE_SIZE + 1, 1, GFP_KERNEL));
	cr_assert_null(flex_array_alloc(PAGE_SIZE + 1, 0, GFP_KERNEL),
		       "too large an element is refused even with no elements");
	cr_assert_null(flex_array_alloc(-1, 0, GFP_KERNEL));
	cr_assert_null(flex_array_alloc(INT_MIN, 1, GFP_KERNEL));
	cr_assert_null(flex_array_alloc(0, 1, GFP_KERNEL),
		       "zero-size elements allow no capacity");
	cr_assert_eq(live_allocs(), 0);

	/* A zero-size, zero-capacity array exists and refuses everything. */
	fa = flex_array_alloc(0, 0, GFP_KERNEL);
	cr_assert_not_null(fa);
	cr_assert_eq(flex_array_put(fa, 0, "x", GFP_KERNEL), -ENOSPC);
	cr_assert_null(flex_array_get(fa, 0));
	cr_assert_eq(flex_array_prealloc(fa, 0, 0, GFP_KERNEL), 0);
	cr_assert_eq(flex_array_shrink(fa), 0);
	flex_array_free(fa);
	flex_array_free(NULL);
}

Test(flex_array, elements_live_in_the_base_when_they_fit)
{
	unsigned int fit = FLEX_ARRAY_BASE_BYTES_LEFT / 8;
	struct flex_array *fa = flex_array_alloc(8, fit, GFP_KERNEL);
	char *lo = (char *)fa, *hi = (char *)fa + PAGE_SIZE;

	cr_assert_not_null(fa);
	cr_assert_eq(live_allocs(), 1, "only the base block");
	/* Unstored elements read as the free poison. */
	cr_assert(all_bytes(flex_array_get(fa, 0), FLEX_ARRAY_FREE, 8));
	for (unsigned int i = 0; i < fit; i++) {
		u64 v = i * 7 + 1;

		cr_assert_eq(flex_array_put(fa, i, &v, GFP_KERNEL), 0);
	}
	cr_assert_eq(live_allocs(), 1, "puts into the base allocate nothing");
	for (unsigned int i = 0; i < fit; i++) {
		u64 *p = flex_array_get(fa, i);

		cr_assert((char *)p >= lo && (char *)(p + 1) <= hi);
		cr_assert_eq((char *)p, (char *)&fa->parts[0] + i * 8);
		cr_assert_eq(*p, i * 7 + 1);
	}
	u64 big = fit;

	cr_assert_eq(flex_array_put(fa, fit, &big, GFP_KERNEL), -ENOSPC);
	cr_assert_eq(flex_array_prealloc(fa, 0, fit, GFP_KERNEL), 0);
	cr_assert_eq(flex_array_clear(fa, 3), 0);
	cr_assert(all_bytes(flex_array_get(fa, 3), FLEX_ARRAY_FREE, 8));
	cr_assert_eq(flex_array_shrink(fa), 0, "the base block is never shrunk");
	flex_array_free_parts(fa);
	cr_assert_eq(*(u64 *)flex_array_get(fa, 4), 4 * 7 + 1,
		     "free_parts leaves in-base elements alone");
	cr_assert_eq(live_allocs(), 1);
	flex_array_free(fa);

	/* One more element no longer fits: the base holds part pointers. */
	fa = flex_array_alloc(8, fit + 1, GFP_KERNEL);
	cr_assert_not_null(fa);
	cr_assert_null(flex_array_get(fa, 0), "no part yet");
	cr_assert_eq(flex_array_put(fa, fit, &big, GFP_KERNEL), 0);
	cr_assert_eq(live_allocs(), 2, "base + one part");
	cr_assert_eq(flex_array_get(fa, fit), expected_slot(fa, fit));
	flex_array_free(fa);
}

Test(flex_array, base_with_gfp_zero_reads_zero)
{
	struct flex_array *fa = flex_array_alloc(4, 100, GFP_KERNEL | __GFP_ZERO);

	cr_assert_not_null(fa);
	cr_assert(all_bytes(flex_array_get(fa, 0), 0, 4));
	cr_assert(all_bytes(flex_array_get(fa, 99), 0, 4));
	flex_array_free(fa);
}

Test(flex_array, layout_and_round_trip_for_many_sizes)
{
	for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
		int sz = sizes[k];
		/* Enough elements to need parts, at most a few thousand. */
		unsigned int total = min_t(unsigned int, FLEX_ARRAY_MAX_ELEMENTS(sz),
					   (unsigned int)(3 * PAGE_SIZE / sz + 7));
		struct flex_array *fa = flex_array_alloc(sz, total, GFP_KERNEL);
		unsigned char buf[4096];

		cr_assert_not_null(fa);
		for (unsigned int i = 0; i < total; i++) {
			memset(buf, (int)(i * 13 + 1) & 0xff, sz);
			memcpy(buf, &i, min_t(size_t, sz, sizeof(i)));
			cr_assert_eq(flex_array_put(fa, i, buf, GFP_KERNEL), 0);
		}
		for (unsigned int i = 0; i < total; i++) {
			unsigned char *p = flex_array_get(fa, i);

			cr_assert_eq(p, expected_slot(fa, i), "size %d index %u", sz, i);
			memset(buf, (int)(i * 13 + 1) & 0xff, sz);
			memcpy(buf, &i, min_t(size_t, sz, sizeof(i)));
			cr_assert_eq(memcmp(p, buf, sz), 0, "size %d index %u", sz, i);
		}
		flex_array_free(fa);
	}
}

Test(flex_array, fresh_parts_are_poisoned_unless_zeroed)
{
	struct flex_array *fa = flex_array_alloc(24, 1000, GFP_KERNEL);
	u8 v[24];

	memset(v, 0xab, sizeof(v));
	cr_assert_eq(flex_array_put(fa, 200, v, GFP_KERNEL), 0);
	/* 170 elements per part: 170..339 share part 1 with element 200. */
	cr_assert(all_bytes(flex_array_get(fa, 170), FLEX_ARRAY_FREE, 24));
	cr_assert(all_bytes(flex_array_get(fa, 339), FLEX_ARRAY_FREE, 24));
	cr_assert(all_bytes(fa->parts[1]->elements + 170 * 24, FLEX_ARRAY_FREE,
			    PAGE_SIZE - 170 * 24), "the unused tail too");
	cr_assert_null(flex_array_get(fa, 169), "part 0 was never allocated");
	cr_assert_null(flex_array_get(fa, 340));
	cr_assert_eq(flex_array_put(fa, 400, v, GFP_KERNEL | __GFP_ZERO), 0);
	cr_assert(all_bytes(flex_array_get(fa, 401), 0, 24));
	flex_array_free(fa);
}

Test(flex_array, clear_and_shrink)
{
	struct flex_array *fa = flex_array_alloc(100, 200, GFP_KERNEL);
	u8 v[100];

	/* 40 elements per part: parts 0..4. */
	memset(v, 1, sizeof(v));
	cr_assert_eq(flex_array_clear(fa, 0), -EINVAL, "absent part");
	cr_assert_eq(flex_array_clear(fa, 200), -ENOSPC);
	cr_assert_eq(flex_array_put(fa, 5, v, GFP_KERNEL), 0);	/* part 0 */
	cr_assert_eq(flex_array_put(fa, 45, v, GFP_KERNEL), 0);	/* part 1 */
	cr_assert_eq(flex_array_put(fa, 46, v, GFP_KERNEL), 0);	/* part 1 */
	cr_assert_eq(flex_array_prealloc(fa, 80, 40, GFP_KERNEL), 0); /* part 2 */
	cr_assert_eq(live_allocs(), 4);

	/* Part 2 is all poison; parts 0 and 1 hold elements. */
	cr_assert_eq(flex_array_shrink(fa), 1);
	cr_assert_null(fa->parts[2]);
	cr_assert_null(flex_array_get(fa, 80));
	cr_assert_eq(live_allocs(), 3);

	cr_assert_eq(flex_array_clear(fa, 45), 0);
	cr_assert(all_bytes(flex_array_get(fa, 45), FLEX_ARRAY_FREE, 100));
	cr_assert_eq(flex_array_shrink(fa), 0, "element 46 still lives in part 1");
	cr_assert_eq(flex_array_clear(fa, 46), 0);
	cr_assert_eq(flex_array_shrink(fa), 1);
	cr_assert_null(flex_array_get(fa, 46));
	cr_assert_eq(((u8 *)flex_array_get(fa, 5))[0], 1, "part 0 untouched");
	cr_assert_eq(flex_array_shrink(fa), 0);
	cr_assert_eq(live_allocs(), 2);
	flex_array_free(fa);
}

Test(flex_array, shrink_frees_cleared_zeroed_parts)
{
	struct flex_array *fa = flex_array_alloc(24, 1000, GFP_KERNEL);
	u64 v[3] = { 1, 2, 3 };

	/* A zeroed part is not free until every element in it is cleared. */
	cr_assert_eq(flex_array_put(fa, 0, v, GFP_KERNEL | __GFP_ZERO), 0);
	cr_assert_eq(flex_array_clear(fa, 0), 0);
	cr_assert_eq(flex_array_shrink(fa), 0);
	for (unsigned int i = 1; i < 170; i++)
		cr_assert_eq(flex_array_clear(fa, i), 0);
	cr_assert_eq(flex_array_shrink(fa), 1);
	flex_array_free(fa);
}

Test(flex_array, put_and_get_past_total)
{
	struct flex_array *fa = flex_array_alloc(8, 10000, GFP_KERNEL);
	u64 v = 42;

	cr_assert_eq(flex_array_put(fa, 10000, &v, GFP_KERNEL), -ENOSPC);
	cr_assert_eq(flex_array_put(fa, UINT_MAX, &v, GFP_KERNEL), -ENOSPC);
	cr_assert_null(flex_array_get(fa, 10000));
	cr_assert_null(flex_array_get(fa, UINT_MAX));
	cr_assert_null(flex_array_get_ptr(fa, UINT_MAX));
	cr_assert_eq(live_allocs(), 1, "refused puts allocate no part");
	cr_assert_eq(flex_array_put(fa, 9999, &v, GFP_KERNEL), 0);
	cr_assert_eq(*(u64 *)flex_array_get(fa, 9999), 42);
	flex_array_free(fa);
}

Test(flex_array, prealloc_ranges)
{
	struct flex_array *fa = flex_array_alloc(8, 5000, GFP_KERNEL);
	u64 v = 7;

	/* 512 per part: 5000 elements use parts 0..9. */
	cr_assert_eq(flex_array_prealloc(fa, 0, 0, GFP_KERNEL), 0);
	cr_assert_eq(flex_array_prealloc(fa, 5000, 0, GFP_KERNEL), -ENOSPC);
	cr_assert_eq(flex_array_prealloc(fa, 4999, 0, GFP_KERNEL), 0);
	cr_assert_eq(flex_array_prealloc(fa, 4999, 2, GFP_KERNEL), -ENOSPC);
	cr_assert_eq(flex_array_prealloc(fa, 100, UINT_MAX, GFP_KERNEL), -ENOSPC,
		     "a range that wraps is refused");
	cr_assert_eq(live_allocs(), 1);

	/* 511..1024 touches parts 0, 1 and 2. */
	cr_assert_eq(flex_array_prealloc(fa, 511, 514, GFP_KERNEL), 0);
	cr_assert_eq(live_allocs(), 4);
	cr_assert_not_null(fa->parts[0]);
	cr_assert_not_null(fa->parts[2]);
	cr_assert_null(fa->parts[3]);

	/* Inside the range, puts need no allocation at all. */
	kds_warn_set_quiet(true);
	kds_alloc_fail_after(0);
	cr_assert_eq(flex_array_put(fa, 0, &v, GFP_ATOMIC), 0);
	cr_assert_eq(flex_array_put(fa, 1535, &v, GFP_ATOMIC), 0);
	cr_assert_eq(flex_array_put(fa, 1536, &v, GFP_ATOMIC), -ENOMEM);
	cr_assert_null(fa->parts[3], "a failed put leaves no trace");
	kds_alloc_fail_off();

	cr_assert_eq(flex_array_prealloc(fa, 0, 5000, GFP_KERNEL), 0);
	cr_assert_eq(live_allocs(), 11);
	cr_assert_eq(flex_array_prealloc(fa, 0, 5000, GFP_KERNEL), 0);
	cr_assert_eq(live_allocs(), 11, "present parts are kept");
	flex_array_free(fa);
}

Test(flex_array, pointer_elements)
{
	struct flex_array *fa = flex_array_alloc(sizeof(void *), 3000, GFP_KERNEL);
	static int objs[3];

	cr_assert_eq(flex_array_put_ptr(fa, 2999, &objs[2], GFP_KERNEL), 0);
	cr_assert_eq(flex_array_put_ptr(fa, 0, &objs[0], GFP_KERNEL), 0);
	cr_assert_eq(flex_array_put_ptr(fa, 1, NULL, GFP_KERNEL), 0);
	cr_assert_eq(flex_array_get_ptr(fa, 2999), &objs[2]);
	cr_assert_eq(flex_array_get_ptr(fa, 0), &objs[0]);
	cr_assert_null(flex_array_get_ptr(fa, 1));
	/* The second part: 512 pointers a part on 64 bits, 1024 on 32. */
	cr_assert_null(flex_array_get_ptr(fa, PAGE_SIZE / sizeof(void *) + 1), "absent part");
	cr_assert_eq(flex_array_put_ptr(fa, 3000, &objs[1], GFP_KERNEL), -ENOSPC);
	flex_array_free(fa);
}

Test(flex_array, free_parts_keeps_a_usable_array)
{
	struct flex_array *fa = flex_array_alloc(8, 2000, GFP_KERNEL);
	u64 v = 9;

	cr_assert_eq(flex_array_prealloc(fa, 0, 2000, GFP_KERNEL), 0);
	cr_assert_eq(live_allocs(), 5);
	flex_array_free_parts(fa);
	cr_assert_eq(live_allocs(), 1);
	cr_assert_null(flex_array_get(fa, 0));
	cr_assert_eq(flex_array_put(fa, 1999, &v, GFP_KERNEL), 0);
	cr_assert_eq(*(u64 *)flex_array_get(fa, 1999), 9);
	flex_array_free(fa);
}

static struct flex_array static_fa = FLEX_ARRAY_INIT(24, 1000);

Test(flex_array, static_initializer_indexes_correctly)
{
	struct kds_reciprocal r = kds_reciprocal_make(170);
	u64 v[3];

	cr_assert_eq(static_fa.elems_per_part, 170);
	cr_assert_eq(static_fa.reciprocal_elems.mult, r.mult);
	cr_assert_eq(static_fa.reciprocal_elems.sh1, r.sh1);
	cr_assert_eq(static_fa.reciprocal_elems.sh2, r.sh2);
	for (unsigned int i = 0; i < 1000; i += 37) {
		v[0] = i;
		cr_assert_eq(flex_array_put(&static_fa, i, v, GFP_KERNEL), 0);
	}
	for (unsigned int i = 0; i < 1000; i += 37) {
		cr_assert_eq(flex_array_get(&static_fa, i), expected_slot(&static_fa, i));
		cr_assert_eq(*(u64 *)flex_array_get(&static_fa, i), i);
	}
	flex_array_free_parts(&static_fa);
}

static u32 xorshift32(u32 *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void check_divisor(u32 d, u32 *seed)
{
	struct kds_reciprocal r = kds_reciprocal_make(d);
	const u32 fixed[] = { 0, 1, 2, d - 1, d, d + 1, 2 * d - 1, 2 * d,
			      U32_MAX, U32_MAX - 1, U32_MAX / d * d,
			      U32_MAX / d * d - 1, 0x80000000u, 0x7fffffffu };

	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		cr_assert_eq(kds_reciprocal_divide(fixed[i], r), fixed[i] / d,
			     "%u / %u", fixed[i], d);
	for (int i = 0; i < 200; i++) {
		u32 a = xorshift32(seed);

		cr_assert_eq(kds_reciprocal_divide(a, r), a / d, "%u / %u", a, d);
		a >>= (a & 31);
		cr_assert_eq(kds_reciprocal_divide(a, r), a / d, "%u / %u", a, d);
	}
}

Test(flex_array, reciprocal_divide_is_exact)
{
	u32 seed = 2463534242u;
	struct kds_reciprocal z = kds_reciprocal_make(0);

	cr_assert_eq(z.mult, 0);
	/* Every divisor a part size can produce, and the edges of u32. */
	for (u32 d = 1; d <= PAGE_SIZE; d++)
		check_divisor(d, &seed);
	check_divisor(0x7fffffffu, &seed);
	check_divisor(0x80000000u, &seed);
	check_divisor(0x80000001u, &seed);
	check_divisor(U32_MAX, &seed);
	for (int i = 0; i < 200; i++)
		check_divisor(xorshift32(&seed) | 1, &seed);
	/* Every index of the largest array, against its own part size. */
	for (u32 d = 1; d <= 8; d++) {
		struct kds_reciprocal r = kds_reciprocal_make(d);

		for (u32 a = 0; a < FLEX_ARRAY_MAX_ELEMENTS(1); a++)
			if (kds_reciprocal_divide(a, r) != a / d)
				cr_assert_fail("%u / %u", a, d);
	}
}

/*
 * Allocation failure at every step: a sequence of alloc, prealloc and puts
 * over several parts, with the n-th allocation failing, for every n until
 * the sequence runs clean. Each failure is reported, earlier stores are
 * intact, and freeing leaves nothing behind.
 */
Test(flex_array, allocation_failure_at_every_step)
{
	const unsigned int total = 10 * 170;	/* 24-byte elements: 10 parts */
	unsigned long n;
	bool clean = false;

	kds_warn_set_quiet(true);
	for (n = 1; !clean && n < 64; n++) {
		struct flex_array *fa;
		u64 v[3];
		int err = 0;
		unsigned int i, stored = 0;

		kds_alloc_fail_nth(n);
		fa = flex_array_alloc(24, total, GFP_KERNEL);
		if (!fa) {
			cr_assert_eq(n, 1, "only the first allocation is the base");
			cr_assert_eq(kds_alloc_live(), 0);
			continue;
		}
		err = flex_array_prealloc(fa, 100, 400, GFP_KERNEL); /* parts 0..2 */
		if (err) {
			cr_assert_eq(err, -ENOMEM);
		} else {
			for (i = 0; i < total; i += 50) {
				v[0] = i;
				err = flex_array_put(fa, i, v, GFP_KERNEL);
				if (err)
					break;
				stored++;
			}
			if (err) {
				cr_assert_eq(err, -ENOMEM);
				cr_assert_null(flex_array_get(fa, i),
					       "the failed put left no part");
			}
			for (unsigned int j = 0; j < stored; j++)
				cr_assert_eq(*(u64 *)flex_array_get(fa, j * 50), j * 50);
		}
		flex_array_free(fa);
		cr_assert_eq(kds_alloc_live(), 0, "leak after failing allocation %lu", n);
		clean = !err;
	}
	cr_assert(clean, "the sequence eventually ran without an injected failure");
	/* base + 10 parts = 11 allocations: failures hit 1..11, then clean. */
	cr_assert_eq(n - 1, 12);
}
