// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - what every adapter shares (bench.h): the template entry.
 */
#include "benchmarks/bench.h"

const unsigned char bench_fill[128] = {
	[0 ... 127] = 0xa5,
};
