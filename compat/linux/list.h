/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/list.h> for userspace: the kernel names of kds's userspace port. */
#include "../kds_compat.h"
