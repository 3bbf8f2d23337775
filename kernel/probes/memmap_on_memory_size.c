// SPDX-License-Identifier: GPL-2.0
/*
 * Probe memmap_on_memory_size: mhp_supports_memmap_on_memory(size), the
 * memory hot-plug core's own question, not exported: drivers cannot ask
 * for the memmap on their memory, and the dax bus has no
 * memmap_on_memory file (Linux 5.12 to 6.7).
 *
 * api: memmap_on_memory
 */
#include <linux/memory_hotplug.h>

_Static_assert(__builtin_types_compatible_p(typeof(&mhp_supports_memmap_on_memory),
					    bool (*)(unsigned long)),
	       "mhp_supports_memmap_on_memory() takes the size");
