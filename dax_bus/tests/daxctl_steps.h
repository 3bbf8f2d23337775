/* SPDX-License-Identifier: GPL-2.0 */
/*
 * daxctl_steps.h - the sysfs writes libdaxctl (ndctl 76) makes for
 * `daxctl reconfigure-device --mode=system-ram` and back to
 * `--mode=devdax`, each with the answer the 6.1 driver core and dax bus
 * give and the driver the device is bound to afterwards.
 *
 * libdaxctl writes every attribute as strlen(name) + 1 bytes (the NUL
 * included) in one write(). Disabling goes through the device's own
 * driver link (<dev>/driver/remove_id, then <dev>/driver/unbind; an error
 * stops daxctl); enabling writes new_id, then bind, to the new driver and
 * ignores both answers, then checks that the device is bound.
 *
 * Run against the userspace model (user/dax_bus/tests/model_test.c) and,
 * in the VM, against kds.ko's bus and the kernel's own dax bus
 * (kernel/vm/daxctl.c). Includes only the port's errno names.
 */
#ifndef KDS_DAX_DAXCTL_STEPS_H
#define KDS_DAX_DAXCTL_STEPS_H

#include "kds_port.h"

/**
 * enum kds_daxctl_drv - which driver a step writes to or expects.
 * @KDS_DAXCTL_NONE: no driver (the device is unbound).
 * @KDS_DAXCTL_CURRENT: the device's driver at the time (its driver link).
 * @KDS_DAXCTL_DEVDAX: the default driver (device_dax).
 * @KDS_DAXCTL_KMEM: the kmem driver.
 */
enum kds_daxctl_drv {
	KDS_DAXCTL_NONE,
	KDS_DAXCTL_CURRENT,
	KDS_DAXCTL_DEVDAX,
	KDS_DAXCTL_KMEM,
};

/**
 * struct kds_daxctl_step - one write of the sequence.
 * @drv: the driver whose attribute is written.
 * @attr: "new_id", "remove_id", "bind" or "unbind".
 * @result: 0 when the write returns its byte count, else the -errno.
 * @after: the driver the device is bound to after the write.
 * @what: what libdaxctl does at this step.
 */
struct kds_daxctl_step {
	enum kds_daxctl_drv drv;
	const char *attr;
	int result;
	enum kds_daxctl_drv after;
	const char *what;
};

/*
 * One reconfigure-device to @mode: daxctl_dev_disable() on the driver
 * bound now (@from), then daxctl_bind() on @to (named @to_name).
 */
#define KDS_DAXCTL_RECONFIGURE(mode, from, to, to_name)			\
	{ KDS_DAXCTL_CURRENT, "remove_id", 0, from,			\
	  mode ": disable: remove_id via the driver link" },		\
	{ KDS_DAXCTL_CURRENT, "unbind", 0, KDS_DAXCTL_NONE,		\
	  mode ": disable: unbind via the driver link" },		\
	{ to, "new_id", 0, to,						\
	  mode ": enable: new_id on " to_name " attaches" },		\
	{ to, "bind", -EBUSY, to,					\
	  mode ": enable: bind on " to_name " (bound already, ignored)" }

/* The device starts bound to the default driver. */
static const struct kds_daxctl_step kds_daxctl_steps[] __maybe_unused = {
	KDS_DAXCTL_RECONFIGURE("system-ram", KDS_DAXCTL_DEVDAX, KDS_DAXCTL_KMEM, "kmem"),
	KDS_DAXCTL_RECONFIGURE("devdax", KDS_DAXCTL_KMEM, KDS_DAXCTL_DEVDAX, "device_dax"),
};

#endif /* KDS_DAX_DAXCTL_STEPS_H */
