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
NO_HMEM=
MEMORY_FAILURE=
CORE=
DAX=
[ -r /etc/kds-vm.conf ] && . /etc/kds-vm.conf

say "init start ($(uname -r))"

# An extra stage (kernel/vm/run.sh --extra): may define extra_before_load,
# run before kds.ko is first loaded, and extra_before_unload and
# extra_after_unload, run around kds.ko's final unload below.
[ -r /lib/kds/extra.sh ] && . /lib/kds/extra.sh
type extra_before_load >/dev/null 2>&1 && extra_before_load

# kds.ko as the system's dax bus, driven by the real daxctl, before the
# kernel's dax.ko can take the name (kernel/vm/system_dax.sh).
if [ -r /lib/kds/system_dax.sh ]; then
	. /lib/kds/system_dax.sh
	system_dax_first
fi

# A failed load leaves nothing behind. kds.dax_fail_driver=N makes the Nth
# driver registration of the kds_dax bus fail; just before failing, the
# load writes region 42 to create_region through the bus's own store, as a
# writer racing the load would (the file exists from bus_register() on),
# and logs the answer, which must be -ENODEV (-19): a region created then
# would outlive the module, its devices pointing into freed module memory.
for nth in 1 2; do
	if insmod /lib/kds/kds.ko dax_fail_driver=$nth 2>/dev/null; then
		fail "insmod kds.ko dax_fail_driver=$nth succeeded"
		rmmod kds
		continue
	fi
	bad=0
	got=$(dmesg | grep "injected failure of driver registration $nth;" | tail -n 1)
	case $got in
	*"create_region during the load: -19") ;;
	'') bad=1; fail "failed load $nth: the injected failure did not run" ;;
	*) bad=1; fail "failed load $nth: create_region was writable during a load that then failed: ${got#*: }" ;;
	esac
	[ -e /sys/devices/kds_dax_region42 ] && { bad=1; fail "failed load $nth: region 42 outlived the module"; }
	[ -e /sys/bus/kds_dax ] && { bad=1; fail "failed load $nth: the kds_dax bus outlived the module"; }
	grep -q '^kds ' /proc/modules && { bad=1; fail "failed load $nth: kds is still in /proc/modules"; }
	[ "$bad" = 0 ] && say "failed load $nth: refused, nothing left behind"
done

# kds.ko: loads and is listed; it stays loaded while kds_test.ko writes to
# its kds_dax bus, and its unload (last) reports leaks.
kds_loaded=0
if insmod /lib/kds/kds.ko; then
	kds_loaded=1
	grep -q '^kds ' /proc/modules || fail "kds.ko loaded but not in /proc/modules"
else
	fail "insmod kds.ko"
fi

# The kernel's own device-dax driver, for the dax id cross-check (run.sh
# packs it for every kernel: kds_test.ko's kds_dax_ids_vs_linux must run),
# after its bus, dax.ko, where the kernel builds that as a module.
if [ -e /lib/kds/dax.ko ]; then
	insmod /lib/kds/dax.ko || fail "insmod dax.ko"
fi
insmod /lib/kds/device_dax.ko || fail "insmod device_dax.ko"
# dax_hmem turns the soft-reserved range (run.sh's memmap=) into a device
# on the kernel's dax bus; kmem is its system-ram driver (daxctl sequence).
for m in dax_hmem kmem; do
	if [ -e /lib/kds/$m.ko ]; then
		insmod /lib/kds/$m.ko || fail "insmod $m.ko"
	fi
done

# kds_sample.ko: a driver using kds through kds.ko's exports (namespace
# KDS). It checks its calls at load (a failed check fails the load and
# prints "kds_sample: FAIL: ..."), holds kds.ko while loaded, and reports
# its leaks at unload.
if [ "$kds_loaded" = 1 ]; then
	if insmod /lib/kds/kds_sample.ko; then
		dmesg | grep -q 'kds_sample: all [0-9]* checks passed' ||
			fail "kds_sample.ko loaded without reporting its checks"
		grep -q '^kds .* kds_sample' /proc/modules ||
			fail "kds_sample.ko does not hold kds.ko (/proc/modules: $(grep '^kds ' /proc/modules))"
		if rmmod kds 2>/dev/null; then
			kds_loaded=0
			fail "kds.ko unloaded while kds_sample.ko used it"
		fi
		rmmod kds_sample || fail "rmmod kds_sample"
	else
		fail "insmod kds_sample.ko"
	fi
fi

# kds_test.ko: runs every suite at load (KTAP on the console), reports
# leaks at unload.
if insmod /lib/kds/kds_test.ko ${INJECT:+inject=$INJECT}; then
	rmmod kds_test || fail "rmmod kds_test"
else
	fail "insmod kds_test.ko"
fi

# The stages, which run.sh packs into /lib/kds/stages/: the check
# vocabulary and each scenario's functions (kernel/vm/checks.sh,
# core_guest.sh, bus_sysfs.sh, pin_wait.sh, devdax_apps.sh,
# linux_compare.sh).
for f in /lib/kds/stages/*.sh; do
	. "$f"
done

# A guest of another architecture (run.sh: CORE=<arch>) ends here: the
# stages below run the host's programs (daxctl, fio, dmsetup).
[ -z "$CORE" ] || core_guest

if [ "$kds_loaded" = 1 ] && [ -d $B ]; then
	bus_sysfs
elif [ "$kds_loaded" = 1 ]; then
	fail "sysfs: $B missing"
fi

type extra_before_unload >/dev/null 2>&1 && extra_before_unload
if [ "$kds_loaded" = 1 ]; then
	rmmod kds || fail "rmmod kds"
	[ -e /sys/class/dax ] && fail "rmmod kds left /sys/class/dax behind"
fi
type system_dax_refused >/dev/null 2>&1 && system_dax_refused
type extra_after_unload >/dev/null 2>&1 && extra_after_unload

say "done"
sync
poweroff -f
