/* SPDX-License-Identifier: GPL-2.0 */
/*
 * port_internal.h - what the userspace port's files share among
 * themselves and hide from the library's users: the allocation counters
 * kds_node_alloc() charges as kmalloc() does, and the quiet switch the
 * allocation-failure message obeys. Hidden, so libkds.so does not export
 * them.
 */
#ifndef KDS_USER_PORT_INTERNAL_H
#define KDS_USER_PORT_INTERNAL_H

#include "kds_port.h"

#define KDS_PORT_INTERNAL __attribute__((visibility("hidden")))

/* kds_alloc_should_fail - count one allocation attempt; true if it must fail. */
KDS_PORT_INTERNAL bool kds_alloc_should_fail(void);
/* kds_alloc_account - add @delta_count blocks of @delta_bytes in all. */
KDS_PORT_INTERNAL void kds_alloc_account(long delta_count, long delta_bytes);
/* kds_alloc_failed - count a failed allocation; warn unless __GFP_NOWARN. */
KDS_PORT_INTERNAL void kds_alloc_failed(size_t size, gfp_t gfp);
/* kds_warn_is_quiet - whether kds_warn_set_quiet(true) holds messages back. */
KDS_PORT_INTERNAL bool kds_warn_is_quiet(void);

#endif /* KDS_USER_PORT_INTERNAL_H */
