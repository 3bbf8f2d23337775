/* SPDX-License-Identifier: GPL-2.0 */
/* linux/math.h for Linux's genradix in userspace: see lxd_shim.h. */
#include "../lxd_shim.h"
