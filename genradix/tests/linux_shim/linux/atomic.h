/* SPDX-License-Identifier: GPL-2.0 */
/* linux/atomic.h for Linux's genradix in userspace: see vs_linux_shim.h. */
#include "../vs_linux_shim.h"
