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

# A guest of another architecture (run.sh: CORE=<arch>) ends here: the
# stages below run the host's programs (daxctl, fio, dmsetup).
if [ -n "$CORE" ]; then
	say "core guest of $CORE ($(uname -m)): the later stages are not run here"
	# Physical addresses past 4 GiB in the bus's files, every bit of them
	# (a 32-bit kernel's unsigned long holds 32): a dynamic region in no
	# resource at 0x1030000000, its device's resource, size and mapping.
	R=/sys/bus/kds_dax/devices/dax9.0
	if [ "$kds_loaded" = 1 ] &&
		echo "9 0x1030000000 0x8000000 0x200000 0 dynamic" >/sys/bus/kds_dax/create_region; then
		got="$(cat $R/resource) $(cat $R/size) $(cat $R/mapping0/start) $(cat $R/mapping0/end)"
		want="0x1030000000 134217728 0x1030000000 0x1037ffffff"
		if [ "$got" = "$want" ]; then
			say "core: region 9 past 4 GiB: resource, size, mapping0: $got"
		else
			fail "core: region 9 past 4 GiB: got '$got', want '$want'"
		fi
		echo 9 >/sys/bus/kds_dax/delete_region || fail "core: delete_region 9"
	else
		fail "core: create_region 9 past 4 GiB"
	fi
	# A backed region: the Soft Reserved range x86's memmap= makes at 256
	# MiB (run.sh), as far as the kernel's configuration lets it go (the
	# image's, in kds-vm.conf). Without memory hot-plug and hot-remove
	# (i386's 686-pae) create_region refuses it with EOPNOTSUPP and one
	# line naming why; without ZONE_DEVICE the bind to kds_device_dax is
	# refused the same way; with both, the device binds. Nothing stays
	# behind: the region deletes.
	D=/sys/bus/kds_dax/drivers/kds_device_dax
	if [ "$kds_loaded" = 1 ] && grep -qE '^ *10000000-17ffffff : Soft Reserved$' /proc/iomem; then
		err=$( { echo "8 0x10000000 0x8000000 0x200000 0" >/sys/bus/kds_dax/create_region; } 2>&1 ) && got=created || got=$err
		why='region 8: Soft Reserved, but this kernel cannot hot-add and remove memory: refused$'
		case $MEMORY_HOTPLUG:$got in
		n:*"Operation not supported"*)
			if [ "$(dmesg | grep -c "$why")" = 1 ] && [ ! -e /sys/bus/kds_dax/devices/dax8.0 ]; then
				say "core: no memory hot-plug: create_region over Soft Reserved refused with EOPNOTSUPP, and said why"
			else
				fail "core: no memory hot-plug: region 8's refusal said why $(dmesg | grep -c "$why") time(s) (want 1), or left dax8.0"
			fi ;;
		y:created)
			[ -e /sys/bus/kds_dax/devices/dax8.0/driver ] && echo dax8.0 >$D/unbind
			err=$( { echo dax8.0 >$D/bind; } 2>&1 ) && got=bound || got=$err
			why='dax8\.0: this kernel has no ZONE_DEVICE: the range cannot be mapped$'
			case $ZONE_DEVICE:$got in
			y:bound)
				say "core: region 8 (Soft Reserved) bound to kds_device_dax"
				echo dax8.0 >$D/unbind ;;
			n:*"Operation not supported"*)
				if [ "$(dmesg | grep -c "$why")" -ge 1 ] && [ ! -e /sys/bus/kds_dax/devices/dax8.0/driver ]; then
					say "core: no ZONE_DEVICE: binding dax8.0 refused with EOPNOTSUPP, and said why"
				else
					fail "core: no ZONE_DEVICE: dax8.0's refusal did not say why, or left it bound"
				fi ;;
			*) fail "core: binding dax8.0 with ZONE_DEVICE=$ZONE_DEVICE: $got" ;;
			esac
			echo 8 >/sys/bus/kds_dax/delete_region || fail "core: delete_region 8" ;;
		*) fail "core: create_region 8 over Soft Reserved with MEMORY_HOTPLUG=$MEMORY_HOTPLUG: $got" ;;
		esac
	elif [ "$kds_loaded" = 1 ]; then
		say "core: no Soft Reserved range at 256 MiB (not an x86 guest): no backed region"
	fi
	if [ "$kds_loaded" = 1 ]; then
		rmmod kds || fail "rmmod kds"
	fi
	say "done"
	sync
	poweroff -f
fi
# ---- kds.ko's kds_dax bus from the shell, as daxctl would drive it. Each
# check prints "kds-vm: sysfs: ok N what" or "... not ok N what"; a "not ok"
# fails the run (check.awk), and so does the summary's FAIL line.
B=/sys/bus/kds_dax
n=0
nfail=0
check() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		say "sysfs: ok $n $2"
	else
		nfail=$((nfail + 1))
		say "sysfs: not ok $n $2"
	fi
}
# expect_eq WHAT GOT WANT
expect_eq() {
	if [ "$2" = "$3" ]; then check 0 "$1"; else check 1 "$1 (got '$2', want '$3')"; fi
}
# expect_write WHAT ok|ERRNO FILE TEXT: echo TEXT into FILE; the answer is ok
# or the errno named (errno_of)
expect_write() {
	local err got
	err=$( { echo "$4" >"$3"; } 2>&1 ) && got=ok || got=$(errno_of "$err")
	expect_eq "$1" "$got" "$2"
}
# errno_of MESSAGE: the errno a shell's error message names (strerror's
# text), or "other: MESSAGE": a write that must fail names its errno, so a
# wrong path (ENOENT) or another refusal does not pass for the one meant
errno_of() {
	case $1 in
	*"Invalid argument"*) echo EINVAL ;;
	*"resource busy"*) echo EBUSY ;;
	*"No space left"*) echo ENOSPC ;;
	*"No such device or address"*) echo ENXIO ;;
	*"No such device"*) echo ENODEV ;;
	*"Cannot allocate memory"*) echo ENOMEM ;;
	*"File exists"*) echo EEXIST ;;
	*"No such file"*) echo ENOENT ;;
	*"out of domain"*) echo EDOM ;;
	*"out of range"*) echo ERANGE ;;
	*"not supported"*) echo EOPNOTSUPP ;;
	*"Permission denied"*) echo EACCES ;;
	*) echo "other: $1" ;;
	esac
}
# expect_printf WHAT ok|ERRNO FILE FORMAT: the bytes printf FORMAT
# makes (newlines and NULs where FORMAT puts them), written to FILE in one
# write by cat, which names the error (busybox printf does not)
expect_printf() {
	local err got
	printf "$4" >/tmp/kds.bytes
	err=$( { cat /tmp/kds.bytes >"$3"; } 2>&1 ) && got=ok || got=$(errno_of "$err")
	expect_eq "$1" "$got" "$2"
}
mode_of() { stat -c %a "$1" 2>/dev/null || echo "<missing>"; }
# as_nobody CMD...: run CMD as an unprivileged user
as_nobody() { su -s /bin/sh nobody -c "$*" 2>/dev/null; }
grep -q '^nobody:' /etc/passwd 2>/dev/null ||
	echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >>/etc/passwd
