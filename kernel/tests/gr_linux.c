// SPDX-License-Identifier: GPL-2.0
/*
 * gr_linux.c - the running kernel's own genradix (the exported
 * __genradix_* functions, <linux/generic-radix-tree.h>) behind struct
 * kds_gr_impl. Kernel headers only: never includes "kds_port.h" or the
 * kds genradix header, whose struct names are the same.
 */
#include <linux/generic-radix-tree.h>
#include <linux/slab.h>

#include "gr_impl.h"

KDS_GR_IMPLS(linux);
