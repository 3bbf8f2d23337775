/* SPDX-License-Identifier: GPL-2.0 */
/*
 * permutation.h - stepping through every order of a few teardown events,
 * for the region lifetime tests of //dax_bus and //user/dax_bus.
 */
#ifndef KDS_DAX_TESTS_PERMUTATION_H
#define KDS_DAX_TESTS_PERMUTATION_H

#include "kds_port.h"

/**
 * next_permutation() - advance @a to the next order, lexicographically.
 * @a: the current order of @n values.
 * @n: number of values.
 *
 * Starting from an ascending @a, repeated calls visit every order once.
 *
 * Context: any.
 * Return: true with @a rearranged; false when @a was the last (descending)
 * order, which is left as it was.
 */
static inline bool next_permutation(int *a, int n)
{
	int i = n - 2, j;

	while (i >= 0 && a[i] >= a[i + 1])
		i--;
	if (i < 0)
		return false;
	j = n - 1;
	while (a[j] <= a[i])
		j--;
	swap(a[i], a[j]);
	for (int l = i + 1, r = n - 1; l < r; l++, r--)
		swap(a[l], a[r]);
	return true;
}

#endif /* KDS_DAX_TESTS_PERMUTATION_H */