drv_of() { [ -L "$1/driver" ] && basename "$(readlink "$1/driver")" || echo none; }
attr() { cat "$1" 2>/dev/null || echo "<missing>"; }
# BLK: the scratch block device of kds-devdax's O_DIRECT (brd's /dev/ram0,
# loaded in every guest below, with device mapper for devdax_odirect).
BLK=
# devdax_line FILE CALL: the answer kds-devdax printed for CALL
devdax_line() { sed -n "s/^devdax: $2: //p" "$1" | head -n 1; }
# devdax_pte: kds's device_dax maps a one-page-align device with PTEs in
# any kernel (without FS_DAX too), over the free Soft Reserved range.
devdax_pte() {
	local D14=$B/devices/dax14.0 out=/tmp/kds.devdax.pte c
	expect_write "create region 14 (align 4 KiB) over the free Soft Reserved range" ok \
		$B/create_region "14 0x10000000 0x8000000 0x1000 0"
	expect_eq "dax14.0 bound to kds_device_dax" "$(drv_of $D14)" kds_device_dax
	check "$(grep -qE '^ +10000000-17ffffff : dax14.0$' /proc/iomem; echo $?)" \
		"/proc/iomem: device_dax pins dax14.0's range under its name"
	kds-devdax check /dev/dax14.0 4096 134217728 $BLK >$out
	check $? "kds-devdax check on dax14.0 (align 4 KiB)"
	grep -E '^devdax: not ok' $out
	for c in "open:ok" "read:EINVAL" "ioctl:ENOTTY" "mmap private:EINVAL" \
		"mmap twice the device's size:ok" "smaps KernelPageSize:4 kB" \
		"past the end:SIGBUS" "last byte:read" "vmsplice (get_user_pages):ok" \
		"forked child:ok" "munmap all:ok" \
		${BLK:+"O_DIRECT write from the mapping:ok" "O_DIRECT read into the mapping:ok"}; do
		expect_eq "dax14.0 (4 KiB): ${c%%:*}" "$(devdax_line $out "${c%%:*}")" "${c#*:}"
	done
	expect_eq "dax14.0 (4 KiB): one fault per page" \
		"$(sed -n 's/^devdax: faults writing every page: //p' $out)" 32768
	expect_write "delete region 14" ok $B/delete_region 14
	check "$(grep -qE 'dax14.0|kds_dax_region14' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"/proc/iomem: nothing of region 14 left"
	devdax_pins
	devdax_odirect
}
# devdax_pins: unbind and delete_region wait for a device's pinned pages.
# kds-devdax pin holds one page of dax14.0 by get_user_pages (vmsplice:
# a pipe keeps the page's reference until it is read) with the file closed
# and the mapping gone. Unbind and delete_region must still be waiting 2 s
# later, and return once the pipe is read; the page must read back. With
# the bound (kds.dax_pin_wait_ms) made 300 ms, unbind returns with a
# warning and the memory stays reserved (the range in /proc/iomem under
# dax14.0's name, a bind and a new region over it EBUSY, kds.ko held)
# until the pin goes, even past the region's deletion.
PIN_REL=/tmp/kds.pin.release PIN_OUT=/tmp/kds.pin.out PIN_DONE=/tmp/kds.pin.done
# pin_start DEV WHAT: a page of /dev/DEV pinned by kds-devdax pin
pin_start() {
	local i=0
	rm -f $PIN_REL $PIN_OUT $PIN_DONE
	kds-devdax pin /dev/$1 $PIN_REL >$PIN_OUT 2>&1 &
	pin_pid=$!
	while ! grep -q '^devdax: pin: ' $PIN_OUT && [ $i -lt 100 ]; do
		usleep 100000
		i=$((i + 1))
	done
	expect_eq "$2: a page of $1 pinned (vmsplice)" "$(devdax_line $PIN_OUT pin)" pinned
}
# pin_release WHAT: the pipe read; the page's bytes must be intact
pin_release() {
	touch $PIN_REL
	wait $pin_pid
	check $? "$1: kds-devdax pin exits 0"
	expect_eq "$1: the pinned page reads back" "$(devdax_line $PIN_OUT 'pinned page')" "reads back"
}
# in_flight FILE TEXT: echo TEXT into FILE in the background; its exit
# status lands in $PIN_DONE, and the uptime it returned at in $PIN_DONE.at
# (now_cs); in_flight_t0 is the uptime it started at
in_flight() {
	in_flight_t0=$(now_cs)
	rm -f $PIN_DONE $PIN_DONE.at
	( { echo "$2" >"$1"; } 2>/dev/null; st=$?; now_cs >$PIN_DONE.at; echo $st >$PIN_DONE ) &
}
# now_cs: the guest's uptime in hundredths of a second
now_cs() { awk '{ printf "%d\n", $1 * 100 }' /proc/uptime; }
# released_count: how often dax14.0 said its pinned pages were released
# within the bound (not "still pinned after": a wait that ended at its
# bound must not pass for one a release ended)
released_count() { dmesg | grep -c 'dax14.0: its pinned pages were released$'; }
# rmmod_at_once WHAT: rmmod kds must be refused, and at once (within 1 s),
# while a page of a device may be pinned: unload never waits for pins
rmmod_at_once() {
	local t0 t1
	t0=$(now_cs)
	rmmod kds 2>/dev/null
	t1=$(now_cs)
	check "$(grep -q '^kds ' /proc/modules; echo $?)" "$1: rmmod kds refused"
	check "$([ $((t1 - t0)) -lt 100 ]; echo $?)" "$1: rmmod kds answered at once ($((t1 - t0))0 ms)"
}
# let_go WHAT LETS: a parked hold of dax14.0 is given back within 3 s of
# its last pin going: the range gone from /proc/iomem, and the message
# that says so logged once more than LETS times
let_go() {
	local i=0
	while grep -q 'dax14.0' /proc/iomem && [ $i -lt 30 ]; do
		usleep 100000
		i=$((i + 1))
	done
	check "$(grep -qE 'dax14.0' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"$1: /proc/iomem: the range let go"
	expect_eq "$1: a message says the memory was let go" \
		"$(dmesg | grep -c 'kds dax: dax14.0: its pinned pages were released: its memory is let go')" $(($2 + 1))
}
# done_within SECONDS: $PIN_DONE's status once it appears ("pending" if not)
done_within() {
	local i=0
	while [ ! -s $PIN_DONE ] && [ $i -lt $(($1 * 10)) ]; do
		usleep 100000
		i=$((i + 1))
	done
	cat $PIN_DONE 2>/dev/null || echo pending
}
# before_bound WHAT: the write in_flight made returned well before the 10 s
# bound of kds.dax_pin_wait_ms: a release ended its wait, not the bound
# (however slow the guest, a wait that ran to the bound takes 10 s)
before_bound() {
	local ms=$(( ($(cat $PIN_DONE.at 2>/dev/null || echo 99999999) - in_flight_t0) * 10 ))
	check "$([ $ms -lt 9000 ]; echo $?)" "$1 returned $ms ms after it began, before the 10 s bound"
}
# devdax_odirect: the same wait for an O_DIRECT read whose buffer is a
# page of dax14.0. The block layer pins the page (get_user_pages) while
# the read is in flight; a device-mapper device over $BLK, suspended with
# --noflush, queues the read's bio until it is resumed, so the read stays
# in flight for as long as the test wants. Unbind must still be waiting
# 2 s later and return once the read completes; the bytes read must have
# landed in dax14.0's memory (read back after a new bind).
devdax_odirect() {
	local D14=$B/devices/dax14.0 spec="14 0x10000000 0x8000000 0x1000 0"
	local pid waits i st dm rels dmsetup="dmsetup --noudevsync"
	export DM_DISABLE_UDEV=1
	dd if=/dev/urandom of=/tmp/kds.odirect bs=4096 count=1 2>/dev/null
	dd if=/tmp/kds.odirect of=$BLK bs=4096 count=1 conv=fsync 2>/dev/null
	check $? "O_DIRECT hold: a page written to $BLK"
	$dmsetup create kds-hold --table "0 2048 linear $BLK 0" >/dev/null 2>&1
	check $? "dmsetup create kds-hold (linear over $BLK)"
	dm=$(grep -lx kds-hold /sys/block/dm-*/dm/name 2>/dev/null | head -n 1)
	dm=/dev/${dm#/sys/block/}
	dm=${dm%/dm/name}
	check "$([ -b "$dm" ]; echo $?)" "O_DIRECT hold: kds-hold is $dm"
	$dmsetup suspend --noflush kds-hold >/dev/null 2>&1
	check $? "dmsetup suspend --noflush kds-hold (its I/O queued)"
	waits=$(dmesg | grep -c 'dax14.0: waiting up to 10000 ms for its pinned pages')
	expect_write "O_DIRECT hold: create region 14 (align 4 KiB)" ok $B/create_region "$spec"
	kds-devdax odirect-hold /dev/dax14.0 "$dm" >/tmp/kds.odh 2>&1 &
	pid=$!
	# asleep in the read (D): the page pinned, the bio queued
	i=0
	st=
	while [ "$st" != D ] && [ $i -lt 100 ]; do
		usleep 100000
		i=$((i + 1))
		st=$(awk '{ print $3 }' /proc/$pid/stat 2>/dev/null)
	done
	expect_eq "O_DIRECT hold: the read into dax14.0 waits on the suspended device" \
		"$(devdax_line /tmp/kds.odh odirect-hold) $st" "reading D"
	rm -f $PIN_DONE
	rels=$(released_count)
	in_flight $B/drivers/kds_device_dax/unbind dax14.0
	sleep 2
	expect_eq "unbind of dax14.0 still waiting 2 s later, an O_DIRECT read in flight" \
		"$(cat $PIN_DONE 2>/dev/null || echo pending)" pending
	expect_eq "unbind said once that it waits" \
		"$(dmesg | grep -c 'dax14.0: waiting up to 10000 ms for its pinned pages')" $((waits + 1))
	$dmsetup resume kds-hold >/dev/null 2>&1
	check $? "dmsetup resume kds-hold (the read goes on)"
	wait $pid
	check $? "kds-devdax odirect-hold exits 0"
	expect_eq "the O_DIRECT read completed" "$(devdax_line /tmp/kds.odh 'O_DIRECT read held in flight')" ok
	expect_eq "unbind of dax14.0 returned ok once the read completed" "$(done_within 5)" 0
	before_bound "unbind of dax14.0 (an O_DIRECT read)"
	expect_eq "unbind said the pages were released (not its bound)" "$(released_count)" $((rels + 1))
	expect_write "bind dax14.0 again after the O_DIRECT read" ok $B/drivers/kds_device_dax/bind dax14.0
	expect_eq "the page read landed in dax14.0's memory" \
		"$(kds-devdax cmp /dev/dax14.0 4096 /tmp/kds.odirect)" "devdax: cmp: same"
	expect_write "delete region 14" ok $B/delete_region 14
	devdax_odirect_parked "$dm"
	$dmsetup remove kds-hold >/dev/null 2>&1
	check $? "dmsetup remove kds-hold"
}
# devdax_odirect_parked DM: an O_DIRECT read into a page of dax14.0 in
# flight (in a thread of its own, the device unmapped and closed by
# another: the pinned page is all that is left) past the bound of unbind, then the region deleted, then
# the read completed. The completion dirties the page through its
# ->mapping, the device's address space: the parked hold keeps the
# device's inode, so this is no use after free (KASAN in the debug
# guest). kds.ko refuses unload at once throughout, the memory stays
# reserved until the read completes, and the bytes land in it.
devdax_odirect_parked() {
	local dm=$1 spec="14 0x10000000 0x8000000 0x1000 0" P=/sys/module/kds/parameters/dax_pin_wait_ms
	local pid i ref lets dmsetup="dmsetup --noudevsync"
	dd if=/dev/urandom of=/tmp/kds.odirect bs=4096 count=1 2>/dev/null
	dd if=/tmp/kds.odirect of=$BLK bs=4096 count=1 conv=fsync 2>/dev/null
	check $? "O_DIRECT parked: a new page written to $BLK"
	ref=$(attr /sys/module/kds/refcnt)
	lets=$(dmesg | grep -c 'kds dax: dax14.0: its pinned pages were released: its memory is let go')
	expect_write "O_DIRECT parked: kds.dax_pin_wait_ms=300" ok $P 300
	expect_write "O_DIRECT parked: create region 14 (align 4 KiB)" ok $B/create_region "$spec"
	$dmsetup suspend --noflush kds-hold >/dev/null 2>&1
	check $? "O_DIRECT parked: dmsetup suspend --noflush kds-hold"
	kds-devdax odirect-park /dev/dax14.0 "$dm" >/tmp/kds.odp 2>&1 &
	pid=$!
	i=0
	while ! grep -q '^devdax: odirect-park: ' /tmp/kds.odp && [ $i -lt 100 ]; do
		usleep 100000
		i=$((i + 1))
	done
	expect_eq "O_DIRECT parked: the read in flight, dax14.0 unmapped and closed" \
		"$(devdax_line /tmp/kds.odp odirect-park)" "in flight, unmapped and closed"
	rmmod_at_once "O_DIRECT parked, dax14.0 closed"
	expect_write "O_DIRECT parked: unbind dax14.0 past the bound" ok $B/drivers/kds_device_dax/unbind dax14.0
	expect_write "O_DIRECT parked: delete region 14, the read still in flight" ok $B/delete_region 14
	check "$([ ! -e $B/devices/dax14.0 ]; echo $?)" "O_DIRECT parked: dax14.0 gone"
	check "$(grep -qE '^ +10000000-17ffffff : dax14.0$' /proc/iomem; echo $?)" \
		"O_DIRECT parked: the range still reserved while the read is in flight"
	rmmod_at_once "O_DIRECT parked, the region deleted"
	$dmsetup resume kds-hold >/dev/null 2>&1
	check $? "O_DIRECT parked: dmsetup resume kds-hold (the read completes)"
	wait $pid
	check $? "kds-devdax odirect-park exits 0"
	expect_eq "O_DIRECT parked: the read completed into the parked page" \
		"$(devdax_line /tmp/kds.odp 'O_DIRECT read parked')" ok
	let_go "O_DIRECT parked: once the read completed" "$lets"
	expect_eq "O_DIRECT parked: kds.ko's references back to $ref (unload possible)" \
		"$(attr /sys/module/kds/refcnt)" "$ref"
	expect_write "O_DIRECT parked: kds.dax_pin_wait_ms back to 10000" ok $P 10000
	expect_write "O_DIRECT parked: create region 14 again" ok $B/create_region "$spec"
	expect_eq "O_DIRECT parked: the page read landed in the memory" \
		"$(kds-devdax cmp /dev/dax14.0 4096 /tmp/kds.odirect)" "devdax: cmp: same"
	expect_write "O_DIRECT parked: delete region 14" ok $B/delete_region 14
}
devdax_pins() {
	local D14=$B/devices/dax14.0 P=/sys/module/kds/parameters/dax_pin_wait_ms
	local spec="14 0x10000000 0x8000000 0x1000 0" w waits warns lets i ref rels t0 t1
	w=$(attr $P)
	expect_eq "kds.dax_pin_wait_ms: 10 s by default" "$w" 10000
	waits=$(dmesg | grep -c 'dax14.0: waiting up to 10000 ms for its pinned pages')
	ref=$(attr /sys/module/kds/refcnt)
	expect_write "pins: create region 14 (align 4 KiB)" ok $B/create_region "$spec"
	pin_start dax14.0 "unbind"
	rmmod_at_once "a page of dax14.0 pinned, the device closed"
	rels=$(released_count)
	in_flight $B/drivers/kds_device_dax/unbind dax14.0
	sleep 2
	expect_eq "unbind of dax14.0 still waiting 2 s later, a page pinned" "$(cat $PIN_DONE 2>/dev/null || echo pending)" pending
	expect_eq "unbind said once that it waits" \
		"$(dmesg | grep -c 'dax14.0: waiting up to 10000 ms for its pinned pages')" $((waits + 1))
	pin_release "unbind"
	expect_eq "unbind of dax14.0 returned ok once the pin went" "$(done_within 5)" 0
	before_bound "unbind of dax14.0 (a pin)"
	expect_eq "unbind said the pages were released (not its bound)" "$(released_count)" $((rels + 1))
	expect_eq "dax14.0 unbound" "$(drv_of $D14)" none
	expect_eq "kds.ko's references back to $ref once dax14.0 is unbound" \
		"$(attr /sys/module/kds/refcnt)" "$ref"
	check "$(grep -qE 'dax14.0' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"/proc/iomem: device_dax let dax14.0's range go"

	expect_write "bind dax14.0 again" ok $B/drivers/kds_device_dax/bind dax14.0
	pin_start dax14.0 "delete_region"
	rels=$(released_count)
	in_flight $B/delete_region 14
	sleep 2
	expect_eq "delete_region 14 still waiting 2 s later, a page pinned" "$(cat $PIN_DONE 2>/dev/null || echo pending)" pending
	# the wait holds up no other region's create or delete
	t0=$(now_cs)
	expect_write "create region 16 while delete_region 14 waits" ok $B/create_region "16 0x1040000000 0x8000000 0x200000 0"
	expect_write "delete region 16 while delete_region 14 waits" ok $B/delete_region 16
	t1=$(now_cs)
	check "$([ $((t1 - t0)) -lt 100 ]; echo $?)" "region 16 made and deleted at once beside the waiting delete ($((t1 - t0))0 ms)"
	expect_write "a second delete_region 14 while the first waits" EBUSY $B/delete_region 14
	expect_write "create region 14 while its delete waits" EEXIST $B/create_region "$spec"
	expect_eq "delete_region 14 still waiting" "$(cat $PIN_DONE 2>/dev/null || echo pending)" pending
	pin_release "delete_region"
	expect_eq "delete_region 14 returned ok once the pin went" "$(done_within 5)" 0
	before_bound "delete_region 14 (a pin)"
	expect_eq "delete_region said the pages were released (not its bound)" "$(released_count)" $((rels + 1))
	check "$(grep -qE 'dax14.0|kds_dax_region14' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"/proc/iomem: nothing of region 14 left"

	warns=$(dmesg | grep -c 'dax14.0: pages still pinned after 300 ms: its memory stays reserved until they are released')
	lets=$(dmesg | grep -c 'kds dax: dax14.0: its pinned pages were released: its memory is let go')
	expect_write "kds.dax_pin_wait_ms=300" ok $P 300
	expect_write "pins: create region 14 again" ok $B/create_region "$spec"
	pin_start dax14.0 "the bound"
	expect_write "unbind dax14.0, a page pinned past the bound" ok $B/drivers/kds_device_dax/unbind dax14.0
	expect_eq "unbind warned that the memory stays reserved" \
		"$(dmesg | grep -c 'dax14.0: pages still pinned after 300 ms: its memory stays reserved until they are released')" $((warns + 1))
	check "$(grep -qE '^ +10000000-17ffffff : dax14.0$' /proc/iomem; echo $?)" \
		"/proc/iomem: dax14.0's range still reserved while pinned"
	expect_write "bind dax14.0 while its memory is reserved" EBUSY $B/drivers/kds_device_dax/bind dax14.0
	rmmod_at_once "dax14.0's memory reserved for a pin"
	expect_write "delete region 14 while its memory is reserved" ok $B/delete_region 14
	expect_write "create region 14 over the reserved range" EBUSY $B/create_region "$spec"
	# memory failure on the parked page (the pinned one, dax14.0's second
	# page): the kernel reads the page's ->mapping, the deleted device's
	# address space, which the parked hold keeps; the pinning process maps
	# nothing and must not be signalled (pin_release: it exits 0)
	if [ "$MEMORY_FAILURE" = y ]; then
		expect_write "hard_offline_page on the parked, pinned page" ok \
			/sys/devices/system/memory/hard_offline_page 0x10001000
	else
		say "sysfs: memory failure on a parked page not run: the kernel has no CONFIG_MEMORY_FAILURE"
	fi
	pin_release "the bound"
	let_go "the bound: once the pin went" "$lets"
	expect_write "kds.dax_pin_wait_ms back to $w" ok $P "$w"
	expect_eq "kds.ko's references back to $ref once the parked memory is let go" \
		"$(attr /sys/module/kds/refcnt)" "$ref"
	expect_write "create region 14 once the pin went" ok $B/create_region "$spec"
	expect_eq "dax14.0 bound to kds_device_dax" "$(drv_of $D14)" kds_device_dax
	expect_write "delete region 14" ok $B/delete_region 14
}
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
# compare_sides KIND WHAT: /tmp/linux.KIND (Linux's answers) against
# /tmp/kds.KIND (kds's), lines "KIND: ...": shown (kds's first lines and
# the diff's), then exactly the lines of /lib/kds/linux_differs.KIND may
# differ, and they must. Where this kernel's Linux answers otherwise and
# kds keeps its own answer by design (dax_bus/README.md's differences
# table), the difference is written out for the kernel's series in
# kernel/vm/linux_differs/ (run.sh packs it).
compare_sides() {
	local k=$1
	sed 's/^/kds-vm: /' /tmp/kds.$k | head -n 60
	diff /tmp/linux.$k /tmp/kds.$k | head -n 20
	diff /tmp/linux.$k /tmp/kds.$k | grep "^[-+]$k: " >/tmp/$k.differs
	check "$(cmp -s /tmp/$k.differs /lib/kds/linux_differs.$k; echo $?)" \
		"$2, but for $(grep -c '^-' /lib/kds/linux_differs.$k) difference(s) by design ($(grep -c "^$k: " /tmp/kds.$k) steps)"
}
# both_sides KIND WHAT LINE...: each "KIND: LINE" in both sides' answers
# (a reference that fails, or a write helper that writes nothing, does
# not pass as "the same")
both_sides() {
	local k=$1 what=$2 w side
	shift 2
	for w in "$@"; do
		for side in linux kds; do
			check "$(grep -qxF "$k: $w" /tmp/$side.$k; echo $?)" "$what, $side: $w"
		done
	done
}
# side_answer KIND R STEP TEXT: "KIND: STEP: TEXT" with region R's device
# names written daxR.N and kds's driver name as Linux's, so that the two
# sides' answers compare line by line
side_answer() {
	echo "$1: $3: $(echo "$4" | sed -e "s/dax$2\./daxR./g" -e 's/kds_device_dax/device_dax/g')"
}
# dyn_steps REGION_DIR DEVICES_DIR R DRIVER_DIR BASE SIZE: the writes of
# daxctl's reconfigure-device --size, create-device and destroy-device
# (and the refusals around them) on dynamic region R, one answer a line,
# device names as daxR.N and addresses relative to BASE.
dyn_steps() {
	local RD=$1 P=$2 r=$3 DRV=$4 base=$5 size=$6 d0 d1 q h
	d0=$P/dax$r.0
	d1=$P/dax$r.1
	q=$((size / 4))
	h=$((size / 2))
	dyn() { side_answer dyn $r "$@"; }
	[ "$(drv_of $d0)" = none ] || dyn "unbind dax.0" "$(sd_write $DRV/unbind dax$r.0)"
	dyn "dax.0" "$(sd_layout $d0 $base) $(drv_of $d0)"
	dyn "available, seed" "$(attr $RD/available_size) '$(attr $RD/seed)'"
	dyn "size dax.0 off the align" "$(sd_write $d0/size 4096)"
	dyn "size dax.0 past the region" "$(sd_write $d0/size $((size * 2)))"
	dyn "size dax.0 half" "$(sd_write $d0/size $h)"
	dyn "dax.0" "$(sd_layout $d0 $base)"
	dyn "available" "$(attr $RD/available_size)"
	dyn "create 2" "$(sd_write $RD/create 2)"
	dyn "create 1" "$(sd_write $RD/create 1)"
	dyn "seed, create" "$(attr $RD/seed) $(attr $RD/create)"
	dyn "dax.1" "$(sd_layout $d1 $base) $(drv_of $d1)"
	dyn "bind dax.1 of size 0" "$(sd_write $DRV/bind dax$r.1)"
	# a whole 2 MiB one page past the align: Linux takes it (its faults
	# would map the aligned-down unit), kds refuses it (differences table)
	dyn "mapping dax.1 start off the align" "$(sd_write $d1/mapping $(printf '%x-%x' $((base + h + 0x1000)) $((base + h + 0x200fff))))"
	dyn "size dax.1 0 after it" "$(sd_write $d1/size 0)"
	dyn "dax.1 after it" "$(sd_layout $d1 $base)"
	dyn "mapping dax.1 over dax.0" "$(sd_write $d1/mapping $(printf '%x-%x' $((base + h - 0x200000)) $((base + h + 0x1fffff))))"
	dyn "mapping dax.1 off the align" "$(sd_write $d1/mapping $(printf '%x-%x' $((base + h + q)) $((base + h + q + 0xfffff))))"
	dyn "mapping dax.1 the last quarter" "$(sd_write $d1/mapping $(printf '%#x-%#x' $((base + h + q)) $((base + size - 1))))"
	dyn "size dax.1 grows into the third quarter" "$(sd_write $d1/size $h)"
	dyn "dax.1" "$(sd_layout $d1 $base)"
	dyn "available" "$(attr $RD/available_size)"
	dyn "create with nothing left" "$(sd_write $RD/create 1)"
	dyn "align dax.1 12345" "$(sd_write $d1/align 12345)"
	dyn "align dax.1 x" "$(sd_write $d1/align x)"
	dyn "align dax.1 4096" "$(sd_write $d1/align 4096)"
	dyn "size dax.1 less 4 KiB (under the 2 MiB step)" "$(sd_write $d1/size $((h - 4096)))"
	dyn "align dax.1 1 GiB, not dividing" "$(sd_write $d1/align 1073741824)"
	dyn "align dax.1" "$(attr $d1/align)"
	dyn "size dax.1 less 2 MiB" "$(sd_write $d1/size $((h - 2097152)))"
	dyn "dax.1" "$(sd_layout $d1 $base)"
	dyn "size dax.1 back" "$(sd_write $d1/size $h)"
	dyn "align dax.1 2 MiB" "$(sd_write $d1/align 2097152)"
	dyn "bind dax.1" "$(sd_write $DRV/bind dax$r.1)"
	dyn "dax.1 driver, seed" "$(drv_of $d1) '$(attr $RD/seed)'"
	dyn "size of bound dax.1" "$(sd_write $d1/size $q)"
	dyn "align of bound dax.1" "$(sd_write $d1/align 4096)"
	dyn "delete bound dax.1" "$(sd_write $RD/delete dax$r.1)"
	dyn "unbind dax.1" "$(sd_write $DRV/unbind dax$r.1)"
	dyn "delete dax.1 with a size" "$(sd_write $RD/delete dax$r.1)"
	dyn "size dax.1 0" "$(sd_write $d1/size 0)"
	dyn "delete no such device" "$(sd_write $RD/delete dax$r.9)"
	dyn "delete dax.1" "$(sd_write $RD/delete dax$r.1)"
	dyn "dax.1 gone" "$([ -e $d1 ] && echo present || echo gone)"
	dyn "size dax.0 0" "$(sd_write $d0/size 0)"
	dyn "delete dax.0" "$(sd_write $RD/delete dax$r.0)"
	dyn "available, create" "$(attr $RD/available_size) '$(attr $RD/create)'"
	dyn "size dax.0 whole" "$(sd_write $d0/size $size)"
	dyn "dax.0" "$(sd_layout $d0 $base)"
	dyn "bind dax.0" "$(sd_write $DRV/bind dax$r.0)"
}
# attr_set DIR: "name mode" of each file of DIR (not its folders or links)
attr_set() {
	local f
	for f in "$1"/*; do
		[ -f "$f" ] && [ ! -L "$f" ] && echo "${f##*/} $(stat -c %a "$f")"
	done | sort
}
# kds's own files beside Linux's, on a device and in a region's dax_region
# group (dax_bus/README.md: kmem_range and backing on every device, the
# region's target_node): exactly these, the rest as on the kernel it runs on
KDS_DEV_EXTRAS="backing kmem_range"
KDS_REGION_EXTRAS="target_node"
# attr_sets_compare LDEV LREGION KDEV KREGION: the files of Linux's device
# and of its region's dax_region group against kds's over the same range:
# every file Linux has, kds has with the same mode; kds has no other than
# its extras. A file the kernel's bus grows fails here by name.
attr_sets_compare() {
	local what l k extras missing more
	for what in dev region; do
		if [ $what = dev ]; then
			l=$1 k=$3 extras=$KDS_DEV_EXTRAS
		else
			l=$2 k=$4 extras=$KDS_REGION_EXTRAS
		fi
		attr_set "$l" >/tmp/linux.attrs
		attr_set "$k" >/tmp/kds.attrs
		check "$([ -s /tmp/linux.attrs ]; echo $?)" "attribute sets ($what): Linux's has files ($(wc -l </tmp/linux.attrs))"
		# (busybox has no comm: whole lines of one file not in the other)
		missing=$(grep -vxF -f /tmp/kds.attrs /tmp/linux.attrs | tr '\n' ' ')
		expect_eq "attribute sets ($what): every file of Linux's, with its mode, on kds's" "$missing" ""
		more=$(grep -vxF -f /tmp/linux.attrs /tmp/kds.attrs | cut -d' ' -f1 | tr '\n' ' ')
		expect_eq "attribute sets ($what): kds's own files are its documented extras" "$more" "$(echo $extras) "
	done
	# memmap_on_memory: where the kernel's devices have it (6.8+), kds's do
	if [ -e "$1/memmap_on_memory" ]; then
		say "sysfs: memmap_on_memory: Linux's and kds's devices have it on $(uname -r)"
	else
		check "$([ ! -e "$3/memmap_on_memory" ]; echo $?)" "memmap_on_memory: neither Linux's nor kds's device has it on $(uname -r)"
	fi
}
# memmap_compare SIZE: where the kernel offers memmap_on_memory, Linux's
# kmem and kds_kmem hot-add the same range (the first 128 MiB block of
# Linux's dax0.0 and of kds's dax16.0, one after the other) with the
# device's memmap_on_memory at 1 and at 0, and online it: the memmap on
# the memory shows as usable memory (MemTotal) short of the block by the
# same amount on both sides, and unbind gives everything back.
memmap_compare() {
	local L0=$L/devices/dax0.0 K=$B/devices/dax16.0 side dev drv bus m got nb mt
	[ -e $L0/memmap_on_memory ] || return 0
	mb() { ls -d /sys/devices/system/memory/memory* 2>/dev/null | wc -l; }
	memtotal_kb() { sed -n 's/^MemTotal: *\([0-9]*\) kB$/\1/p' /proc/meminfo; }
	expect_eq "memmap_on_memory: the kernel can (memory_hotplug.memmap_on_memory=1)" \
		"$(cat /sys/module/memory_hotplug/parameters/memmap_on_memory 2>/dev/null)" Y
	expect_write "memmap_on_memory: unbind kds's dax16.0" ok $B/drivers/kds_device_dax/unbind dax16.0
	expect_write "memmap_on_memory: dax16.0 one block" ok $K/size 134217728
	expect_eq "memmap_on_memory: Linux's dax0.0 unbound (for kds's region 16)" "$(drv_of $L0)" none
	expect_write "memmap_on_memory: Linux's dax0.0 size 0" ok $L0/size 0
	expect_write "memmap_on_memory: Linux's dax0.0 one block" ok $L0/size 134217728
	for side in linux kds; do
		if [ $side = linux ]; then dev=$L0 drv=$L/drivers/kmem bus=dax0.0
		else dev=$K drv=$B/drivers/kds_kmem bus=dax16.0; fi
		for m in 1 0; do
			nb=$(mb)
			mt=$(memtotal_kb)
			expect_write "memmap_on_memory=$m on $side's $bus" ok $dev/memmap_on_memory $m
			expect_write "$side: bind $bus to kmem (memmap_on_memory=$m)" ok $drv/bind $bus
			expect_write "$side: memmap_on_memory=$((1 - m)) while kmem holds $bus" EBUSY $dev/memmap_on_memory $((1 - m))
			expect_eq "$side: one block hot-added" "$(mb)" $((nb + 1))
			expect_write "$side: online it" ok /sys/devices/system/memory/memory2/state online_movable
			got=$(( $(memtotal_kb) - mt ))
			echo "$side $m $got" >>/tmp/memmap.kb
			expect_write "$side: offline it" ok /sys/devices/system/memory/memory2/state offline
			expect_write "$side: unbind $bus from kmem" ok $drv/unbind $bus
			expect_eq "$side: the block and MemTotal given back" "$(mb) $(memtotal_kb)" "$nb $mt"
		done
	done
	say "sysfs: memmap_on_memory: MemTotal grew by (kB): $(tr '\n' ',' </tmp/memmap.kb)"
	expect_eq "memmap_on_memory=1: kds_kmem's block gives the usable memory Linux's kmem gives" \
		"$(sed -n 's/^kds 1 //p' /tmp/memmap.kb)" "$(sed -n 's/^linux 1 //p' /tmp/memmap.kb)"
	expect_eq "memmap_on_memory=0: likewise" \
		"$(sed -n 's/^kds 0 //p' /tmp/memmap.kb)" "$(sed -n 's/^linux 0 //p' /tmp/memmap.kb)"
	check "$([ "$(sed -n 's/^kds 1 //p' /tmp/memmap.kb)" -lt "$(sed -n 's/^kds 0 //p' /tmp/memmap.kb)" ]; echo $?)" \
		"memmap_on_memory=1: the memmap on the memory leaves less of the block usable"
	rm -f /tmp/memmap.kb
	expect_write "memmap_on_memory: Linux's dax0.0 back to 0, then its whole region" ok $L0/size 0
	expect_write "memmap_on_memory: Linux's dax0.0 its whole region" ok $L0/size "$1"
}
# dyn_compare: the same writes on Linux's dynamic region (dax_hmem's
# dax0.0) and on a kds dynamic region over the same range, one after the
# other: the same answers.
dyn_compare() {
	local L0=$L/devices/dax0.0 al sz rd
	al=$(attr $L0/align)
	sz=$(attr $L0/size)
	rd=$(readlink -f $L0)/../dax_region
	dyn_steps "$rd" $L/devices 0 $L/drivers/device_dax 0x10000000 "$sz" >/tmp/linux.dyn
	expect_eq "Linux's dax0.0 bound again after the steps" "$(drv_of $L0)" device_dax
	expect_write "unbind Linux's dax0.0 for kds's dynamic region" ok $L/drivers/device_dax/unbind dax0.0
	expect_write "create region 16 (dynamic$LKIND) over the same range" ok \
		$B/create_region "16 0x10000000 $sz $al 0 dynamic$LKIND"
	to_devdax dax16.0
	dyn_steps /sys/devices/kds_dax_region16/dax_region $B/devices 16 \
		$B/drivers/kds_device_dax 0x10000000 "$sz" >/tmp/kds.dyn
	attr_sets_compare $L0 "$rd" $B/devices/dax16.0 /sys/devices/kds_dax_region16/dax_region
	memmap_compare "$sz"
	expect_write "delete region 16" ok $B/delete_region 16
	expect_write "bind Linux's dax0.0 again after region 16" ok $L/drivers/device_dax/bind dax0.0
	compare_sides dyn "dynamic region: every write answers on kds's region 16 as on Linux's region 0"
	# the steps that must succeed, on both sides
	both_sides dyn "dynamic region" "size dax.0 half: ok" "create 1: ok" \
		"mapping dax.1 the last quarter: ok" "size dax.1 grows into the third quarter: ok" \
		"align dax.1 4096: ok" "size dax.1 less 2 MiB: ok" "size dax.1 back: ok" \
		"align dax.1 2 MiB: ok" "size dax.1 0: ok" "delete dax.1: ok" "size dax.0 0: ok" \
		"size dax.0 whole: ok" "bind dax.0: ok"
	# and the layout they make: dax.1 the last quarter, then the third
	# (addresses from the region's start, page offsets in pages)
	want="dyn: dax.1: $((sz / 2)); $(printf '0x%x-0x%x@0x0 0x%x-0x%x@0x%x' \
		$((sz / 2 + sz / 4)) $((sz - 1)) $((sz / 2)) $((sz / 2 + sz / 4 - 1)) $((sz / 4 / 4096)))"
	for side in linux kds; do
		check "$(grep -qxF "$want" /tmp/$side.dyn; echo $?)" "dynamic region, $side: $want"
	done
	expect_eq "dynamic region: as many steps on both sides" \
		"$(grep -c '^dyn: ' /tmp/kds.dyn)" "$(grep -c '^dyn: ' /tmp/linux.dyn)"
}
# align_steps DEVICES_DIR R DRIVER_DIR BASE SIZE: a 1 GiB align on a
# device of dynamic region R, which spans SIZE bytes at BASE, 128 MiB past
# a 1 GiB boundary (run.sh's second soft-reserved range); the writes of
# daxctl reconfigure-device --size/--align, one answer a line, addresses
# less BASE. The whole region is stamped every 128 MiB at a 2 MiB align,
# then the device gets 1 GiB at a 1 GiB align and each 128 MiB of its
# mapping is read: the stamp there must be that of its own place in the
# region. Linux takes the region's start, off the align, and its 1 GiB
# fault maps the unit below it: 128 MiB of System RAM, then the device's
# first 896 MiB (linux_differs/*.align). kds skips to the next 1 GiB of
# the region and refuses an align its range does not start on.
align_steps() {
	local P=$1 r=$2 DRV=$3 base=$4 size=$5 d dev first g=1073741824 step=134217728
	d=$P/dax$r.0
	dev=/dev/dax$r.0
	al() { side_answer align $r "$@"; }
	[ "$(drv_of $d)" = none ] || al "unbind" "$(sd_write $DRV/unbind dax$r.0)"
	al "size 0" "$(sd_write $d/size 0)"
	al "align 2 MiB" "$(sd_write $d/align 2097152)"
	al "size the whole region" "$(sd_write $d/size $size)"
	al "layout" "$(sd_layout $d $base)"
	al "bind" "$(sd_write $DRV/bind dax$r.0)"
	kds-devdax units $dev $size $step 0 stamp $r | sed 's/^devdax: /align: stamp: /'
	al "unbind after the stamps" "$(sd_write $DRV/unbind dax$r.0)"
	al "size 1 GiB" "$(sd_write $d/size $g)"
	al "layout" "$(sd_layout $d $base)"
	al "align 1 GiB over a range 128 MiB past a 1 GiB boundary" "$(sd_write $d/align $g)"
	al "size 0 again" "$(sd_write $d/size 0)"
	al "align 1 GiB" "$(sd_write $d/align $g)"
	al "size 1 GiB at a 1 GiB align" "$(sd_write $d/size $g)"
	al "layout" "$(sd_layout $d $base)"
	first=$(attr $d/mapping0/start)
	case $first in 0x*) first=$((first - base)) ;; *) first=0 ;; esac
	al "bind at a 1 GiB align" "$(sd_write $DRV/bind dax$r.0)"
	kds-devdax units $dev $g $step $first read $r | sed 's/^devdax: /align: read: /'
	al "unbind after the reads" "$(sd_write $DRV/unbind dax$r.0)"
	al "size 0 at last" "$(sd_write $d/size 0)"
	al "align 2 MiB at last" "$(sd_write $d/align 2097152)"
	al "size the whole region at last" "$(sd_write $d/size $size)"
}
# align_compare: align_steps on Linux's dax_hmem region over the second
# soft-reserved range (dax1.0) and on a kds dynamic region over the same
# range: the same answers, but for linux_differs/*.align, which shows
# Linux's 1 GiB fault mapping memory outside its device.
align_compare() {
	local L1=$L/devices/dax1.0 base=${ALIGN_RANGE% *} size=${ALIGN_RANGE#* } l1drv w
	[ -n "$ALIGN_RANGE" ] || { check 1 "run.sh set aside the range of the 1 GiB align (ALIGN_RANGE)"; return; }
	check "$([ -e $L1 ]; echo $?)" "the kernel's dax bus has dax1.0 (dax_hmem, the range of the 1 GiB align)"
	# 6.3 on: kmem is dax_hmem's default, and refuses this range, which
	# lies in no NUMA node; device_dax takes it by its id
	l1drv=$(drv_of $L1)
	say "sysfs: Linux binds dax_hmem's dax1.0 to $l1drv by default on $(uname -r)"
	case $l1drv in
	device_dax) ;;
	*)
		[ "$l1drv" = none ] ||
			expect_write "unbind Linux's dax1.0 from $l1drv" ok $L/drivers/$l1drv/unbind dax1.0
		expect_write "new_id dax1.0 on Linux's device_dax" ok $L/drivers/device_dax/new_id dax1.0 ;;
	esac
	expect_eq "Linux's dax1.0 bound to device_dax" "$(drv_of $L1)" device_dax
	align_steps $L/devices 1 $L/drivers/device_dax $base $size >/tmp/linux.align
	# what Linux's first unit begins with: the 128 MiB below its device
	check "$(sed -n 's/^\([0-9a-f]*\)-\([0-9a-f]*\) : System RAM$/\1 \2/p' /proc/iomem |
		while read -r lo hi; do
			[ $((0x$lo)) -le $((base - 0x8000000)) ] && [ $((0x$hi)) -ge $((base - 1)) ] && echo in
		done | grep -q in; echo $?)" \
		"the 128 MiB below Linux's dax1.0 are System RAM"
	expect_write "create region 18 (dynamic$LKIND) over the same range" ok \
		$B/create_region "18 $base $size 0x200000 0 dynamic$LKIND"
	to_devdax dax18.0
	align_steps $B/devices 18 $B/drivers/kds_device_dax $base $size >/tmp/kds.align
	expect_write "delete region 18" ok $B/delete_region 18
	expect_write "bind Linux's dax1.0 again after region 18" ok $L/drivers/device_dax/bind dax1.0
	compare_sides align "1 GiB align: every write answers on kds's region 18 as on Linux's region 1"
	# the steps that must succeed on both sides
	both_sides align "1 GiB align" "size the whole region: ok" "bind: ok" \
		"stamp: units stamped: 15 of 15" "stamp: units SIGBUS: 0" "size 1 GiB: ok" \
		"size 0 again: ok" "align 1 GiB: ok" "size 1 GiB at a 1 GiB align: ok" \
		"bind at a 1 GiB align: ok" "read: units SIGBUS: 0" "size the whole region at last: ok"
	# kds: every 128 MiB of its 1 GiB unit is its own, mapped by one fault
	for w in "read: units holding their own stamp: 8 of 8" "read: units faults: 1"; do
		check "$(grep -qxF "align: $w" /tmp/kds.align; echo $?)" "1 GiB align, kds: $w"
	done
}
# devdax_compare: the same calls on Linux's device_dax (dax_hmem's dax0.0)
# and on kds's device_dax over the same range, one after the other, and
# the same answers. Then who may hold the range: a driver running the
# device holds it (the other's bind fails), an unbound one does not.
devdax_compare() {
	local L0=$L/devices/dax0.0 D14=$B/devices/dax14.0 al sz
	al=$(attr $L0/align)
	sz=$(attr $L0/size)
	expect_eq "dax0.0 bound to device_dax before the comparison" "$(drv_of $L0)" device_dax
	kds-devdax check /dev/dax0.0 "$al" "$sz" $BLK >/tmp/linux.devdax
	check $? "kds-devdax check on Linux's dax0.0"
	kds-devdax teardown /dev/dax0.0 "$al" "$sz" $L/drivers/device_dax/unbind dax0.0 >>/tmp/linux.devdax
	check $? "kds-devdax teardown on Linux's dax0.0 (unbinds it)"
	expect_eq "dax0.0 unbound" "$(drv_of $L0)" none
	devdax_pte
	expect_write "create region 14 over the range Linux's device_dax let go" ok \
		$B/create_region "14 0x10000000 $sz $al 0"
	expect_eq "dax14.0 bound to kds_device_dax" "$(drv_of $D14)" kds_device_dax
	kds-devdax check /dev/dax14.0 "$al" "$sz" $BLK >/tmp/kds.devdax
	check $? "kds-devdax check on kds's dax14.0"
	exec 3</dev/dax14.0
	rmmod kds 2>/dev/null
	check "$(grep -q '^kds ' /proc/modules; echo $?)" "rmmod kds refused while /dev/dax14.0 is open"
	exec 3<&-
	kds-devdax teardown /dev/dax14.0 "$al" "$sz" $B/drivers/kds_device_dax/unbind dax14.0 >>/tmp/kds.devdax
	check $? "kds-devdax teardown on dax14.0 (unbinds it)"
	check "$(grep -qE ' : dax14.0$' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"/proc/iomem: unbind gave dax14.0's pin back"
	grep -hE '^devdax: not ok' /tmp/linux.devdax /tmp/kds.devdax
	head -n 40 /tmp/kds.devdax | sed 's/^/kds-vm: kds /'
	diff /tmp/linux.devdax /tmp/kds.devdax | head -n 20
	# exactly the differences by design (kernel/vm/linux_differs/*.devdax)
	diff /tmp/linux.devdax /tmp/kds.devdax | grep '^[-+]devdax: ' >/tmp/devdax.differs
	check "$(cmp -s /tmp/devdax.differs /lib/kds/linux_differs.devdax; echo $?)" \
		"device-dax: every call answers on kds's dax14.0 as on Linux's dax0.0, but for $(grep -c '^-' /lib/kds/linux_differs.devdax) difference(s) by design ($(grep -c '^devdax: ' /tmp/kds.devdax) calls)"
	check "$(grep -qxF 'devdax: O_DIRECT read into the mapping: ok' /tmp/kds.devdax; echo $?)" \
		"device-dax: O_DIRECT from and into kds's mapping"
	check "$(grep -qxF 'devdax: hwpoison a mapped page: child killed by SIGBUS' /tmp/kds.devdax; echo $?)" \
		"device-dax: memory failure on a page of kds's mapping signals the process mapping it"
	[ "$(grep -c '^devdax: ' /tmp/kds.devdax)" -ge 32 ] ||
		check 1 "device-dax: too few calls recorded"
	# unbound, dax14.0 holds nothing a driver could not take
	expect_write "bind Linux's dax0.0 while dax14.0 is unbound" ok $L/drivers/device_dax/bind dax0.0
	expect_write "bind dax14.0 while Linux's device_dax runs the range" EBUSY \
		$B/drivers/kds_device_dax/bind dax14.0
	check "$(dmesg | grep -q 'dax14.0: could not reserve its range'; echo $?)" \
		"the refused probe says why, once"
	expect_write "unbind Linux's dax0.0" ok $L/drivers/device_dax/unbind dax0.0
	expect_write "bind dax14.0 again after its refused probe" ok $B/drivers/kds_device_dax/bind dax14.0
	expect_write "bind Linux's dax0.0 while kds's device_dax holds the range" EBUSY \
		$L/drivers/device_dax/bind dax0.0
	expect_write "delete region 14 (bound)" ok $B/delete_region 14
	# Linux 6.1's device_dax keeps a freed page map after a refused probe
	# and refuses every later bind (kds binds again, above)
	expect_write "bind Linux's dax0.0 after its refused probe (6.1 refuses)" EINVAL \
		$L/drivers/device_dax/bind dax0.0
	check "$(dmesg | grep -q 'dax0.0: dynamic-dax with pre-populated page map'; echo $?)" \
		"Linux 6.1 says why it refuses dax0.0 now"
}

