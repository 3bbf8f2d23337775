// SPDX-License-Identifier: GPL-2.0
/*
 * mapping.c - device_dax's mapping decisions: which mapping of
 * /dev/dax<r>.<n> is accepted, what a fault of each size does, where a page
 * offset lies in physical memory, which address a new mapping gets, and
 * where a mapping may be split.
 *
 * These are Linux 6.1's rules for its device-dax character device (the
 * Kconfig promise: "restrictions that make the mapping behavior
 * deterministic"). The kernel glue (kernel/dax_bus/chardev.c) asks here
 * for every decision and performs it on the real mm; the cases in
 * tests/cases_mapping.c run the same rules in both worlds.
 */
#include "kds_port.h"
#include "kds/dax_bus.h"

/* A device's align: a power of two, at least one page. */
static bool kds_dax_align_ok(unsigned long align)
{
	return align >= PAGE_SIZE && is_power_of_2(align);
}

/**
 * kds_dax_check_vma() - may this mapping of a device-dax be made, or a
 * fault in it be served?
 * @alive: the device is bound to device_dax and running.
 * @align: the device's align (a power of two, at least one page).
 * @vma: the mapping: its bounds and flags.
 * @why: set to the reason (%KDS_DAX_MAP_OK when accepted); may be NULL.
 *
 * The checks run in Linux's order: a dead device, then a private mapping,
 * then a start or end that is not a multiple of @align, then a mapping
 * the mm cannot fault as DAX. A mapping that is not DAX capable (a kernel
 * without FS_DAX, where the mm never asks for a huge fault) is accepted
 * only when @align is one page: such a device needs nothing but PTE
 * faults (the one rule kds adds; Linux refuses it too).
 *
 * Nothing is checked against the device's size: as in Linux, a mapping
 * past the end is made and its faults there get SIGBUS.
 *
 * Context: any context.
 * Return: 0; -ENXIO for a dead device; -EINVAL for any other refusal, a
 * NULL @vma, an @align that is not a power of two of at least a page, or
 * a @vma whose end lies before its start.
 */
int kds_dax_check_vma(bool alive, unsigned long align,
		      const struct kds_dax_vma *vma, enum kds_dax_map_why *why)
{
	enum kds_dax_map_why w = KDS_DAX_MAP_OK;
	int rc = 0;

	if (!vma || !kds_dax_align_ok(align) || vma->end < vma->start) {
		w = KDS_DAX_MAP_INVALID;
		rc = -EINVAL;
	} else if (!alive) {
		w = KDS_DAX_MAP_DEAD;
		rc = -ENXIO;
	} else if (!vma->shared) {
		w = KDS_DAX_MAP_PRIVATE;
		rc = -EINVAL;
	} else if (!IS_ALIGNED(vma->start, (u64)align) ||
		   !IS_ALIGNED(vma->end, (u64)align)) {
		w = KDS_DAX_MAP_UNALIGNED;
		rc = -EINVAL;
	} else if (!vma->dax && align != PAGE_SIZE) {
		w = KDS_DAX_MAP_NOT_DAX;
		rc = -EINVAL;
	}
	if (why)
		*why = w;
	return rc;
}

/**
 * kds_dax_map_why_str() - the message for a refusal.
 * @why: a reason from kds_dax_check_vma().
 *
 * Context: any context.
 * Return: a constant string; "unknown" for a value out of range.
 */
const char *kds_dax_map_why_str(enum kds_dax_map_why why)
{
	switch (why) {
	case KDS_DAX_MAP_OK:
		return "ok";
	case KDS_DAX_MAP_INVALID:
		return "invalid arguments";
	case KDS_DAX_MAP_DEAD:
		return "device not running";
	case KDS_DAX_MAP_PRIVATE:
		return "cannot mmap private mapping";
	case KDS_DAX_MAP_UNALIGNED:
		return "vma not aligned to the device's align";
	case KDS_DAX_MAP_NOT_DAX:
		return "vma is not DAX capable";
	}
	return "unknown";
}

/**
 * kds_dax_pgoff_to_phys() - the physical address behind a page offset.
 * @ranges: the device's ranges, each with the page offset it starts at.
 * @nr: how many.
 * @pgoff: page offset into the device.
 * @size: a fault's size: a power of two, at least one page; the unit
 *        of @size bytes from @pgoff.
 *
 * The range holding @pgoff decides: when [@pgoff, @pgoff + @size) does not
 * fit in it, the answer is no address even if the next range follows
 * physically (a fault never spans two ranges). The answer is always a
 * multiple of @size: the mm maps a huge unit from its aligned start (x86's
 * pfn_pmd() and pfn_pud() drop the low bits), so an unaligned address
 * would map memory before the range, which may be another device's or
 * System RAM. A unit that would start off its size (a mapping at a page
 * offset off the align, or a range that does not start on it) has no
 * address.
 *
 * Context: any context.
 * Return: the physical address, a multiple of @size; %KDS_DAX_NO_PHYS
 * when no range holds @pgoff, the unit does not fit in the range that
 * does or would start off its size, or an argument is invalid (NULL
 * @ranges with @nr > 0, @size not a power of two of at least a page).
 */
