// SPDX-License-Identifier: GPL-2.0
/*
 * Probe unmapped_area_mm_hook: mm->get_unmapped_area, the mm's default placement as a
 * function pointer in struct mm_struct (before Linux 6.10).
 *
 * api: unmapped_area
 */
#include <linux/mm.h>
#include <linux/sched.h>

unsigned long kds_probe(struct file *f, unsigned long len);
unsigned long kds_probe(struct file *f, unsigned long len)
{
	return current->mm->get_unmapped_area(f, 0, len, 0, 0);
}
