// SPDX-License-Identifier: GPL-2.0
/*
 * Probe mmap_sync_fop_flags: a file takes MAP_SYNC mappings when its fop_flags carry
 * FOP_MMAP_SYNC (Linux 6.12 on).
 *
 * api: mmap_sync
 */
#include <linux/fs.h>

const struct file_operations kds_probe_fops = { .fop_flags = FOP_MMAP_SYNC };
