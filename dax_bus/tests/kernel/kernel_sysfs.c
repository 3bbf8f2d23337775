// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_sysfs.c - write to the running kernel's sysfs attributes from
 * kds_test.ko (the dax id cross-check writes the real new_id/remove_id).
 * Kernel headers only: this file never includes "kds_port.h".
 */
#include <linux/err.h>
#include <linux/fs.h>

#include "kernel_side.h"

ssize_t kds_test_sysfs_write(const char *path, const void *buf, size_t len)
{
	struct file *f = filp_open(path, O_WRONLY, 0);
	loff_t pos = 0;
	ssize_t rc;

	if (IS_ERR(f))
		return PTR_ERR(f);
	rc = kernel_write(f, buf, len, &pos);
	filp_close(f, NULL);
	return rc;
}

bool kds_test_path_exists(const char *path)
{
	struct file *f = filp_open(path, O_WRONLY, 0);

	if (IS_ERR(f))
		return false;
	filp_close(f, NULL);
	return true;
}
