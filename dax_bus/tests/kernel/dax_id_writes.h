/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dax_id_writes.h - what the two kernel-only dax id suites share
 * (dax_ids_vs_linux.c, dax_ids_via_sysfs.c): the sysfs folders of the
 * kernel's and kds.ko's device_dax drivers, and one id case written to
 * kds's core stores and to a sysfs driver. Included after "kds_port.h",
 * only when the dax bus is part of the build (KDS_HAVE_DAX_BUS).
 */
#ifndef KDS_DAX_ID_WRITES_H
#define KDS_DAX_ID_WRITES_H

#include "kds/dax_bus.h"
#include "dax_bus/tests/id_cases.h"
#include "kernel_side.h"

#define KDS_DAX_KERNEL_DRV	"/sys/bus/dax/drivers/device_dax/"
/* The driver kds.ko registers on its own bus (kernel/dax_bus/glue.c). */
#define KDS_DAX_KDS_DRV		"/sys/bus/kds_dax/drivers/kds_device_dax/"

/* What one id case gives on kds's core stores and through a sysfs driver. */
struct kds_dax_id_writes {
	ssize_t core_new, sysfs_new, core_remove, sysfs_remove;
};

/**
 * kds_dax_write_case() - write one id case to kds's stores and to sysfs
 * @drv: the kds driver whose core new_id/remove_id stores are called
 * @dir: the sysfs folder of a driver, ending in '/'
 * @c: the id case (its bytes and length)
 * @w: receives the four answers
 *
 * Writes @c four times, in this order: kds's new_id store on @drv, the
 * sysfs file @dir "new_id", kds's remove_id store, @dir "remove_id".
 */
static inline void kds_dax_write_case(struct kds_dax_driver *drv, const char *dir,
				      const struct kds_dax_id_case *c,
				      struct kds_dax_id_writes *w)
{
	char path[96];

	w->core_new = kds_dax_new_id_store(drv, c->input, c->len);
	snprintf(path, sizeof(path), "%snew_id", dir);
	w->sysfs_new = kds_test_sysfs_write(path, c->input, c->len);
	w->core_remove = kds_dax_remove_id_store(drv, c->input, c->len);
	snprintf(path, sizeof(path), "%sremove_id", dir);
	w->sysfs_remove = kds_test_sysfs_write(path, c->input, c->len);
}

#endif /* KDS_DAX_ID_WRITES_H */
