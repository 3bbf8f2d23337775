# SPDX-License-Identifier: GPL-2.0
#
# devdax_apps.sh - what fio's dev-dax engine and PMDK's daxio do with a
# device of Linux's device_dax and of kds's, side by side. Sourced by
# /init (kernel/vm/init.sh) from /lib/kds/stages/, where run.sh packs it.
# Defines functions only.

# devdax_apps_run DEV ALIGN SIZE OUT: what the device-dax applications
# do with DEV, in OUT with the device's name written daxN.N (compared
# between Linux's device and kds's): fio's dev-dax engine writes the whole
# device with a crc32c verify pattern and reads it back, then a second
# fio run (a new open and mapping) verifies it again; daxio copies a
# random MiB in at offset ALIGN and back out, zeroes the device, copies
# past the end.
devdax_apps_run() {
	local dev=$1 al=$2 sz=$3 out=$4 job
	job="--name=devdax --ioengine=dev-dax --filename=$dev --bs=$al --size=$sz --iodepth=1 --direct=0 --rw=write --verify=crc32c"
	{
		fio $job --do_verify=1 >/tmp/fio.1 2>&1
		echo "fio write+verify: exit $?"
		grep -oE 'err= *[0-9]+|issued rwts: total=[0-9,]+|verify: bad[^\n]*' /tmp/fio.1
		fio $job --verify_only >/tmp/fio.2 2>&1
		echo "fio verify_only (new open): exit $?"
		grep -oE 'err= *[0-9]+|issued rwts: total=[0-9,]+|verify: bad[^\n]*' /tmp/fio.2
		daxio -i /tmp/kds.pattern -o $dev -s $al -l 1048576 2>&1
		echo "daxio in at $al: exit $?"
		daxio -i $dev -o /tmp/kds.back -k $al -l 1048576 2>&1
		echo "daxio out: exit $?"
		cmp /tmp/kds.pattern /tmp/kds.back && echo "daxio: the MiB reads back"
		daxio -z -o $dev 2>&1
		echo "daxio zero the device: exit $?"
		daxio -i $dev -o /tmp/kds.back -k $al -l 1048576 2>&1
		cmp -s /tmp/kds.back /tmp/kds.zero && echo "daxio: zeroed"
		daxio -i /tmp/kds.pattern -o $dev -s $sz -l 4096 2>&1
		echo "daxio past the end: exit $?"
	} | sed -E 's/dax[0-9]+\.[0-9]+/daxN.N/g' >$out
}
# devdax_apps: the applications on Linux's device_dax (dax0.0, bound) and
# then on kds's over the same range, a device in /sys/class/dax (what
# fio and PMDK take for a device-dax: a char device whose subsystem is
# named dax; kds's bus is kds_dax beside the kernel's): the same results.
devdax_apps() {
	local L0=$L/devices/dax0.0 al sz
	al=$(attr $L0/align)
	sz=$(attr $L0/size)
	dd if=/dev/urandom of=/tmp/kds.pattern bs=1048576 count=1 2>/dev/null
	dd if=/dev/zero of=/tmp/kds.zero bs=1048576 count=1 2>/dev/null
	expect_eq "dax0.0 bound to device_dax for the applications" "$(drv_of $L0)" device_dax
	devdax_apps_run /dev/dax0.0 "$al" "$sz" /tmp/linux.apps
	expect_write "unbind Linux's dax0.0 after the applications" ok $L/drivers/device_dax/unbind dax0.0
	expect_write "create region 15 (class) over the same range" ok \
		$B/create_region "15 0x10000000 $sz $al 0 class"
	devdax_apps_run /dev/dax15.0 "$al" "$sz" /tmp/kds.apps
	expect_write "delete region 15" ok $B/delete_region 15
	expect_write "bind Linux's dax0.0 again" ok $L/drivers/device_dax/bind dax0.0
	sed 's/^/kds-vm: apps: /' /tmp/kds.apps | head -n 40
	diff /tmp/linux.apps /tmp/kds.apps | head -n 20
	check "$(cmp -s /tmp/linux.apps /tmp/kds.apps; echo $?)" \
		"device-dax applications: fio and daxio do on kds's dax15.0 what they do on Linux's dax0.0"
	# the reference must succeed too: two failing runs compare equal
	for w in "fio write+verify: exit 0" "fio verify_only (new open): exit 0" \
		"daxio: the MiB reads back" "daxio: zeroed"; do
		check "$(grep -qxF "$w" /tmp/linux.apps; echo $?)" "device-dax applications on Linux: $w"
		check "$(grep -qxF "$w" /tmp/kds.apps; echo $?)" "device-dax applications on kds: $w"
	done
}
