# SPDX-License-Identifier: GPL-2.0
#
# pin_wait.sh - device_dax's pins over the test VM's devices: PTE maps, a
# page held by get_user_pages or by an O_DIRECT read in flight (held, then
# parked past its mapping), and what unbind, delete_region and rmmod do
# while it is held. Sourced by /init (kernel/vm/init.sh) from
# /lib/kds/stages/, where run.sh packs it. Defines functions only.

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
