// SPDX-License-Identifier: GPL-2.0
/*
 * Probe huge_fault_order: vm_operations_struct.huge_fault(vmf, order): the fault's size
 * as a page order (Linux 6.6 on). GCC takes an enum of the old form's
 * parameter for an unsigned int, so this probe also asks that the enum be
 * gone: defining it again fails where the old form still has it.
 *
 * api: huge_fault
 */
#include <linux/mm.h>

enum page_entry_size { kds_probe_no_page_entry_size };

static vm_fault_t kds_probe_fault(struct vm_fault *vmf, unsigned int order)
{
	return vmf && order ? VM_FAULT_FALLBACK : 0;
}

const struct vm_operations_struct kds_probe_ops = { .huge_fault = kds_probe_fault };
