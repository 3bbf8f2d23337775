/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_compat.h - what every header of kds's compat folder starts with: the
 * folder is for userspace builds only, and brings the kernel's names over
 * kds's userspace port.
 *
 * The compat folder is opt-in: a program adds -I<includedir>/kds/compat
 * (pkg-config kds-linux; Bazel //compat:linux) and its
 * #include <linux/generic-radix-tree.h>, <linux/dma-mapping.h>,
 * <linux/slab.h>, ... then compile unchanged in userspace. Without it, kds
 * headers bring no kernel name at all.
 */
#ifndef KDS_COMPAT_H
#define KDS_COMPAT_H

#ifdef __KERNEL__
#error "kds's compat folder (<linux/...> over kds) is for userspace builds. In a kernel build remove its -I (.../kds/compat): include <kds/genradix.h>, <kds/dma.h>, <kds/dax_bus.h> for kds, and the kernel's own <linux/...> headers for the kernel's."
/* Stop here rather than cascade: no such header exists. */
#include "kds-compat-is-userspace-only.h"
#endif

#include "kds_port.h"

#endif /* KDS_COMPAT_H */
