#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the kds test VM (packed by kernel/vm/run.sh with busybox-static,
# the modules under /lib/kds and /etc/kds-vm.conf). Every line it prints
# starts with "kds-vm: "; a failed step prints "kds-vm: FAIL: ...", which
# fails the run. It always powers the VM off at the end.

/bin/busybox mkdir -p /bin /proc /sys /dev /tmp
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp

say() { echo "kds-vm: $*"; }
fail() { echo "kds-vm: FAIL: $*"; }

INJECT=
[ -r /etc/kds-vm.conf ] && . /etc/kds-vm.conf

say "init start ($(uname -r))"

# kds.ko: loads and is listed; it stays loaded while kds_test.ko writes to
# its kds_dax bus, and its unload (last) reports leaks.
kds_loaded=0
if insmod /lib/kds/kds.ko; then
	kds_loaded=1
	grep -q '^kds ' /proc/modules || fail "kds.ko loaded but not in /proc/modules"
else
	fail "insmod kds.ko"
fi

# The kernel's own device-dax driver, for the dax id cross-check.
if [ -e /lib/kds/device_dax.ko ]; then
	insmod /lib/kds/device_dax.ko || fail "insmod device_dax.ko"
fi

# kds_test.ko: runs every suite at load (KTAP on the console), reports
# leaks at unload.
if insmod /lib/kds/kds_test.ko ${INJECT:+inject=$INJECT}; then
	rmmod kds_test || fail "rmmod kds_test"
else
	fail "insmod kds_test.ko"
fi
if [ "$kds_loaded" = 1 ]; then
	rmmod kds || fail "rmmod kds"
fi

say "done"
sync
poweroff -f
