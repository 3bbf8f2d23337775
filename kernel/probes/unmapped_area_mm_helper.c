// SPDX-License-Identifier: GPL-2.0
/*
 * Probe unmapped_area_mm_helper: mm_get_unmapped_area(mm, file, addr, len, pgoff, flags):
 * the mm's default placement as a function (Linux 6.10 on).
 *
 * api: unmapped_area
 */
#include <linux/mm.h>
#include <linux/sched.h>

unsigned long kds_probe(struct file *f, unsigned long len);
unsigned long kds_probe(struct file *f, unsigned long len)
{
	return mm_get_unmapped_area(current->mm, f, 0, len, 0, 0);
}
