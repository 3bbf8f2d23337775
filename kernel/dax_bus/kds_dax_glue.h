/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_dax_glue.h - the kds dax bus as a real sysfs bus in kds.ko.
 */
#ifndef KDS_DAX_GLUE_H
#define KDS_DAX_GLUE_H

/* Path of the driver kds.ko registers on its bus, for tests. */
#define KDS_DAX_GLUE_DRIVER_DIR	"/sys/bus/kds_dax/drivers/kds_device_dax/"

/**
 * kds_dax_glue_init() - register the "kds_dax" bus (with its
 * create_region / delete_region files) and its drivers kds_device_dax
 * (the default) and kds_kmem. create_region accepts regions only once
 * all of it is registered, so a failed init leaves no region behind.
 * In the test build (KDS_FAULT_SWITCHES), the module parameter
 * dax_fail_driver=N fails the Nth driver registration, for the test of
 * that path.
 *
 * Context: module init.
 * Return: 0 or -errno (nothing stays registered on failure).
 */
int kds_dax_glue_init(void);

/**
 * kds_dax_glue_exit() - delete every region created through the bus
 * (unbinding its device), unregister what kds_dax_glue_init() registered,
 * and free every id written to a driver's new_id and every kds_kmem claim.
 *
 * Context: module exit.
 */
void kds_dax_glue_exit(void);

#endif /* KDS_DAX_GLUE_H */