if [ "$kds_loaded" = 1 ] && [ -d $B ]; then
	insmod /lib/kds/brd.ko rd_nr=1 rd_size=1024
	check $? "insmod brd.ko (/dev/ram0, for O_DIRECT)"
	[ -b /dev/ram0 ] && BLK=/dev/ram0
	insmod /lib/kds/dm-mod.ko
	check $? "insmod dm-mod.ko (device mapper, to hold an O_DIRECT read)"
	D=$B/devices/dax7.0
	R=/sys/devices/kds_dax_region7/dax_region
	expect_write "create region 7" ok $B/create_region "7 0x1004000000 0x18000000 0x200000 0"
	check "$([ -d $D ]; echo $?)" "dax7.0 appears on the bus"
	expect_eq "dax7.0 bound to the default driver" "$(drv_of $D)" kds_device_dax
	expect_eq "dax7.0 modalias" "$(attr $D/modalias)" dax:t0
	expect_eq "dax7.0 size" "$(attr $D/size)" 402653184
	expect_eq "dax7.0 target_node" "$(attr $D/target_node)" 0
	expect_eq "dax7.0 kmem_range unbound" "$(attr $D/kmem_range)" none
	expect_eq "dax7.0 lies in no resource: modelled" "$(attr $D/backing)" modelled
	expect_eq "region 7 id" "$(attr $R/id)" 7
	expect_eq "region 7 size" "$(attr $R/size)" 402653184
	expect_eq "region 7 align" "$(attr $R/align)" 2097152
	expect_eq "region 7 target_node" "$(attr $R/target_node)" 0
	check "$(grep -qx MODALIAS=dax:t0 $D/uevent; echo $?)" "dax7.0 uevent has MODALIAS=dax:t0"
	# a file that shows a physical address is root-only; the rest read-only for all
	expect_eq "dax7.0 kmem_range is root-only" "$(mode_of $D/kmem_range)" 400
	for f in modalias size target_node; do
		expect_eq "dax7.0 $f mode" "$(mode_of $D/$f)" 444
	done
	for f in id size target_node; do
		expect_eq "region 7 $f mode" "$(mode_of $R/$f)" 444
	done
	expect_eq "region 7 align is root-only, as Linux's" "$(mode_of $R/align)" 400
	for f in create_region delete_region; do
		expect_eq "$f is root-only, write-only" "$(mode_of $B/$f)" 200
	done
	expect_eq "an unprivileged user reads dax7.0 size" "$(as_nobody cat $D/size)" 402653184
	check "$(as_nobody cat $D/kmem_range >/dev/null; [ $? != 0 ]; echo $?)" \
		"an unprivileged user cannot read kmem_range"
	# daxctl reconfigure-device --mode=system-ram, 5.1 style
	expect_write "unbind dax7.0 from kds_device_dax" ok $B/drivers/kds_device_dax/unbind dax7.0
	expect_eq "dax7.0 unbound" "$(drv_of $D)" none
	expect_write "bind dax7.0 to kds_kmem without an id" ENODEV $B/drivers/kds_kmem/bind dax7.0
	expect_eq "dax7.0 still unbound" "$(drv_of $D)" none
	expect_write "new_id dax7.0 on kds_kmem" ok $B/drivers/kds_kmem/new_id dax7.0
	expect_eq "new_id bound dax7.0 to kds_kmem" "$(drv_of $D)" kds_kmem
	expect_eq "kds_kmem range (whole 128 MiB blocks)" "$(attr $D/kmem_range)" "0x1008000000 0x10000000"
	expect_write "remove_id dax7.0 on kds_kmem" ok $B/drivers/kds_kmem/remove_id dax7.0
	expect_eq "dax7.0 stays bound to kds_kmem" "$(drv_of $D)" kds_kmem
	expect_write "unbind dax7.0 from kds_kmem" ok $B/drivers/kds_kmem/unbind dax7.0
	expect_eq "kmem_range cleared on unbind" "$(attr $D/kmem_range)" none
	expect_write "bind dax7.0 back to kds_device_dax" ok $B/drivers/kds_device_dax/bind dax7.0
	expect_eq "dax7.0 bound to kds_device_dax again" "$(drv_of $D)" kds_device_dax

	# a region without a target node: target_node hidden, kmem refuses it
	D8=$B/devices/dax8.0
	expect_write "create region 8 (node -1)" ok $B/create_region "8 0x1020000000 0x8000000 0x1000 -1"
	check "$([ ! -e $D8/target_node ]; echo $?)" "dax8.0 target_node hidden"
	check "$([ ! -e /sys/devices/kds_dax_region8/dax_region/target_node ]; echo $?)" "region 8 target_node hidden"
	expect_eq "region 8 align" "$(attr /sys/devices/kds_dax_region8/dax_region/align)" 4096
	expect_write "unbind dax8.0" ok $B/drivers/kds_device_dax/unbind dax8.0
	expect_write "new_id dax8.0 on kds_kmem" ok $B/drivers/kds_kmem/new_id dax8.0
	expect_eq "kds_kmem refuses an unknown node" "$(drv_of $D8)" none
	expect_write "delete region 8" ok $B/delete_region 8
	check "$([ ! -e $D8 ]; echo $?)" "dax8.0 gone"

	# bad control input
	expect_write "create region 7 again" EEXIST $B/create_region "7 0x0 0x200000 0x200000 0"
	expect_write "create region: not numbers" EINVAL $B/create_region "x y"
	expect_write "create region: trailing junk" EINVAL $B/create_region "9 0 0x200000 0x200000 0 junk"
	expect_write "create region: start not aligned" EINVAL $B/create_region "9 0x1000 0x200000 0x200000 0"
	# refused before any memory is touched: an align device_dax cannot
	# map with, a range memremap_pages() cannot take whole (a subsection)
	expect_write "create region: align 1 KiB" EINVAL $B/create_region "9 0x1040000000 0x200000 0x400 0"
	expect_write "create region: align 8 KiB" EINVAL $B/create_region "9 0x1040000000 0x200000 0x2000 0"
	expect_write "create region: start off the subsection" EINVAL $B/create_region "9 0x1040001000 0x200000 0x1000 0"
	expect_write "create region: size off the subsection" EINVAL $B/create_region "9 0x1040000000 0x201000 0x1000 0"
	check "$([ ! -e /sys/devices/kds_dax_region9 ]; echo $?)" "no region 9 after the refusals"
	# System RAM, whole or in part, is refused with -EBUSY (create_region
	# takes physical addresses): the first System RAM range of at least
	# 16 MiB in /proc/iomem gives a block inside it and one across its end
	read -r ram_s ram_e <<EOF_RAM
