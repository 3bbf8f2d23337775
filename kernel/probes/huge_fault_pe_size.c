// SPDX-License-Identifier: GPL-2.0
/*
 * Probe huge_fault_pe_size: vm_operations_struct.huge_fault(vmf, enum page_entry_size),
 * the form before Linux 6.6.
 *
 * api: huge_fault
 */
#include <linux/mm.h>

static vm_fault_t kds_probe_fault(struct vm_fault *vmf, enum page_entry_size pe)
{
	return vmf && pe == PE_SIZE_PMD ? VM_FAULT_FALLBACK : 0;
}

const struct vm_operations_struct kds_probe_ops = { .huge_fault = kds_probe_fault };
