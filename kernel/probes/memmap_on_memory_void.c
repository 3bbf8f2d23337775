// SPDX-License-Identifier: GPL-2.0
/*
 * Probe memmap_on_memory_void: mhp_supports_memmap_on_memory(void),
 * exported, and MHP_MEMMAP_ON_MEMORY for drivers' hot-adds: a dax device
 * may ask kmem to put the memory's own memmap in it (Linux 6.8 on, whose
 * dax bus has the memmap_on_memory file).
 *
 * api: memmap_on_memory
 */
#include <linux/memory_hotplug.h>

bool kds_probe(void);
bool kds_probe(void)
{
	mhp_t flags = MHP_NID_IS_MGID | MHP_MEMMAP_ON_MEMORY;

	return mhp_supports_memmap_on_memory() && flags;
}
