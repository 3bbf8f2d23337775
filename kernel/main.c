// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - kds.ko: module entry points. The shared components are linked
 * into this module from their own folders; nothing here reimplements them.
 */
#include <linux/module.h>

#include "kds_port.h"
#include "kds/version.h"
#include "dax_bus/kds_dax_glue.h"

static int __init kds_init(void)
{
	int rc = kds_dax_glue_init();

	if (rc) {
		pr_err("kds: registering the kds_dax bus failed: %d\n", rc);
		return rc;
	}
	pr_info("kds: loaded\n");
	return 0;
}

static void __exit kds_exit(void)
{
	long live;

	kds_dax_glue_exit();
	live = kds_alloc_live();
	if (live)
		pr_err("kds: %ld allocation(s) leaked at unload\n", live);
	else
		pr_info("kds: unloaded, no allocation outstanding\n");
}

module_init(kds_init);
module_exit(kds_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kds: kernel data structures shared with a userspace build");
MODULE_VERSION(KDS_VERSION_STRING);
