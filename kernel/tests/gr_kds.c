// SPDX-License-Identifier: GPL-2.0
/*
 * gr_kds.c - the kds genradix (kds/genradix.h, PAGE_SIZE nodes as
 * built into the module) behind struct kds_gr_impl.
 */
#include "kds_port.h"
#include "gr_iface.h"

#if __has_include("kds/genradix.h")
#include "compat/kds_genradix_names.h"
#include "gr_impl.h"

KDS_GR_IMPLS(kds);

const bool kds_gr_kds_built = true;

#else /* genradix is not part of this build: gr_seq.c skips its suites */

const struct kds_gr_impl kds_gr_impl_kds[KDS_GR_NR_SIZES];
const bool kds_gr_kds_built;

#endif