$(sed -n 's/^ *\([0-9a-f]*\)-\([0-9a-f]*\) : System RAM$/\1 \2/p' /proc/iomem |
	while read -r a b; do [ $((0x$b - 0x$a)) -ge $((0x1000000)) ] && { echo "0x$a 0x$b"; break; }; done)
EOF_RAM
	ram_in=$(printf 0x%x $(( (ram_s + 0x1fffff) & ~0x1fffff )))
	ram_across=$(printf 0x%x $(( ((ram_e + 1) & ~0x1fffff) - 0x200000 )))
	for spec in "12 $ram_in 0x200000 0x200000 0" "12 $ram_across 0x400000 0x200000 0"; do
		err=$( { echo "$spec" >$B/create_region; } 2>&1 ) && got=ok || got=$err
		case $got in *"resource busy"*) got=EBUSY ;; esac
		expect_eq "create region over System RAM ($spec)" "$got" EBUSY
	done
	check "$([ ! -e $B/devices/dax12.0 ] && [ ! -e /sys/devices/kds_dax_region12 ]; echo $?)" \
		"System RAM refused: no region 12 registered"
	# Other owners' ranges are refused too, with nothing registered: a
	# device window (the first PCI bus window of at least 4 MiB) and a
	# range only partly inside the soft-reserved memory (run.sh's memmap=
	# sets 0x10000000-0x17ffffff aside).
	read -r pci_s pci_e <<EOF_PCI
