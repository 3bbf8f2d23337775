// SPDX-License-Identifier: GPL-2.0
/*
 * Probe vm_flags_assign: vma->vm_flags is a plain field the driver sets (before Linux
 * 6.3, which makes it const).
 *
 * api: vm_flags
 */
#include <linux/mm.h>

void kds_probe(struct vm_area_struct *vma);
void kds_probe(struct vm_area_struct *vma)
{
	vma->vm_flags |= VM_HUGEPAGE;
}
