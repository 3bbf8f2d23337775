// SPDX-License-Identifier: GPL-2.0
/*
 * Probe memmap_on_memory_none: no mhp_supports_memmap_on_memory() of any
 * form (a kernel before 6.8 built without memory hot-plug): no memory is
 * hot-added, and the dax bus has no memmap_on_memory file. The name is
 * free for a variable of this file's own only where the kernel's headers
 * declare nothing by it.
 *
 * api: memmap_on_memory
 */
#include <linux/memory_hotplug.h>

int mhp_supports_memmap_on_memory;
int mhp_supports_memmap_on_memory = 1;
