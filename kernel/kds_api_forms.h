/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_api_forms.h - the kernel APIs that changed between the kernels kds
 * supports, each behind one small wrapper chosen by the answer of its
 * probe (kernel/probes/, answers in the generated kds_probes.h). Only the
 * kernel glue includes this file: the shared sources never see a kernel
 * difference. Every answer is 0 or 1 and is read with #if under
 * -Werror=undef, so a misspelt or missing answer fails the build; an
 * #ifdef on an answer (always true: every answer is defined) is refused
 * by gen.sh. The component switches, KDS_HAVE_<COMPONENT> in
 * kds/components.h, are the ones read with #ifdef.
 *
 * Adding the next kernel: build against it; where the compiler stops on
 * an API kds uses, add a probe of the new form beside the old one
 * (kernel/probes/<api>_<form>.c, same "api:" line) and a branch here.
 */
#ifndef KDS_KERNEL_API_FORMS_H
#define KDS_KERNEL_API_FORMS_H

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "kds_probes.h"

/* kds_class_create() - class_create() with or without the owner. */
#if KDS_PROBE_CLASS_CREATE_OWNER
#define kds_class_create(name)	class_create(THIS_MODULE, name)
#else
#define kds_class_create(name)	class_create(name)
#endif

/* kds_vm_flags_set() - set @flags in @vma->vm_flags. */
static inline void kds_vm_flags_set(struct vm_area_struct *vma,
				    unsigned long flags)
{
#if KDS_PROBE_VM_FLAGS_SET
	vm_flags_set(vma, flags);
#else
	vma->vm_flags |= flags;
#endif
}

/*
 * The const-ness of the bus callbacks' arguments: kds_bus_match_drv_const
 * for .match's driver, kds_bus_uevent_dev_const for .uevent's device,
 * kds_bus_attr_const for a bus attribute's bus.
 */
#if KDS_PROBE_BUS_MATCH_CONST_DRV
#define kds_bus_match_drv_const const
#else
#define kds_bus_match_drv_const
#endif
#if KDS_PROBE_BUS_UEVENT_CONST_DEV
#define kds_bus_uevent_dev_const const
#else
#define kds_bus_uevent_dev_const
#endif
#if KDS_PROBE_BUS_ATTR_CONST_BUS
#define kds_bus_attr_const const
#else
#define kds_bus_attr_const
#endif

/*
 * KDS_HUGE_FAULT(name) - define vm_operations_struct's
 * huge_fault entry @name, in the kernel's form, over a function
 * "vm_fault_t name##_bytes(struct vm_fault *vmf, unsigned long size)" that
 * gets the fault's size in bytes (PAGE_SIZE, PMD_SIZE or PUD_SIZE; 0 for a
 * size the kernel names and kds does not know).
 */
#if KDS_PROBE_HUGE_FAULT_ORDER
#define KDS_HUGE_FAULT(name)						\
static vm_fault_t name(struct vm_fault *vmf, unsigned int order)	\
{									\
	return name##_bytes(vmf, order < BITS_PER_LONG - PAGE_SHIFT ?	\
				 PAGE_SIZE << order : 0);		\
}
#else
#define KDS_HUGE_FAULT(name)						\
static vm_fault_t name(struct vm_fault *vmf, enum page_entry_size pe)	\
{									\
	switch (pe) {							\
	case PE_SIZE_PTE:						\
		return name##_bytes(vmf, PAGE_SIZE);			\
	case PE_SIZE_PMD:						\
		return name##_bytes(vmf, PMD_SIZE);			\
	case PE_SIZE_PUD:						\
		return name##_bytes(vmf, PUD_SIZE);			\
	}								\
	return name##_bytes(vmf, 0);					\
}
#endif

/* KDS_FOPS_MMAP_SYNC - the file_operations initializer that allows MAP_SYNC. */
#if KDS_PROBE_MMAP_SYNC_FOP_FLAGS
#define KDS_FOPS_MMAP_SYNC	.fop_flags = FOP_MMAP_SYNC
#else
#define KDS_FOPS_MMAP_SYNC	.mmap_supported_flags = MAP_SYNC
#endif

/* kds_mm_get_unmapped_area() - the current mm's default placement. */
static inline unsigned long kds_mm_get_unmapped_area(struct file *filp,
						     unsigned long addr,
						     unsigned long len,
						     unsigned long pgoff,
						     unsigned long flags)
{
#if KDS_PROBE_UNMAPPED_AREA_MM_HELPER
	return mm_get_unmapped_area(current->mm, filp, addr, len, pgoff, flags);
#else
	return current->mm->get_unmapped_area(filp, addr, len, pgoff, flags);
#endif
}

/*
 * kds_dax_memmap_region_flags() - what a dax region's devices offer of
 * memmap-on-memory hot-add: the memmap_on_memory file where drivers may
 * ask for it (KDS_DAX_REGION_MEMMAP_FILE, Linux 6.8+), and may set it to
 * 1 where the kernel can do it (KDS_DAX_REGION_MEMMAP_OK: its own
 * memory_hotplug.memmap_on_memory parameter and the architecture).
 * kds_dax_mhp_memmap() - the hot-add flag a device set to 1 asks for.
 */
#if KDS_PROBE_MEMMAP_ON_MEMORY_VOID
#include <linux/memory_hotplug.h>
#include "kds/dax_bus.h"
static inline unsigned long kds_dax_memmap_region_flags(void)
{
	return KDS_DAX_REGION_MEMMAP_FILE |
	       (mhp_supports_memmap_on_memory() ? KDS_DAX_REGION_MEMMAP_OK : 0);
}
#else
#define kds_dax_memmap_region_flags()	0UL
#endif
/* (only where memory is hot-added: the flag needs CONFIG_MEMORY_HOTPLUG) */
#if KDS_PROBE_MEMMAP_ON_MEMORY_VOID && defined(CONFIG_MEMORY_HOTPLUG)
#define kds_dax_mhp_memmap(on)	((on) ? MHP_MEMMAP_ON_MEMORY : MHP_NONE)
#else
#define kds_dax_mhp_memmap(on)	MHP_NONE
#endif

#endif /* KDS_KERNEL_API_FORMS_H */
