// SPDX-License-Identifier: GPL-2.0
/* The default (PAGE_SIZE node) variant. */
#define GR_VARIANT_RUN variant_default_run
#include "variant_body.h"
