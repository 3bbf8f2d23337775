// SPDX-License-Identifier: GPL-2.0
/*
 * Probe vm_flags_set: vm_flags_set(): a VMA's flags are read-only and change through
 * the helpers (Linux 6.3 on).
 *
 * api: vm_flags
 */
#include <linux/mm.h>

void kds_probe(struct vm_area_struct *vma);
void kds_probe(struct vm_area_struct *vma)
{
	vm_flags_set(vma, VM_HUGEPAGE);
}
