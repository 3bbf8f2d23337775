/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_port.h - the kernel port: the names shared kds sources use, mapped
 * onto <linux/...>. The userspace build selects user/kds_port.h instead.
 *
 * The kernel provides almost everything itself; this header adds the few
 * kds helpers (node allocation, allocation counting, WARN accounting) so
 * shared code is identical in both worlds. Allocation through kmalloc and
 * friends is counted here too, so the module can prove on unload that it
 * freed everything it allocated.
 */
#ifndef KDS_KERNEL_PORT_H
#define KDS_KERNEL_PORT_H

#ifndef __KERNEL__
#error "kernel/kds_port.h is kds's kernel port: a userspace build takes user/kds_port.h (Bazel //user:port, or -I user before -I kernel)."
#endif

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/memremap.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/types.h>

/*
 * The public base: kds_u64, kds_gfp_t, ... as the kernel's own types, and
 * kds_load_dependent(), READ_ONCE() with the address dependency.
 */
#include "kds/types.h"

/* Allocation counters (kernel/port.c). */
void *kds_kmalloc(size_t size, gfp_t gfp);
void *kds_kmalloc_array(size_t n, size_t size, gfp_t gfp);
void *kds_kvmalloc(size_t size, gfp_t gfp);
void *kds_krealloc(const void *p, size_t size, gfp_t gfp);
void kds_kfree(const void *p);
void kds_kvfree(const void *p);
char *kds_kstrdup(const char *s, gfp_t gfp);
char *kds_kmemdup_nul(const char *s, size_t len, gfp_t gfp);
void *kds_node_alloc(size_t size, gfp_t gfp);
void kds_node_free(void *p, size_t size);
long kds_alloc_live(void);
void kds_alloc_report_unload(const char *module);

/*
 * Redirect the allocation API the shared sources use to the counting
 * wrappers. The kernel's own inline helpers were defined above, before
 * these macros, and are unaffected. Some kernels define these names as
 * functions, later ones as macros (alloc_hooks(), Linux 6.10 on): each is
 * #undef'd first, which does the same on both, so this needs no probe.
 * kernel/port.c, which calls the kernel's own allocators, defines
 * KDS_PORT_KERNEL_ALLOCATORS to keep them.
 */
#ifndef KDS_PORT_KERNEL_ALLOCATORS
#undef kmalloc
#undef kzalloc
#undef kmalloc_array
#undef kcalloc
#undef kvmalloc
#undef kvzalloc
#undef kvcalloc
#undef krealloc
#undef kfree
#undef kvfree
#undef kstrdup
#undef kmemdup_nul
#define kmalloc(size, gfp)		kds_kmalloc(size, gfp)
#define kzalloc(size, gfp)		kds_kmalloc(size, (gfp) | __GFP_ZERO)
#define kmalloc_array(n, size, gfp)	kds_kmalloc_array(n, size, gfp)
#define kcalloc(n, size, gfp)		kds_kmalloc_array(n, size, (gfp) | __GFP_ZERO)
#define kvmalloc(size, gfp)		kds_kvmalloc(size, gfp)
#define kvzalloc(size, gfp)		kds_kvmalloc(size, (gfp) | __GFP_ZERO)
#define kvcalloc(n, size, gfp)		kds_kmalloc_array(n, size, (gfp) | __GFP_ZERO)
#define krealloc(p, size, gfp)		kds_krealloc(p, size, gfp)
#define kfree(p)			kds_kfree(p)
#define kvfree(p)			kds_kvfree(p)
#define kstrdup(s, gfp)			kds_kstrdup(s, gfp)
#define kmemdup_nul(s, len, gfp)	kds_kmemdup_nul(s, len, gfp)
#endif /* KDS_PORT_KERNEL_ALLOCATORS */

/*
 * kds_map_unit_valid() - whether memory can be mapped in units of @unit
 * on this kernel: the page; the PMD size where transparent huge pages are
 * built in and the CPU has them; the PUD size where the architecture maps
 * PUD-sized pages (Linux's dax_align_valid()).
 */
static inline bool kds_map_unit_valid(unsigned long unit)
{
	if (unit == PAGE_SIZE)
		return true;
#ifdef CONFIG_TRANSPARENT_HUGEPAGE
	if (unit == PMD_SIZE && has_transparent_hugepage())
		return true;
#endif
#ifdef CONFIG_HAVE_ARCH_TRANSPARENT_HUGEPAGE_PUD
	if (unit == PUD_SIZE)
		return true;
#endif
	return false;
}

/*
 * kds_map_min_size() - the smallest step of a device-dax size on this
 * kernel: memremap_compat_align() (a subsection, 2 MiB, on x86-64), or the
 * page where the kernel has no ZONE_DEVICE.
 */
static inline unsigned long kds_map_min_size(void)
{
#ifdef CONFIG_ZONE_DEVICE
	return memremap_compat_align();
#else
	return PAGE_SIZE;
#endif
}

/*
 * kds_race_point() - where the userspace port can force a lost
 * compare-and-swap for tests (user/kds_port.h); nothing in the kernel.
 */
#define kds_race_point()		do { } while (0)

#endif /* KDS_KERNEL_PORT_H */
