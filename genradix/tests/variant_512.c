// SPDX-License-Identifier: GPL-2.0
/* The 512-byte variant, selected in the source rather than by the build. */
#define KDS_GENRADIX_NODE_SHIFT 9
#define KDS_GENRADIX_VARIANT 512
#define GR_VARIANT_RUN variant_512_run
#include "variant_body.h"
