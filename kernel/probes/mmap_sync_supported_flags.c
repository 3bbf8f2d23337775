// SPDX-License-Identifier: GPL-2.0
/*
 * Probe mmap_sync_supported_flags: a file takes MAP_SYNC mappings when
 * file_operations.mmap_supported_flags has MAP_SYNC (before Linux 6.12).
 *
 * api: mmap_sync
 */
#include <linux/fs.h>
#include <linux/mman.h>

const struct file_operations kds_probe_fops = { .mmap_supported_flags = MAP_SYNC };