$(sed -n 's/^\([0-9a-f]*\)-\([0-9a-f]*\) : PCI Bus .*/0x\1 0x\2/p' /proc/iomem |
	while read -r a b; do [ $((b - a)) -ge $((0x400000)) ] && { echo "$a $b"; break; }; done)
EOF_PCI
	if [ -n "$pci_s" ]; then
		spec="13 $(printf 0x%x $(( (pci_s + 0x1fffff) & ~0x1fffff ))) 0x200000 0x200000 0"
		err=$( { echo "$spec" >$B/create_region; } 2>&1 ) && got=ok || got=$err
		case $got in *"resource busy"*) got=EBUSY ;; esac
		expect_eq "create region inside a PCI bus window ($spec)" "$got" EBUSY
	else
		check 1 "a PCI bus window of at least 4 MiB in /proc/iomem"
	fi
	sr=$(sed -n 's/^ *\([0-9a-f]*\)-\([0-9a-f]*\) : Soft Reserved$/0x\1-0x\2/p' /proc/iomem | head -n 1)
	expect_eq "run.sh's memmap= made 0x10000000-0x17ffffff Soft Reserved (under hmem.0 where dax_hmem runs)" "$sr" "0x10000000-0x17ffffff"
	[ "$sr" = "0x10000000-0x17ffffff" ] ||
		sed -n '1,40s/^/kds-vm: sysfs: iomem: /p' /proc/iomem
	spec="13 0x17e00000 0x400000 0x200000 0"
	err=$( { echo "$spec" >$B/create_region; } 2>&1 ) && got=ok || got=$err
	case $got in *"resource busy"*) got=EBUSY ;; esac
	expect_eq "create region half in Soft Reserved, half in System RAM ($spec)" "$got" EBUSY
	check "$([ ! -e $B/devices/dax13.0 ] && [ ! -e /sys/devices/kds_dax_region13 ]; echo $?)" \
		"other owners' ranges refused: no region 13 registered"
	# Legacy persistent memory (run.sh's memmap=128M!0x20000000, in guests
	# of 1 GiB or more): real, unused, hot-added and removed like the
	# soft-reserved range below.
	if grep -q 'memmap=128M!0x20000000' /proc/cmdline; then
		D17=$B/devices/dax17.0
		check "$(grep -q '^20000000-27ffffff : Persistent Memory (legacy)$' /proc/iomem; echo $?)" \
			"memmap=128M!0x20000000 made 0x20000000-0x27ffffff legacy persistent memory"
		nb=$(ls -d /sys/devices/system/memory/memory* | wc -l)
		expect_write "create region 17 over legacy persistent memory" ok $B/create_region "17 0x20000000 0x8000000 0x200000 0"
		expect_eq "dax17.0 is memory kds_kmem hot-adds" "$(attr $D17/backing)" memory
		expect_write "unbind dax17.0" ok $B/drivers/kds_device_dax/unbind dax17.0
		expect_write "new_id dax17.0 on kds_kmem" ok $B/drivers/kds_kmem/new_id dax17.0
		expect_eq "kds_kmem hot-added the legacy pmem block" "$(ls -d /sys/devices/system/memory/memory* | wc -l) $(cat /sys/devices/system/memory/memory4/state 2>/dev/null)" "$((nb + 1)) offline"
		check "$(grep -q '^  20000000-27ffffff : kds_dax_region17$' /proc/iomem && grep -q '^      20000000-27ffffff : System RAM (kds_kmem)$' /proc/iomem; echo $?)" \
			"/proc/iomem: System RAM (kds_kmem) under dax17.0 under region 17 under Persistent Memory (legacy)"
		expect_write "delete region 17 (kds_kmem unbinds, the block goes)" ok $B/delete_region 17
		expect_eq "the legacy pmem block removed" "$(ls -d /sys/devices/system/memory/memory* | wc -l)" "$nb"
		check "$(grep -qE 'dax17.0|kds_kmem' /proc/iomem; [ $? != 0 ]; echo $?)" \
			"/proc/iomem: nothing of region 17 left"
	else
		say "sysfs: no legacy persistent memory here (run.sh adds memmap=128M!0x20000000 to guests of 1 GiB or more)"
	fi
	# The soft-reserved range itself: the kernel's dax_hmem holds it where
	# it is loaded (refused, nothing registered); elsewhere it is real,
	# unused memory that kds_kmem hot-adds as System RAM and removes again.
	D14=$B/devices/dax14.0
	spec="14 0x10000000 0x8000000 0x200000 0"
	if [ -e /lib/kds/dax_hmem.ko ]; then
		err=$( { echo "$spec" >$B/create_region; } 2>&1 ) && got=ok || got=$err
		case $got in *"resource busy"*) got=EBUSY ;; esac
		expect_eq "create region over the range dax_hmem holds ($spec)" "$got" EBUSY
		check "$([ ! -e $D14 ] && [ ! -e /sys/devices/kds_dax_region14 ]; echo $?)" \
			"a range dax_hmem holds: no region 14 registered"
	else
		blocks() { ls -d /sys/devices/system/memory/memory* 2>/dev/null | wc -l; }
		memtotal() { sed -n 's/^MemTotal: *\([0-9]*\) kB$/\1/p' /proc/meminfo; }
		nb=$(blocks)
		mt=$(memtotal)
		devdax_pte
		expect_write "create region 14 over the Soft Reserved range" ok $B/create_region "$spec"
		expect_eq "dax14.0 is memory kds_kmem hot-adds" "$(attr $D14/backing)" memory
		expect_write "unbind dax14.0" ok $B/drivers/kds_device_dax/unbind dax14.0
		expect_write "new_id dax14.0 on kds_kmem" ok $B/drivers/kds_kmem/new_id dax14.0
		expect_eq "dax14.0 bound to kds_kmem" "$(drv_of $D14)" kds_kmem
		expect_eq "kds_kmem hot-added one 128 MiB memory block" "$(blocks)" $((nb + 1))
		check "$(grep -q '^  10000000-17ffffff : kds_dax_region14$' /proc/iomem && grep -q '^    10000000-17ffffff : dax14.0$' /proc/iomem && grep -q '^      10000000-17ffffff : System RAM (kds_kmem)$' /proc/iomem; echo $?)" \
			"/proc/iomem: region 14 holds the range, dax14.0 (kds_kmem) inside, System RAM (kds_kmem) under it"
		expect_eq "the new block is offline (memhp_default_state=offline)" \
			"$(cat /sys/devices/system/memory/memory2/state 2>/dev/null)" offline
		expect_eq "MemTotal unchanged while the block is offline" "$(memtotal)" "$mt"
		expect_write "create region 15 over the range kds_kmem holds" EBUSY $B/create_region "15 0x10000000 0x8000000 0x200000 0"
		expect_write "unbind dax14.0 from kds_kmem" ok $B/drivers/kds_kmem/unbind dax14.0
		expect_eq "unbind removed the block" "$(blocks)" "$nb"
		check "$(grep -qE 'dax14.0|kds_kmem' /proc/iomem; [ $? != 0 ]; echo $?)" \
			"/proc/iomem: nothing of dax14.0 left after unbind"
		expect_eq "kmem_range cleared" "$(attr $D14/kmem_range)" none
		expect_write "bind dax14.0 to kds_kmem again" ok $B/drivers/kds_kmem/bind dax14.0
		expect_eq "dax14.0 on kds_kmem again: the range came back" "$(drv_of $D14)" kds_kmem
		expect_eq "one block again" "$(blocks)" $((nb + 1))
		expect_write "delete region 14 (kds_kmem unbinds, the block goes)" ok $B/delete_region 14
		expect_eq "delete_region removed the block" "$(blocks)" "$nb"
		check "$(grep -qE 'dax14.0|kds_kmem' /proc/iomem; [ $? != 0 ]; echo $?)" \
			"/proc/iomem: nothing of region 14 left"
	fi
	expect_write "delete an unknown region" ENOENT $B/delete_region 99
	# the compatibility class /sys/class/dax, kds's beside the kernel's bus
	# (6.1 has no dax class): a class region's device is there, not on kds_dax
	expect_write "create region with a sixth word other than 'class'" EINVAL $B/create_region "16 0x1060000000 0x8000000 0x200000 0 clas"
	# the kind words: class alone; dynamic and kmem each at most once
	expect_write "create region: 'class' with 'kmem'" EINVAL $B/create_region "16 0x1060000000 0x8000000 0x200000 0 class kmem"
	expect_write "create region: 'kmem' twice" EINVAL $B/create_region "16 0x1060000000 0x8000000 0x200000 0 kmem kmem"
	expect_write "create region: 'dynamic' twice" EINVAL $B/create_region "16 0x1060000000 0x8000000 0x200000 0 dynamic dynamic"
	expect_write "create region: eight words" EINVAL $B/create_region "16 0x1060000000 0x8000000 0x200000 0 dynamic kmem kmem"
	check "$([ ! -e /sys/devices/kds_dax_region16 ] && [ ! -e /sys/class/kds_dax ]; echo $?)" \
		"no region 16 after the refusals, no class named kds_dax"
	# a kmem region (Linux 6.3+'s dax_hmem kind): its device binds kds_kmem
	expect_write "create region 16 'kmem dynamic'" ok $B/create_region "16 0x1060000000 0x8000000 0x200000 0 kmem dynamic"
	expect_eq "dax16.0 of a kmem region bound to kds_kmem" "$(drv_of $B/devices/dax16.0)" kds_kmem
	expect_write "bind dax16.0 to kds_device_dax without an id" ENODEV $B/drivers/kds_device_dax/bind dax16.0
	expect_write "delete region 16 (kmem)" ok $B/delete_region 16
	expect_write "create region 16 with 'class' on kds_dax" ok $B/create_region "16 0x1060000000 0x8000000 0x200000 0 class"
	check "$([ -e /sys/class/dax/dax16.0 ] && [ ! -e $B/devices/dax16.0 ] && [ -c /dev/dax16.0 ]; echo $?)" \
		"dax16.0 in /sys/class/dax (not on kds_dax), with /dev/dax16.0"
	expect_eq "dax16.0's subsystem" "$(readlink -f /sys/class/dax/dax16.0/subsystem)" /sys/class/dax
	expect_eq "dax16.0's size through /sys/dev/char (what fio reads)" \
		"$(attr /sys/dev/char/$(attr /sys/class/dax/dax16.0/dev)/size)" 134217728
	expect_write "delete region 16" ok $B/delete_region 16
	check "$([ -d /sys/class/dax ] && [ ! -e /sys/class/dax/dax16.0 ] && [ ! -e /dev/dax16.0 ]; echo $?)" \
		"region 16 deleted: /sys/class/dax stays, empty of it"
	# more devices than 256 minors: each has its character device
	expect_write "create region 19 (dynamic)" ok $B/create_region "19 0x1080000000 0x8000000 0x200000 0 dynamic"
	expect_write "unbind dax19.0" ok $B/drivers/kds_device_dax/unbind dax19.0
	expect_write "size dax19.0 0" ok $B/devices/dax19.0/size 0
	made=0
	while [ $made -lt 299 ] && echo 1 >/sys/devices/kds_dax_region19/dax_region/create 2>/dev/null; do
		made=$((made + 1))
	done
	expect_eq "region 19: 299 creates" "$made" 299
	check "$([ -c /dev/dax19.299 ] && [ "$(attr $B/devices/dax19.299/dev)" != "$(attr $B/devices/dax19.0/dev)" ]; echo $?)" \
		"dax19.299, the 300th device, has its own character device ($(attr $B/devices/dax19.299/dev))"
	expect_eq "region 19: 300 distinct device numbers" \
		"$(cat $B/devices/dax19.*/dev 2>/dev/null | sort -u | wc -l)" 300
	expect_write "delete region 19" ok $B/delete_region 19
	check "$([ ! -e /dev/dax19.299 ] && [ ! -e $B/devices/dax19.0 ]; echo $?)" "region 19's devices gone"
	# an injected failure of a mapping<N> object (kds.dax_fail_mapping=N):
	# a region whose first device cannot get its object is not created,
	# a size or mapping store takes its change back, and none of it leaves
	# a kernel warning (nor, in the debug guest, a lockdep report: the
	# device is removed only after the region's lock is dropped)
	FM=/sys/module/kds/parameters/dax_fail_mapping
	R20=/sys/devices/kds_dax_region20/dax_region
	D20=$B/devices/dax20.0
	D21=$B/devices/dax20.1
	nwarn=$(dmesg | grep -c 'WARNING:')
	echo 1 >$FM
	expect_eq "create region 20 (dynamic) with its mapping0 failing: ENOMEM" \
		"$(sd_write $B/create_region "20 0x10a0000000 0x8000000 0x200000 0 dynamic")" ENOMEM
	check "$([ ! -e /sys/devices/kds_dax_region20 ] && [ ! -e $D20 ]; echo $?)" "no region 20 after the failure"
	expect_write "create region 20 (dynamic)" ok $B/create_region "20 0x10a0000000 0x8000000 0x200000 0 dynamic"
	expect_eq "dax20.0 spans region 20 with its mapping0" "$(sd_layout $D20 0x10a0000000)" "134217728; 0x0-0x7ffffff@0x0"
	expect_write "unbind dax20.0" ok $B/drivers/kds_device_dax/unbind dax20.0
	expect_write "size dax20.0 32 MiB" ok $D20/size 33554432
	expect_write "create on region 20" ok $R20/create 1
	echo 1 >$FM
	expect_eq "size dax20.1 32 MiB with its mapping0 failing: ENOMEM" "$(sd_write $D21/size 33554432)" ENOMEM
	expect_eq "dax20.1 after the failed size: nothing" "$(sd_layout $D21)" "0;"
	echo 1 >$FM
	expect_eq "mapping dax20.1 with its mapping0 failing: ENOMEM" \
		"$(sd_write $D21/mapping 0x10a4000000-0x10a5ffffff)" ENOMEM
	expect_eq "dax20.1 after the failed mapping: nothing" "$(sd_layout $D21)" "0;"
	expect_eq "region 20: 96 MiB available after the failures" "$(attr $R20/available_size)" 100663296
	expect_eq "kds.dax_fail_mapping spent" "$(attr $FM)" 0
	expect_write "size dax20.1 32 MiB" ok $D21/size 33554432
	expect_eq "dax20.1 with its mapping0" "$(sd_layout $D21 0x10a0000000)" "33554432; 0x2000000-0x3ffffff@0x0"
	expect_eq "no kernel warning from the failures" "$(dmesg | grep -c 'WARNING:')" "$nwarn"
	expect_write "delete region 20" ok $B/delete_region 20
	# one line, one optional trailing newline, nothing else
	expect_printf "create region 11 with printf, one newline" ok $B/create_region '11 0x1040000000 0x200000 0x200000 0\n'
	expect_write "delete region 11" ok $B/delete_region 11
	expect_printf "create region 11 with no newline" ok $B/create_region '11 0x1040000000 0x200000 0x200000 0'
	expect_write "delete region 11 again" ok $B/delete_region 11
	expect_printf "create region: a '+' sign on the id" EINVAL $B/create_region '+9 0x1040000000 0x200000 0x200000 0\n'
	expect_printf "create region: a '+' sign on the node" EINVAL $B/create_region '9 0x1040000000 0x200000 0x200000 +0\n'
	expect_printf "create region: a newline inside the line" EINVAL $B/create_region '9 0x1040000000\n 0x200000 0x200000 0\n'
	expect_printf "create region: two trailing newlines" EINVAL $B/create_region '9 0x1040000000 0x200000 0x200000 0\n\n'
	expect_printf "create region: three trailing newlines" EINVAL $B/create_region '9 0x1040000000 0x200000 0x200000 0\n\n\n'
	expect_printf "create region: a NUL after the line" EINVAL $B/create_region '9 0x1040000000 0x200000 0x200000 0\000'
	expect_printf "create region: a tab" EINVAL $B/create_region '9\t0x1040000000 0x200000 0x200000 0\n'
	expect_printf "create region: a leading space" EINVAL $B/create_region ' 9 0x1040000000 0x200000 0x200000 0\n'
	expect_printf "delete region: a '+' sign" EINVAL $B/delete_region '+7\n'
	expect_printf "delete region: two trailing newlines" EINVAL $B/delete_region '7\n\n'
	check "$([ ! -e $B/devices/dax9.0 ] && [ -e $D ]; echo $?)" "refused writes created and deleted nothing"
	# a region may end exactly at 2^64, not one byte further (the core's rule)
	D10=$B/devices/dax10.0
	expect_write "create region 10 ending exactly at 2^64" ok $B/create_region "10 0xfffffffff8000000 0x8000000 0x200000 0"
	expect_write "unbind dax10.0" ok $B/drivers/kds_device_dax/unbind dax10.0
	expect_write "new_id dax10.0 on kds_kmem" ok $B/drivers/kds_kmem/new_id dax10.0
	expect_eq "kds_kmem binds the block at the top" "$(drv_of $D10)" kds_kmem
	expect_eq "kds_kmem range at the top" "$(attr $D10/kmem_range)" "0xfffffffff8000000 0x8000000"
	expect_write "remove_id dax10.0 on kds_kmem" ok $B/drivers/kds_kmem/remove_id dax10.0
	expect_write "delete region 10" ok $B/delete_region 10
	expect_write "create region 10 one block past 2^64" EDOM $B/create_region "10 0xfffffffff8200000 0x8000000 0x200000 0"
	check "$([ ! -e $D10 ]; echo $?)" "no region 10 past 2^64"

	# the id table (dax_bus/tests/id_cases.h), on both id attributes of
	# kds_kmem, written with echo -n and with echo
	nskip=0
	while read -r rn re esc; do
		[ "$rn" = skip ] && { nskip=$((nskip + 1)); continue; }
		esc=${esc#x}
		for f in new_id remove_id; do
			for how in -ne -e; do
				want=$rn
				[ "$how" = -e ] && want=$re
				err=$( { echo $how "$esc" >$B/drivers/kds_kmem/$f; } 2>&1 ) && got=ok || got=FAIL
				[ "$got" = FAIL ] && case $err in *"Invalid argument"*) got=EINVAL ;; esac
				expect_eq "id table: echo $how '$esc' > $f" "$got" "$want"
			done
		done
	done </etc/kds-dax-ids
	say "sysfs: id table rows with a NUL skipped (a shell argument cannot carry one): $nskip"
	expect_eq "dax7.0 still bound to kds_device_dax" "$(drv_of $D)" kds_device_dax
	expect_write "delete region 7" ok $B/delete_region 7
	check "$([ ! -e $D ] && [ ! -e /sys/devices/kds_dax_region7 ]; echo $?)" "dax7.0 and its region gone"

	# ---- libdaxctl's exact writes (kernel/vm/daxctl.c, strlen + 1 bytes
	# each) on kds's bus and on the kernel's dax bus: the same answers and
	# the same bound driver after every step and every id-table row.
	L=/sys/bus/dax
	# Which driver Linux binds dax_hmem's dax0.0 to by default: device_dax
	# up to 6.2; from 6.3 on kmem (its region is of the kmem kind, its
	# memory left offline for daxctl or udev to online). kds's regions
	# that stand beside it are created of the same kind (LKIND), so that
	# kds follows the kernel it runs on; where it is kmem, both devices are
	# then moved to device_dax with the writes "daxctl reconfigure-device
	# --mode=devdax" makes, so every comparison starts as on 6.1.
	LKIND=
	if [ -e /lib/kds/dax_hmem.ko ]; then
		check "$([ -e $L/devices/dax0.0 ]; echo $?)" "the kernel's dax bus has dax0.0 (dax_hmem)"
		l0drv=$(drv_of $L/devices/dax0.0)
		say "sysfs: Linux binds dax_hmem's dax0.0 to $l0drv by default on $(uname -r)"
		case $l0drv in
		device_dax) ;;
		kmem)
			LKIND=" kmem"
			expect_write "unbind Linux's dax0.0 from its default kmem" ok $L/drivers/kmem/unbind dax0.0
			expect_write "new_id dax0.0 on Linux's device_dax" ok $L/drivers/device_dax/new_id dax0.0 ;;
		*)
			expect_eq "dax0.0 on the kernel's bus bound to device_dax or kmem" "$l0drv" device_dax ;;
		esac
	fi
	# to_devdax DEV: a kmem kind region's device to kds_device_dax, as above
	to_devdax() {
		[ -n "$LKIND" ] || return 0
		expect_eq "$1 bound to kds_kmem by default (a kmem region)" "$(drv_of $B/devices/$1)" kds_kmem
		expect_write "unbind $1 from kds_kmem" ok $B/drivers/kds_kmem/unbind $1
		expect_write "new_id $1 on kds_device_dax" ok $B/drivers/kds_device_dax/new_id $1
		expect_eq "$1 moved to kds_device_dax" "$(drv_of $B/devices/$1)" kds_device_dax
	}
	expect_write "create region 0" ok $B/create_region "0 0x1050000000 0x8000000 0x200000 0$LKIND"
	to_devdax dax0.0
	# twice: unbinding kmem gives the range back, so a second round trip
	# goes exactly as the first (as on the kernel's bus)
	{ kds-daxctl reconfigure $B dax0.0 kds_device_dax kds_kmem &&
		kds-daxctl reconfigure $B dax0.0 kds_device_dax kds_kmem; } >/tmp/kds.reconf
	check $? "daxctl reconfigure-device system-ram and back on kds_dax, twice"
	kds-daxctl ids kds $B dax0.0 kds_device_dax kds_kmem $LKIND >/tmp/kds.ids
	check $? "id table on kds_kmem: answers and bound driver"
	grep -hE '^kds-vm: daxctl: (not ok|[a-z]+ on)' /tmp/kds.reconf /tmp/kds.ids
	expect_write "delete region 0" ok $B/delete_region 0
	if [ -e /lib/kds/dax_hmem.ko ]; then
		expect_eq "dax0.0 on the kernel's bus bound to device_dax" "$(drv_of $L/devices/dax0.0)" device_dax
		{ kds-daxctl reconfigure $L dax0.0 device_dax kmem &&
			kds-daxctl reconfigure $L dax0.0 device_dax kmem; } >/tmp/linux.reconf
		check $? "daxctl reconfigure-device system-ram and back on the kernel's dax bus, twice"
		kds-daxctl ids linux $L dax0.0 device_dax kmem $LKIND >/tmp/linux.ids
		check $? "id table on the kernel's kmem: answers and bound driver"
		grep -hE '^kds-vm: daxctl: (not ok|[a-z]+ on)' /tmp/linux.reconf /tmp/linux.ids
		for f in reconf ids; do
			grep '^state:' /tmp/kds.$f >/tmp/kds.$f.state
			grep '^state:' /tmp/linux.$f >/tmp/linux.$f.state
			check "$(cmp -s /tmp/kds.$f.state /tmp/linux.$f.state; echo $?)" \
				"daxctl $f: kds_dax and the kernel's dax bus end each step in the same state"
			[ -s /tmp/kds.$f.state ] || check 1 "daxctl $f: no state recorded"
		done
		align_compare
		devdax_apps
		# before devdax_compare, whose refused probe leaves Linux's
		# dax0.0 unable to bind again (see dax_bus/README.md)
		dyn_compare
		devdax_compare
	elif [ -n "$NO_HMEM" ]; then
		say "sysfs: daxctl on the kernel's dax bus not run: $NO_HMEM"
	else
		check 1 "dax_hmem.ko in the image (run.sh packs it unless KDS_VM_NO_HMEM says why not)"
	fi

	# left for kds.ko's unload to tear down: a region bound to kds_kmem
	expect_write "create region 9" ok $B/create_region "9 0x1030000000 0x8000000 0x200000 0"
	expect_write "unbind dax9.0" ok $B/drivers/kds_device_dax/unbind dax9.0
	expect_write "new_id dax9.0 on kds_kmem" ok $B/drivers/kds_kmem/new_id dax9.0
	expect_eq "dax9.0 bound to kds_kmem" "$(drv_of $B/devices/dax9.0)" kds_kmem
	# (that no message of kds.ko names a physical address is check.awk's,
	# over the whole console: dmesg's ring buffer can lose the early ones)
	say "sysfs: $n checks, $nfail failed"
	[ "$nfail" = 0 ] || fail "sysfs: $nfail of $n checks failed"
	[ "$n" -ge 40 ] || fail "sysfs: only $n checks ran"
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
