// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - kds.ko: module entry points. The shared components are linked
 * into this module from their own folders; nothing here reimplements them.
 * The dax bus's sysfs glue (kernel/dax_bus/) is registered when the module
 * carries the dax bus (kds/components.h, from tools/components.bzl).
 */
#include <linux/module.h>

#include "kds_port.h"
#include "kds/version.h"
#include "kds/components.h"

#ifdef KDS_HAVE_DAX_BUS
#include "dax_bus/kds_dax_glue.h"
#endif

static int __init kds_init(void)
{
#ifdef KDS_HAVE_DAX_BUS
	int rc = kds_dax_glue_init();

	if (rc) {
		pr_err("kds: registering the dax bus failed: %d\n", rc);
		return rc;
	}
#endif
	pr_info("kds: loaded\n");
	return 0;
}

static void __exit kds_exit(void)
{
#ifdef KDS_HAVE_DAX_BUS
	kds_dax_glue_exit();
#endif
	kds_alloc_report_unload("kds");
}

module_init(kds_init);
module_exit(kds_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kds: kernel data structures shared with a userspace build");
MODULE_VERSION(KDS_VERSION_STRING);
