/* SPDX-License-Identifier: GPL-2.0 */
/* Both node-size variants in one program: one translation unit each. */
#ifndef GR_VARIANTS_TEST_H
#define GR_VARIANTS_TEST_H

#include <stddef.h>

/* Fill entries 0..n-1 of a fresh tree, check them, free; return node size or 0. */
size_t variant_default_run(size_t n, long *bytes_at_peak);
size_t variant_512_run(size_t n, long *bytes_at_peak);

#endif
