// SPDX-License-Identifier: GPL-2.0
/*
 * Probe memmap_on_memory_no_hotplug: a kernel without memory hot-plug
 * (CONFIG_MEMORY_HOTPLUG off): no memory can be hot-added at all, so
 * neither can its memmap be placed on it.
 *
 * api: memmap_on_memory
 */
#include <linux/kconfig.h>

_Static_assert(!IS_ENABLED(CONFIG_MEMORY_HOTPLUG), "memory hot-plug is on");
