// SPDX-License-Identifier: GPL-2.0
/*
 * Parse-time probe (probes.mk): do the kernel headers kds includes compile
 * under -Wdeclaration-after-statement? Debian's 6.1 headers do; from 6.5
 * on the kernel mixes declarations and code in its own inline helpers
 * (compiler.h's data_race()), so the rule can only be kept where they do.
 */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/memory_hotplug.h>
#include <linux/memremap.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>

int kds_probe(void);
int kds_probe(void)
{
	return 0;
}
