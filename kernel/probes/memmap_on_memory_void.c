// SPDX-License-Identifier: GPL-2.0
/*
 * Probe memmap_on_memory_void: mhp_supports_memmap_on_memory(void), the
 * question a driver may ask before it hot-adds memory with the memmap on
 * it (Linux 6.8 on, exported; an inline "no" without memory hot-plug),
 * and whose kernels' dax bus has the memmap_on_memory file.
 *
 * api: memmap_on_memory
 */
#include <linux/memory_hotplug.h>

bool kds_probe(void);
bool kds_probe(void)
{
	return mhp_supports_memmap_on_memory();
}
