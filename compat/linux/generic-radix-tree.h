/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/generic-radix-tree.h> for userspace: Linux's genradix API over
 * kds's genradix (kds/genradix.h), with the kernel names of the userspace
 * port (GFP_KERNEL, u64, ...) that code written for it uses.
 */
#ifndef KDS_COMPAT_LINUX_GENERIC_RADIX_TREE_H
#define KDS_COMPAT_LINUX_GENERIC_RADIX_TREE_H

#include "../kds_compat.h"
#include "../kds_genradix_names.h"

#endif /* KDS_COMPAT_LINUX_GENERIC_RADIX_TREE_H */
