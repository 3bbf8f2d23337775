/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/log2.h> for userspace: the kernel names of kds's userspace port. */
#include "../kds_compat.h"