u64 kds_dax_pgoff_to_phys(const struct kds_dax_range *ranges, unsigned int nr,
			  u64 pgoff, u64 size)
{
	unsigned int i;

	if ((!ranges && nr) || size < PAGE_SIZE || (size & (size - 1)))
		return KDS_DAX_NO_PHYS;
	for (i = 0; i < nr; i++) {
		const struct kds_dax_range *r = &ranges[i];
		u64 pages, off, phys, last;

		if (r->end < r->start)
			continue;
		pages = ((r->end - r->start) >> PAGE_SHIFT) + 1;
		if (pgoff < r->pgoff || pgoff - r->pgoff >= pages)
			continue;
		off = (pgoff - r->pgoff) << PAGE_SHIFT;
		phys = r->start + off;
		if (!IS_ALIGNED(phys, size) ||
		    check_add_overflow(phys, size - 1, &last) || last > r->end)
			return KDS_DAX_NO_PHYS;
		return phys;
	}
	return KDS_DAX_NO_PHYS;
}

/**
 * kds_dax_fault_decide() - what a fault of one size does.
 * @align: the device's align.
 * @fault_size: the size the mm asks for: PAGE_SIZE, PMD size or PUD size.
 * @vma_start: start of the mapping.
 * @vma_end: end of the mapping (exclusive).
 * @address: the faulting address, inside the mapping.
 * @base: set to the start of the @fault_size unit around @address when
 *        the answer is %KDS_DAX_FAULT_INSERT; may be NULL.
 *
 * A fault smaller than @align cannot be served (the device promises
 * @align-sized mappings): SIGBUS. A larger one falls back to the next
 * smaller size. A fault of exactly @align inserts the unit around
 * @address when the whole unit lies inside the mapping, and falls back
 * otherwise. The caller then looks the unit's page offset up with
 * kds_dax_pgoff_to_phys(); no address there is SIGBUS.
 *
 * Context: any context.
 * Return: the verdict, an &enum kds_dax_fault value; %KDS_DAX_FAULT_SIGBUS
 * for invalid arguments (a size or align that is not a power of two of at
 * least a page, an address outside the mapping).
 */
int kds_dax_fault_decide(unsigned long align, unsigned long fault_size,
			 kds_u64 vma_start, kds_u64 vma_end, kds_u64 address,
			 kds_u64 *base)
{
	u64 unit;

	if (!kds_dax_align_ok(align) || !kds_dax_align_ok(fault_size) ||
	    address < vma_start || address >= vma_end)
		return KDS_DAX_FAULT_SIGBUS;
	if (align > fault_size)
		return KDS_DAX_FAULT_SIGBUS;
	if (align < fault_size)
		return KDS_DAX_FAULT_FALLBACK;
	unit = address & ~((u64)fault_size - 1);
	if (unit < vma_start || vma_end - unit < fault_size)
		return KDS_DAX_FAULT_FALLBACK;
	if (base)
		*base = unit;
	return KDS_DAX_FAULT_INSERT;
}

/**
 * kds_dax_unmapped_area_len() - how much address space to ask for so that
 * a new mapping can start @align-aligned.
 * @len: the mapping's length.
 * @pgoff: its page offset into the device.
 * @align: the device's align.
 *
 * Only worth it when at least one whole @align unit of the device lies
 * inside [offset, offset + @len): then the mm is asked for @len + @align
 * and kds_dax_unmapped_area_fit() picks the address inside. Otherwise (a
 * small or oddly placed mapping, a length or offset whose sum would wrap
 * past 2^64) the mm's own choice stands.
 *
 * Context: any context.
 * Return: the length to ask for; 0 when no alignment is done.
 */
u64 kds_dax_unmapped_area_len(u64 len, u64 pgoff, unsigned long align)
{
	u64 off, off_end, off_align, wide;

	if (!kds_dax_align_ok(align) || !len ||
	    pgoff > (U64_MAX >> PAGE_SHIFT))
		return 0;
	off = pgoff << PAGE_SHIFT;
	if (check_add_overflow(off, len, &off_end) ||
	    check_add_overflow(off, (u64)align - 1, &off_align))
		return 0;
	off_align &= ~((u64)align - 1);
	if (off_end <= off_align || off_end - off_align < align)
		return 0;
	if (check_add_overflow(len, (u64)align, &wide) ||
	    check_add_overflow(off, wide, &off_end))
		return 0;
	return wide;
}

/**
 * kds_dax_unmapped_area_fit() - the address inside a wider area at which
 * the device's offset lands on an @align boundary.
 * @addr: start of the area the mm gave for kds_dax_unmapped_area_len().
 * @pgoff: the mapping's page offset.
 * @align: the device's align.
 *
 * Context: any context.
 * Return: @addr moved up by less than @align, so that the address and
 * the device offset agree modulo @align; @addr itself for an invalid
 * @align.
 */
u64 kds_dax_unmapped_area_fit(u64 addr, u64 pgoff, unsigned long align)
{
	if (!kds_dax_align_ok(align))
		return addr;
	return addr + (((pgoff << PAGE_SHIFT) - addr) & ((u64)align - 1));
}

/**
 * kds_dax_may_split() - may a mapping be split at @addr (munmap, mprotect
 * or mremap of part of it)?
 * @addr: where the split would fall.
 * @align: the device's align.
 *
 * Context: any context.
 * Return: 0 at an @align boundary; -EINVAL inside an @align unit (the
 * device's mappings are made of whole units) or for an invalid @align.
 */
int kds_dax_may_split(u64 addr, unsigned long align)
{
	if (!kds_dax_align_ok(align) || !IS_ALIGNED(addr, (u64)align))
		return -EINVAL;
	return 0;
}
