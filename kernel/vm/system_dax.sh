# SPDX-License-Identifier: GPL-2.0
#
# system_dax.sh - kds.ko as the system's dax bus, in the test VM. Sourced by
# /init (kernel/vm/init.sh) as /lib/kds/system_dax.sh; defines two stages:
#
#   system_dax_first   run before anything else is loaded. When no "dax" bus
#                      exists (the debug kernel builds it as dax.ko), loads
#                      kds.ko with dax_bus_name=dax, checks the bus, the
#                      drivers, the device number and /dev node, the 6.1
#                      attributes, then drives it with the real daxctl
#                      (/bin/daxctl, packed by run.sh: a missing one fails),
#                      and unloads it; says how many checks it ran. When
#                      "dax" exists at boot (Debian's kernel has it built
#                      in), says it did not run and checks nothing.
#                      In a guest of another architecture (CORE, run.sh's
#                      core guest) the core stage runs instead: that
#                      architecture's daxctl over a region past 4 GiB
#                      (system_dax_core); "system-dax: core stage ran N
#                      check(s), F failed" ends it.
#   system_dax_refused run once a "dax" bus exists and kds.ko is unloaded:
#                      kds.ko dax_bus_name=dax must fail to load with one
#                      message, no sysfs duplicate-name dump, nothing left;
#                      a name kds does not know fails likewise.
#
# Every check prints "kds-vm: system-dax: ok WHAT" or fails the run with
# "kds-vm: FAIL: system-dax: WHAT".

sd_n=0
sd_ok() { sd_n=$((sd_n + 1)); say "system-dax: ok $sd_n $*"; }
sd_failed=0
sd_bad() { sd_n=$((sd_n + 1)); sd_failed=$((sd_failed + 1)); fail "system-dax: $sd_n $*"; }
# sd_check STATUS WHAT
sd_check() { if [ "$1" = 0 ]; then sd_ok "$2"; else sd_bad "$2"; fi; }
# sd_eq WHAT GOT WANT
sd_eq() {
	if [ "$2" = "$3" ]; then sd_ok "$1"; else sd_bad "$1 (got '$2', want '$3')"; fi
}
sd_attr() { cat "$1" 2>/dev/null || echo "<missing>"; }
sd_drv() { [ -L "$1/driver" ] && basename "$(readlink "$1/driver")" || echo none; }
sd_mode() { stat -c %a "$1" 2>/dev/null || echo "<missing>"; }
# sd_field JSON KEY: the value of "KEY":VALUE in one-line JSON (first one)
sd_field() { echo "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }

# Ends with "system-dax: first stage ran N check(s), F failed" (or "not
# run: WHY"): the debug-kernel test requires the count it knows
# (kernel/vm/vm_debug_test.sh), so a stage that stopped early or never
# ran cannot pass there.
system_dax_first() {
	local n0=$sd_n
	if [ -e /sys/bus/dax ]; then
		say "system-dax: first stage not run: the kernel's dax bus exists at boot (built in): kds.ko loads only beside it here"
		return 0
	fi
	sd_failed=0
	if [ -n "$CORE" ]; then
		system_dax_core
		say "system-dax: core stage ran $((sd_n - n0)) check(s), $sd_failed failed"
		return 0
	fi
	system_dax_first_checks
	say "system-dax: first stage ran $((sd_n - n0)) check(s), $sd_failed failed"
}

# The core stage (a guest of another architecture: no Soft Reserved
# memory there, and on i386 and arm64 6.1 no ZONE_DEVICE to map with):
# Debian's daxctl of that architecture (a 32-bit program on i386) reads
# and resizes a dynamic region of kds.ko's at 0x1030000000, in no
# resource, whose every address needs all 64 bits of phys_addr_t and of
# libdaxctl's fields; then the bus goes with kds.ko.
system_dax_core() {
	local B=/sys/bus/dax D=/sys/bus/dax/devices/dax9.0 out flat rc
	local R=/sys/devices/kds_dax_region9/dax_region
	[ -x /bin/daxctl ] || { sd_bad "daxctl is not in the initramfs (run.sh packs $CORE's)"; return 0; }
	out=$(daxctl version 2>&1) && rc=0 || rc=$?
	sd_check "$rc" "$CORE's daxctl runs ($(uname -m)): version $out"
	if ! insmod /lib/kds/kds.ko dax_bus_name=dax; then
		sd_bad "insmod kds.ko dax_bus_name=dax"
		return 0
	fi
	sd_check "$([ -d $B/drivers/device_dax ] && [ -d $B/drivers/kmem ] && [ ! -e /sys/bus/kds_dax ]; echo $?)" \
		"kds.ko registered bus dax with drivers device_dax and kmem, no kds_dax"
	sd_eq "create_region 9 0x1030000000 0x8000000 0x200000 0 dynamic" \
		"$(sd_write $B/create_region "9 0x1030000000 0x8000000 0x200000 0 dynamic")" ok
	# Bound where the kernel can map the range, refused with one line where
	# it cannot (core_guest.sh's region 8): daxctl's disable is for both.
	[ "$(sd_drv $D)" = none ] || echo dax9.0 >$B/drivers/device_dax/unbind
	sd_eq "dax9.0: the whole region, unbound" "$(sd_drv $D) $(sd_layout $D)" \
		"none 134217728; 0x1030000000-0x1037ffffff@0x0"

	out=$(daxctl list -r 9 -R -D -M 2>&1)
	sd_show "daxctl list -r 9 -R -D -M" "$out"
	flat=$(echo "$out" | tr -d ' \n\t')
	sd_eq "daxctl list: region id" "$(sd_field "$flat" id)" 9
	sd_eq "daxctl list: region size" "$(sd_field "$flat" size)" 134217728
	sd_eq "daxctl list: region align" "$(sd_field "$flat" align)" 2097152
	sd_eq "daxctl list: chardev" "$(sd_field "$flat" chardev)" dax9.0
	sd_check "$(case $flat in *'"mappings":[{"page_offset":0,"start":69524783104,"end":69659000831,"size":134217728}]'*) echo 0 ;; *) echo 1 ;; esac)" \
		"daxctl list: dax9.0's mapping 0x1030000000-0x1037ffffff, every bit"

	out=$(daxctl reconfigure-device -s 32M dax9.0 2>&1) && rc=0 || rc=$?
	sd_show "daxctl reconfigure -s 32M" "$out"
	sd_check "$rc" "daxctl reconfigure-device -s 32M dax9.0"
	sd_eq "dax9.0: 32 MiB at the region's start" "$(sd_layout $D)" "33554432; 0x1030000000-0x1031ffffff@0x0"
	sd_eq "region 9: 96 MiB available" "$(sd_attr $R/available_size)" 100663296
	out=$(daxctl list -r 9 -D -M 2>&1)
	flat=$(echo "$out" | tr -d ' \n\t')
	sd_check "$(case $flat in *'"mappings":[{"page_offset":0,"start":69524783104,"end":69558337535,"size":33554432}]'*) echo 0 ;; *) echo 1 ;; esac)" \
		"daxctl list: the 32 MiB mapping 0x1030000000-0x1031ffffff ($(echo "$flat" | head -c 300))"
	# past the region's end: refused, nothing changed
	sd_eq "size past the free space: ENOSPC" "$(sd_write $D/size 0x10000000)" ENOSPC
	sd_eq "after the refusal: dax9.0 unchanged" "$(sd_layout $D)" "33554432; 0x1030000000-0x1031ffffff@0x0"

	sd_eq "delete_region 9" "$(sd_write $B/delete_region 9)" ok
	sd_check "$([ ! -e $D ] && [ ! -e /sys/devices/kds_dax_region9 ]; echo $?)" "delete_region 9: dax9.0 and the region gone"
	rmmod kds || sd_bad "rmmod kds (dax_bus_name=dax)"
	sd_check "$([ ! -e $B ]; echo $?)" "rmmod kds: /sys/bus/dax gone, the name free for dax.ko"
	system_dax_core_done=1
}

system_dax_first_checks() {
	[ -x /bin/daxctl ] || { sd_bad "daxctl is not in the initramfs (run.sh packs it)"; return 0; }
	if ! insmod /lib/kds/kds.ko dax_bus_name=dax; then
		sd_bad "insmod kds.ko dax_bus_name=dax"
		return 0
	fi
	local B=/sys/bus/dax D R devno link out flat got before rc mt nb
	D=$B/devices/dax7.0
	R=/sys/devices/kds_dax_region7/dax_region
	sd_check "$([ -d $B/drivers/device_dax ] && [ -d $B/drivers/kmem ] && [ ! -e /sys/bus/kds_dax ]; echo $?)" \
		"kds.ko registered bus dax with drivers device_dax and kmem, no kds_dax"
	# region 7 is the soft-reserved range run.sh's memmap= sets aside:
	# real, unused memory, which kmem hot-adds
	echo "7 0x10000000 0x8000000 0x200000 0" >$B/create_region
	sd_check "$([ -d $D ]; echo $?)" "create_region 7: dax7.0 on /sys/bus/dax"
	sd_eq "dax7.0 is memory kmem hot-adds" "$(sd_attr $D/backing)" memory
	sd_eq "dax7.0 bound to device_dax" "$(sd_drv $D)" device_dax
	# the device number, the node devtmpfs made, and libdaxctl's subsystem test
	devno=$(sd_attr $D/dev)
	sd_check "$(echo "$devno" | grep -qE '^[0-9]+:[0-9]+$'; echo $?)" "dax7.0 has a device number ($devno)"
	sd_check "$([ -c /dev/dax7.0 ]; echo $?)" "/dev/dax7.0 is a character device"
	sd_eq "/dev/dax7.0 carries dax7.0's number" \
		"$(stat -c '%t:%T' /dev/dax7.0 2>/dev/null | awk -F: '{ printf "%d:%d", "0x" $1, "0x" $2 }')" "$devno"
	link=$(readlink -f /sys/dev/char/$devno/subsystem 2>/dev/null)
	sd_eq "/sys/dev/char/$devno/subsystem is /sys/bus/dax" "$link" /sys/bus/dax
	# the character device of a bound device opens; read(2) is EINVAL
	# (device-dax is mapped, never read), as on Linux's device_dax
	got=$(cat /dev/dax7.0 2>&1 >/dev/null)
	sd_check "$(case $got in *"Invalid argument"*) echo 0 ;; *) echo 1 ;; esac)" \
		"open /dev/dax7.0 succeeds and read fails with EINVAL ($got)"
	# the 6.1 files libdaxctl reads
	sd_eq "dax7.0 size" "$(sd_attr $D/size)" 134217728
	sd_eq "dax7.0 resource" "$(sd_attr $D/resource)" 0x10000000
	sd_eq "dax7.0 resource is root-only" "$(sd_mode $D/resource)" 400
	sd_eq "dax7.0 align" "$(sd_attr $D/align)" 2097152
	sd_eq "dax7.0 target_node" "$(sd_attr $D/target_node)" 0
	sd_eq "dax7.0 numa_node" "$(sd_attr $D/numa_node)" 0
	sd_eq "dax7.0 modalias" "$(sd_attr $D/modalias)" dax:t0
	sd_eq "region 7 id" "$(sd_attr $R/id)" 7
	sd_eq "region 7 size" "$(sd_attr $R/size)" 134217728
	sd_eq "region 7 align" "$(sd_attr $R/align)" 2097152
	sd_eq "region 7 available_size" "$(sd_attr $R/available_size)" 0

	# ---- the real daxctl
	out=$(daxctl list -R -D 2>&1)
	echo "$out" | head -n 40 | sed 's/^/kds-vm: system-dax: daxctl list: /'
	flat=$(echo "$out" | tr -d ' \n\t')
	case $flat in
	*'"devices":[{'*) sd_ok "daxctl list -R -D shows region 7 with its device" ;;
	*) sd_bad "daxctl list -R -D shows no device: $(echo "$flat" | head -c 300)" ;;
	esac
	sd_eq "daxctl list: region id" "$(sd_field "$flat" id)" "$(sd_attr $R/id)"
	sd_eq "daxctl list: region size" "$(sd_field "$flat" size)" "$(sd_attr $R/size)"
	sd_eq "daxctl list: region align" "$(sd_field "$flat" align)" "$(sd_attr $R/align)"
	got=$(echo "$flat" | sed -n 's/.*"devices":\[{\(.*\)/\1/p')
	sd_eq "daxctl list: chardev" "$(sd_field "$got" chardev)" dax7.0
	sd_eq "daxctl list: device size" "$(sd_field "$got" size)" "$(sd_attr $D/size)"
	sd_eq "daxctl list: device target_node" "$(sd_field "$got" target_node)" "$(sd_attr $D/target_node)"
	sd_eq "daxctl list: device align" "$(sd_field "$got" align)" "$(sd_attr $D/align)"
	sd_eq "daxctl list: device mode" "$(sd_field "$got" mode)" devdax

	# disable-device / enable-device
	out=$(daxctl disable-device dax7.0 2>&1)
	sd_check $? "daxctl disable-device dax7.0 ($out)"
	sd_eq "dax7.0 unbound after disable-device" "$(sd_drv $D)" none
	out=$(daxctl enable-device dax7.0 2>&1)
	sd_check $? "daxctl enable-device dax7.0 ($out)"
	sd_eq "dax7.0 bound to device_dax after enable-device" "$(sd_drv $D)" device_dax
	# a wrong device name: daxctl's error, nothing lost
	before=$(ls $B/devices)
	out=$(daxctl disable-device dax9.0 2>&1) && rc=0 || rc=$?
	sd_check "$([ "$rc" != 0 ]; echo $?)" "daxctl disable-device dax9.0 (no such device) fails ($rc): $out"
	out=$(daxctl enable-device dax7.5 2>&1) && rc=0 || rc=$?
	sd_check "$([ "$rc" != 0 ]; echo $?)" "daxctl enable-device dax7.5 (no such device) fails ($rc): $out"
	sd_eq "after the wrong names: dax7.0 still bound to device_dax" "$(sd_drv $D)" device_dax
	sd_eq "after the wrong names: the same devices" "$(ls $B/devices)" "$before"

	system_dax_memory
	system_dax_class
	echo 7 >$B/delete_region
	sd_check "$([ ! -e $D ] && [ ! -e /dev/dax7.0 ]; echo $?)" "delete_region 7: dax7.0 and /dev/dax7.0 gone"
	system_dax_dynamic
	system_dax_rmmod_race
}

# sd_show WHAT TEXT: daxctl's output, at most 20 lines, each prefixed; its
# own "WARNING:" is renamed so the console check does not take it for the
# kernel's
sd_show() {
	echo "$2" | head -n 20 | sed -e 's/WARNING:/warning (daxctl):/' -e "s/^/kds-vm: system-dax: $1: /"
}
# sd_first TEXT: the first line of TEXT, for a check's description
sd_first() { echo "$1" | head -n 1; }
sd_memtotal() { sed -n 's/^MemTotal: *\([0-9]*\) kB$/\1/p' /proc/meminfo; }
sd_blocks() { ls -d /sys/devices/system/memory/memory* 2>/dev/null | wc -l; }
# sd_movable_free: free pages of node 0's Movable zone (empty when none)
sd_movable_free() {
	awk '/^Node 0, zone/ { z = $4 } z == "Movable" && $1 == "pages" && $2 == "free" { print $3; exit }' /proc/zoneinfo
}

# The memory of dax7.0 (the soft-reserved 128 MiB) through the real
# daxctl: system-ram onlines it as movable memory and MemTotal grows, a
# program's memory lands in it and reads back, a second system-ram and a
# refused devdax change nothing, devdax -f gives it back.
system_dax_memory() {
	local B=/sys/bus/dax D=/sys/bus/dax/devices/dax7.0 M=/sys/devices/system/memory
	local mt nb out rc free0 free1 t
	sd_check "$([ -d /sys/devices/system/node/node0 ]; echo $?)" \
		"/sys/devices/system/node/node0 exists (daxctl onlines memory through it)"
	mt=$(sd_memtotal)
	nb=$(sd_blocks)
	say "system-dax: session: MemTotal before: $mt kB"
	out=$(daxctl reconfigure-device --mode=system-ram dax7.0 2>&1) && rc=0 || rc=$?
	sd_show "daxctl reconfigure" "$out"
	sd_check "$rc" "daxctl reconfigure-device --mode=system-ram dax7.0"
	sd_eq "dax7.0 bound to kmem" "$(sd_drv $D)" kmem
	sd_eq "kmem added one memory block" "$(sd_blocks)" $((nb + 1))
	sd_eq "the block is online, in ZONE_MOVABLE" "$(cat $M/memory2/state 2>/dev/null) $(cat $M/memory2/valid_zones 2>/dev/null)" "online Movable"
	sd_eq "MemTotal grew by 128 MiB" "$(sd_memtotal)" $((mt + 131072))
	say "system-dax: session: MemTotal after: $(sd_memtotal) kB; memory2: $(cat $M/memory2/state 2>/dev/null) $(cat $M/memory2/valid_zones 2>/dev/null)"
	grep -A3 '^10000000-17ffffff : Soft Reserved$' /proc/iomem | head -n 4 | sed 's/^/kds-vm: system-dax: session: iomem: /' 
	sd_check "$(grep -q '^      10000000-17ffffff : System RAM (kmem)$' /proc/iomem; echo $?)" \
		"/proc/iomem: System RAM (kmem) under dax7.0 under region 7 under Soft Reserved"
	got=$(daxctl list -D 2>&1 | tr -d ' \n\t')
	sd_eq "daxctl list: dax7.0 mode" "$(sd_field "$got" mode)" system-ram
	# a program's memory lands in the new block and reads back
	free0=$(sd_movable_free)
	t=/tmp/kds-touch
	mkdir -p $t && mount -t tmpfs -o size=200m tmpfs $t
	dd if=/dev/zero bs=1M count=150 2>/dev/null | tr '\000' k >$t/f
	free1=$(sd_movable_free)
	sd_check "$([ -n "$free0" ] && [ -n "$free1" ] && [ $((free0 - free1)) -ge 16384 ]; echo $?)" \
		"150 MiB of tmpfs took at least 64 MiB of the Movable zone (free pages $free0 -> $free1)"
	sd_eq "the data reads back" "$(tr -d k <$t/f | wc -c) $(wc -c <$t/f)" "0 157286400"
	umount $t
	# a second system-ram: daxctl's message, nothing added twice
	out=$(daxctl reconfigure-device --mode=system-ram dax7.0 2>&1)
	sd_show "daxctl system-ram again" "$out"
	sd_check "$(echo "$out" | grep -q '^dax7.0 was already in system-ram mode$' &&
		echo "$out" | grep -q '^dax7.0: all memory sections (1) already online$'; echo $?)" \
		"system-ram again: daxctl says 'already in system-ram mode', 'all memory sections (1) already online'"
	sd_eq "system-ram again: MemTotal unchanged" "$(sd_memtotal)" $((mt + 131072))
	# devdax while the memory is online: daxctl refuses, nothing changes
	out=$(daxctl reconfigure-device --mode=devdax dax7.0 2>&1) && rc=0 || rc=$?
	sd_show "daxctl devdax while online" "$out"
	sd_check "$([ "$rc" != 0 ]; echo $?)" "devdax while online: daxctl refuses ($rc: $(sd_first "$out"))"
	sd_eq "devdax refused: still kmem, memory still there" "$(sd_drv $D) $(sd_memtotal)" "kmem $((mt + 131072))"
	# devdax -f: offline, unbind (kmem removes the memory), device_dax
	out=$(daxctl reconfigure-device -f --mode=devdax dax7.0 2>&1) && rc=0 || rc=$?
	sd_show "daxctl reconfigure -f" "$out"
	sd_check "$rc" "daxctl reconfigure-device -f --mode=devdax dax7.0"
	sd_eq "dax7.0 back on device_dax" "$(sd_drv $D)" device_dax
	sd_eq "MemTotal back" "$(sd_memtotal)" "$mt"
	sd_eq "the block removed" "$(sd_blocks)" "$nb"
	sd_check "$(grep -q 'System RAM (kmem)' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"/proc/iomem: no System RAM (kmem) left"
	# and system-ram once more: the range came back with the unbind
	out=$(daxctl reconfigure-device --mode=system-ram dax7.0 2>&1) && rc=0 || rc=$?
	sd_check "$rc" "system-ram after devdax ($(sd_first "$out"))"
	sd_eq "MemTotal grew again" "$(sd_memtotal)" $((mt + 131072))
	out=$(daxctl reconfigure-device -f --mode=devdax dax7.0 2>&1) && rc=0 || rc=$?
	sd_check "$rc" "devdax -f once more ($(sd_first "$out"))"
	sd_eq "MemTotal back again" "$(sd_memtotal)" "$mt"
}

# sd_write FILE TEXT: "ok", or the errno name of the write's refusal
# (linux_compare.sh's dynamic-region comparison uses it too)
sd_write() {
	local err
	err=$( { echo "$2" >"$1"; } 2>&1 ) && { echo ok; return 0; }
	case $err in
	*"resource busy"*) echo EBUSY ;;
	*"Invalid argument"*) echo EINVAL ;;
	*"No space left"*) echo ENOSPC ;;
	*"No such device or address"*) echo ENXIO ;;
	*"Cannot allocate memory"*) echo ENOMEM ;;
	*"No such device"*) echo ENODEV ;;
	*) echo "other: $err" ;;
	esac
}
# sd_layout DEV [BASE]: "size; start-end@page_offset ..." of a device's
# mapping<N>, addresses less BASE (default 0), so that two regions over
# one range compare
sd_layout() {
	local m out base=${2:-0}
	out="$(sd_attr $1/size);"
	for m in $(ls -d $1/mapping[0-9]* 2>/dev/null | sort); do
		out="$out $(printf '0x%x-0x%x' $(( $(sd_attr $m/start) - base )) $(( $(sd_attr $m/end) - base )))@$(sd_attr $m/page_offset)"
	done
	echo "$out"
}

# A dynamic region (Linux 5.10+, dax_hmem's kind) over the 256 MiB
# run.sh sets aside at 640 MiB for a kernel without dax_hmem, carved with
# the real daxctl: dax6.0 shrunk, a device made and sized for each of a
# scratch device and kmem, dax6.0 grown into two ranges and mapped across
# them, dax6.1 onlined as System RAM, align changed, every refusal with
# nothing changed (Linux's errno, but where marked as kds's own), both
# destroyed and every byte back.
system_dax_dynamic() {
	local B=/sys/bus/dax R=/sys/devices/kds_dax_region6/dax_region
	local D0=/sys/bus/dax/devices/dax6.0 D1=/sys/bus/dax/devices/dax6.1
	local D2=/sys/bus/dax/devices/dax6.2 out rc mt nb before flat
	if ! grep -q 'memmap=256M%0x28000000' /proc/cmdline; then
		sd_bad "run.sh set no 256 MiB aside at 0x28000000 for the dynamic region"
		return 0
	fi
	sd_eq "create_region 6 ... dynamic" \
		"$(sd_write $B/create_region "6 0x28000000 0x10000000 0x200000 0 dynamic")" ok
	sd_eq "dax6.0 spans the region, bound to device_dax" \
		"$(sd_drv $D0) $(sd_layout $D0)" "device_dax 268435456; 0x28000000-0x37ffffff@0x0"
	sd_eq "region 6: available_size 0, no seed" \
		"$(sd_attr $R/available_size) '$(sd_attr $R/seed)'" "0 ''"
	sd_eq "modes: size 644, align 644, mapping 200, create 644, delete 200, seed 444, mapping0/start 400" \
		"$(sd_mode $D0/size) $(sd_mode $D0/align) $(sd_mode $D0/mapping) $(sd_mode $R/create) $(sd_mode $R/delete) $(sd_mode $R/seed) $(sd_mode $D0/mapping0/start)" \
		"644 644 200 644 200 444 400"
	out=$(daxctl list -r 6 -D -M 2>&1)
	sd_show "daxctl list -r 6 -D -M" "$out"
	flat=$(echo "$out" | tr -d ' \n\t')
	sd_check "$(case $flat in *'"mappings":[{"page_offset":0,"start":671088640,"end":939524095,"size":268435456}]'*) echo 0 ;; *) echo 1 ;; esac)" \
		"daxctl list shows dax6.0's one mapping"

	# refusals while bound, nothing changed: size and align answer Linux's
	# errno (linux_compare.sh's dyn_compare compares both with Linux); mapping is
	# kds's own answer (Linux 6.1 adds the range under the running driver:
	# dax_bus/README.md, differences)
	sd_eq "size of a bound device: EBUSY" "$(sd_write $D0/size 134217728)" EBUSY
	out=$(daxctl reconfigure-device -s 128M dax6.0 2>&1) && rc=0 || rc=$?
	sd_check "$([ "$rc" != 0 ]; echo $?)" "daxctl reconfigure-device -s 128M on an enabled dax6.0 fails ($rc: $(sd_first "$out"))"
	sd_eq "align of a bound device: EBUSY" "$(sd_write $D0/align 4096)" EBUSY
	sd_eq "mapping of a bound device: EBUSY (kds's own answer)" "$(sd_write $D0/mapping 0x28000000-0x281fffff)" EBUSY
	sd_eq "after the refusals: dax6.0 unchanged" "$(sd_drv $D0) $(sd_layout $D0)" \
		"device_dax 268435456; 0x28000000-0x37ffffff@0x0"

	# dax6.0 shrunk to 32 MiB with daxctl
	out=$(daxctl disable-device dax6.0 2>&1)
	sd_check $? "daxctl disable-device dax6.0 ($out)"
	out=$(daxctl reconfigure-device -s 32M dax6.0 2>&1) && rc=0 || rc=$?
	sd_show "daxctl reconfigure -s 32M" "$out"
	sd_check "$rc" "daxctl reconfigure-device -s 32M dax6.0"
	sd_eq "dax6.0: 32 MiB at the region's start" "$(sd_layout $D0)" "33554432; 0x28000000-0x29ffffff@0x0"
	sd_eq "region 6: 224 MiB available" "$(sd_attr $R/available_size)" 234881024
	sd_eq "size off the align: EINVAL" "$(sd_write $D0/size 4096)" EINVAL
	sd_eq "size past the free space: ENOSPC" "$(sd_write $D0/size 0x20000000)" ENOSPC
	sd_eq "a create of 2: EINVAL" "$(sd_write $R/create 2)" EINVAL

	# a scratch device of 32 MiB, then dax6.2 by mapping: the last 128 MiB
	out=$(daxctl create-device -r 6 -s 32M 2>&1) && rc=0 || rc=$?
	sd_show "daxctl create-device -s 32M" "$out"
	sd_check "$rc" "daxctl create-device -r 6 -s 32M"
	sd_eq "dax6.1: 32 MiB after dax6.0, bound to device_dax" "$(sd_drv $D1) $(sd_layout $D1)" \
		"device_dax 33554432; 0x2a000000-0x2bffffff@0x0"
	sd_eq "create: a seed device dax6.2" "$(sd_write $R/create 1)" ok
	sd_eq "dax6.2 is the seed and the youngest, size 0, unbound" \
		"$(sd_attr $R/seed) $(sd_attr $R/create) $(sd_attr $D2/size) $(sd_drv $D2)" "dax6.2 dax6.2 0 none"
	sd_eq "mapping taken by dax6.1: ENOMEM" "$(sd_write $D2/mapping 0x2be00000-0x2c3fffff)" ENOMEM
	sd_eq "mapping off the align: ENXIO" "$(sd_write $D2/mapping 0x30000000-0x300fffff)" ENXIO
	sd_eq "mapping 0x30000000-0x37ffffff" "$(sd_write $D2/mapping 0x30000000-0x37ffffff)" ok
	out=$(daxctl enable-device dax6.2 2>&1)
	sd_check $? "daxctl enable-device dax6.2 ($out)"
	sd_eq "dax6.2 bound, no seed left" "$(sd_drv $D2) '$(sd_attr $R/seed)'" "device_dax ''"

	# dax6.0 grows to 96 MiB: the lowest free run follows dax6.1, so a
	# second range, not an extension. Enabling dax6.1 and dax6.2 bound the
	# disabled dax6.0 too (libdaxctl's new_id attaches the default driver
	# to every device it matches, as on Linux): disable it again.
	out=$(daxctl disable-device dax6.0 2>&1)
	sd_check $? "daxctl disable-device dax6.0 again ($out)"
	sd_eq "size of the unbound dax6.0: 96 MiB" "$(sd_write $D0/size 100663296)" ok
	sd_eq "dax6.0: two ranges" "$(sd_layout $D0)" \
		"100663296; 0x28000000-0x29ffffff@0x0 0x2c000000-0x2fffffff@0x2000"
	sd_eq "region 6: nothing left" "$(sd_attr $R/available_size)" 0
	sd_eq "a create with nothing left: ENOSPC" "$(sd_write $R/create 1)" ENOSPC
	out=$(daxctl create-device -r 6 2>&1) && rc=0 || rc=$?
	sd_check "$([ "$rc" != 0 ]; echo $?)" "daxctl create-device with nothing left fails ($rc: $(sd_first "$out"))"
	sd_check "$([ ! -e $B/devices/dax6.3 ]; echo $?)" "no dax6.3 made"
	# align: a unit dividing every range, while unbound
	sd_eq "align 12345: EINVAL" "$(sd_write $D0/align 12345)" EINVAL
	sd_eq "align 4096" "$(sd_write $D0/align 4096)" ok
	sd_eq "size 96 MiB - 4 KiB: under the kernel's 2 MiB step: EINVAL" "$(sd_write $D0/size 100659200)" EINVAL
	sd_eq "align 1 GiB does not divide the ranges: EINVAL" "$(sd_write $D0/align 1073741824)" EINVAL
	sd_eq "align unchanged" "$(sd_attr $D0/align)" 4096
	sd_eq "size 94 MiB with a 4 KiB align" "$(sd_write $D0/size 98566144)" ok
	sd_eq "size back to 96 MiB" "$(sd_write $D0/size 100663296)" ok
	sd_eq "align 2 MiB" "$(sd_write $D0/align 2097152)" ok
	sd_eq "dax6.0: the same two ranges" "$(sd_layout $D0)" \
		"100663296; 0x28000000-0x29ffffff@0x0 0x2c000000-0x2fffffff@0x2000"
	# the scratch device goes: destroy-device
	out=$(daxctl destroy-device -f dax6.1 2>&1) && rc=0 || rc=$?
	sd_show "daxctl destroy-device -f dax6.1" "$out"
	sd_check "$rc" "daxctl destroy-device -f dax6.1"
	sd_check "$([ ! -e $D1 ] && [ ! -e /dev/dax6.1 ]; echo $?)" "dax6.1 and /dev/dax6.1 gone"
	sd_eq "its 32 MiB free again" "$(sd_attr $R/available_size)" 33554432

	# dax6.0 mapped across both ranges
	out=$(daxctl enable-device dax6.0 2>&1)
	sd_check $? "daxctl enable-device dax6.0 ($out)"
	out=$(kds-devdax check /dev/dax6.0 2097152 100663296 2>&1) && rc=0 || rc=$?
	echo "$out" | grep -v ': ok$' | head -n 10 | sed 's/^/kds-vm: system-dax: devdax: /'
	sd_check "$rc" "kds-devdax check maps dax6.0 across its two ranges and reads back"

	# dax6.2 (a whole memory block) as System RAM
	mt=$(sd_memtotal)
	nb=$(sd_blocks)
	out=$(daxctl reconfigure-device --mode=system-ram dax6.2 2>&1) && rc=0 || rc=$?
	sd_show "daxctl reconfigure dax6.2 system-ram" "$out"
	sd_check "$rc" "daxctl reconfigure-device --mode=system-ram dax6.2"
	sd_eq "dax6.2 on kmem, one block added, MemTotal +128 MiB" \
		"$(sd_drv $D2) $(sd_blocks) $(sd_memtotal)" "kmem $((nb + 1)) $((mt + 131072))"
	sd_eq "delete of a bound device: EBUSY" "$(sd_write $R/delete dax6.2)" EBUSY
	sd_eq "delete of a device with a size: EBUSY" "$(sd_write $R/delete dax6.0)" EBUSY
	sd_eq "delete of no such device: ENXIO" "$(sd_write $R/delete dax6.9)" ENXIO
	sd_eq "after the refusals: dax6.2 on kmem, dax6.0 unchanged" \
		"$(sd_drv $D2) $(sd_drv $D0) $(sd_layout $D0)" \
		"kmem device_dax 100663296; 0x28000000-0x29ffffff@0x0 0x2c000000-0x2fffffff@0x2000"
	out=$(daxctl reconfigure-device -f --mode=devdax dax6.2 2>&1) && rc=0 || rc=$?
	sd_check "$rc" "daxctl reconfigure-device -f --mode=devdax dax6.2 ($(sd_first "$out"))"
	sd_eq "MemTotal and blocks back" "$(sd_memtotal) $(sd_blocks)" "$mt $nb"

	# both destroyed: every byte back
	out=$(daxctl destroy-device -f dax6.2 2>&1) && rc=0 || rc=$?
	sd_check "$rc" "daxctl destroy-device -f dax6.2 ($(sd_first "$out"))"
	# device 0 is never deleted (EBUSY, as on Linux): daxctl before v79
	# reports that as its error, later ones expect it; its size is 0
	# either way
	out=$(daxctl destroy-device -f dax6.0 2>&1) && rc=0 || rc=$?
	sd_check "$( [ "$rc" = 0 ] || echo "$out" | grep -q 'Device or resource busy'; echo $?)" \
		"daxctl destroy-device -f dax6.0: device 0 stays ($rc: $(sd_first "$out"))"
	sd_eq "dax6.0 stays, size 0, unbound; dax6.2 gone" \
		"$(sd_attr $D0/size) $(sd_drv $D0) $([ -e $D2 ] && echo dax6.2)" "0 none "
	sd_eq "region 6: the full 256 MiB available" "$(sd_attr $R/available_size)" 268435456
	system_dax_kmem_partial
	system_dax_kmem_group
	echo 6 >$B/delete_region
	sd_check "$([ ! -e /sys/devices/kds_dax_region6 ] && ! grep -qE 'dax6\.|kds_dax_region6' /proc/iomem; echo $?)" \
		"delete_region 6: the region and its iomem entries gone"
}

# kmem over a device of two whole blocks whose second cannot be added
# (kds.dax_fail_kmem_add=2), with hot-added memory onlined at once
# (auto_online_blocks=online_movable): as Linux's kmem, the bind succeeds
# with the first range as System RAM, online, and the second skipped with
# a warning; nothing tries to take back online memory. Once that block is
# offline, unbind takes it back and passes over the skipped range: every
# byte of region 6 free again. Runs on region 6, empty, from
# system_dax_dynamic.
system_dax_kmem_partial() {
	local B=/sys/bus/dax R=/sys/devices/kds_dax_region6/dax_region
	local D0=/sys/bus/dax/devices/dax6.0 M=/sys/devices/system/memory
	local AO=/sys/devices/system/memory/auto_online_blocks
	local FK=/sys/module/kds/parameters/dax_fail_kmem_add ao mt nb warned
	sd_eq "dax6.0: two ranges of one block each, the higher first" \
		"$(sd_write $D0/mapping 0x30000000-0x37ffffff) $(sd_write $D0/mapping 0x28000000-0x2fffffff) $(sd_layout $D0)" \
		"ok ok 268435456; 0x30000000-0x37ffffff@0x0 0x28000000-0x2fffffff@0x8000"
	ao=$(cat $AO)
	mt=$(sd_memtotal)
	nb=$(sd_blocks)
	warned=$(dmesg | grep -c 'kds dax: dax6.0: mapping1: not added as memory')
	sd_eq "auto-online movable, the second range's add to fail" \
		"$(sd_write $AO online_movable) $(sd_write $FK 2)" "ok ok"
	sd_eq "new_id dax6.0 on kmem: bound" "$(sd_write $B/drivers/kmem/new_id dax6.0) $(sd_drv $D0)" "ok kmem"
	sd_eq "the injected failure spent" "$(sd_attr $FK)" 0
	sd_eq "the first range a block, online, MemTotal +128 MiB" \
		"$(sd_blocks) $(sd_attr $M/memory6/state) $(sd_memtotal)" "$((nb + 1)) online $((mt + 131072))"
	sd_check "$(grep -q '^ *30000000-37ffffff : System RAM (kmem)$' /proc/iomem &&
		! grep -q '^ *28000000-2fffffff : System RAM' /proc/iomem; echo $?)" \
		"/proc/iomem: System RAM (kmem) over the first range only"
	sd_eq "one warning names the skipped range" \
		"$(dmesg | grep -c 'kds dax: dax6.0: mapping1: not added as memory')" $((warned + 1))
	sd_eq "offline the block, unbind dax6.0 from kmem" \
		"$(sd_write $M/memory6/state offline) $(sd_write $B/drivers/kmem/unbind dax6.0) $(sd_drv $D0)" "ok ok none"
	sd_eq "unbind took the block back: blocks and MemTotal as before" "$(sd_blocks) $(sd_memtotal)" "$nb $mt"
	sd_check "$(grep -qE 'dax6\.0|System RAM \(kmem\)' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"/proc/iomem: nothing of dax6.0 or kmem left"
	sd_eq "remove_id dax6.0, auto-online back, dax6.0 size 0" \
		"$(sd_write $B/drivers/kmem/remove_id dax6.0) $(sd_write $AO $ao) $(sd_write $D0/size 0)" "ok ok ok"
	sd_eq "region 6: the full 256 MiB available again" "$(sd_attr $R/available_size)" 268435456
}

# kmem adds a device's memory into one static memory group, as Linux's
# kmem does (MHP_NID_IS_MGID), so that memory_hotplug's
# online_policy=auto-movable decides for the device as a whole: with a
# ratio that leaves room for one more block in ZONE_MOVABLE but not two,
# neither block of a two-block device defaults to Movable (each block on
# its own would: the first would fit, which a one-block device shows
# first); with room for two, both do. The
# default zone is the first word of an offline block's valid_zones.
# Runs on region 6, empty, from system_dax_dynamic.
system_dax_kmem_group() {
	local B=/sys/bus/dax R=/sys/devices/kds_dax_region6/dax_region
	local D0=/sys/bus/dax/devices/dax6.0 M=/sys/devices/system/memory
	local P=/sys/module/memory_hotplug/parameters policy ratio k mv one two z5 z6
	if [ ! -w $P/online_policy ]; then
		sd_bad "memory_hotplug.online_policy is not writable here"
		return 0
	fi
	policy=$(cat $P/online_policy)
	ratio=$(cat $P/auto_movable_ratio)
	# auto-movable's inputs: kernel pages present at boot (every zone but
	# Movable, less CMA) and Movable pages, in 4 KiB pages
	k=$(awk '/^Node .*, zone/ { z = $4 } $1 == "present" { if (z == "Movable") m += $2; else k += $2 }
		$1 == "cma" { k -= $2; m += $2 } END { print k + 0 }' /proc/zoneinfo)
	mv=$(awk '/^Node .*, zone/ { z = $4 } $1 == "present" && z == "Movable" { m += $2 }
		$1 == "cma" { m += $2 } END { print m + 0 }' /proc/zoneinfo)
	# the smallest ratio (percent) with room for one 128 MiB block, and
	# the smallest with room for two
	one=$(( ((mv + 32768) * 100 + k - 1) / k ))
	two=$(( ((mv + 65536) * 100 + k - 1) / k ))
	# the negative control, which checks that arithmetic against the
	# kernel's own: at the ratio with room for one block, a device of one
	# block defaults to Movable (were the ratio too small for even one,
	# the group check below would pass for nothing)
	sd_eq "dax6.0: one range of one block, on kmem, offline" \
		"$(sd_write $D0/mapping 0x28000000-0x2fffffff) $(sd_write $B/drivers/kmem/new_id dax6.0) $(sd_drv $D0) $(sd_attr $M/memory5/state)" \
		"ok ok kmem offline"
	sd_eq "room for one block ($one%): a one-block device defaults to Movable" \
		"$(sd_write $P/online_policy auto-movable) $(sd_write $P/auto_movable_ratio $one) $(sd_attr $M/memory5/valid_zones | cut -d' ' -f1)" \
		"ok ok Movable"
	sd_eq "policy and ratio back, unbind, remove_id, size 0 (one block)" \
		"$(sd_write $P/auto_movable_ratio $ratio) $(sd_write $P/online_policy $policy) $(sd_write $B/drivers/kmem/unbind dax6.0) $(sd_write $B/drivers/kmem/remove_id dax6.0) $(sd_write $D0/size 0)" \
		"ok ok ok ok ok"
	sd_eq "dax6.0: two ranges of one block each, on kmem, offline" \
		"$(sd_write $D0/mapping 0x28000000-0x2fffffff) $(sd_write $D0/mapping 0x30000000-0x37ffffff) $(sd_write $B/drivers/kmem/new_id dax6.0) $(sd_drv $D0) $(sd_attr $M/memory5/state) $(sd_attr $M/memory6/state)" \
		"ok ok ok kmem offline offline"
	sd_check "$([ $(( one * k / 100 )) -lt $((mv + 65536)) ]; echo $?)" \
		"a ratio ($one%) with room for one block but not two ($k kernel pages, $mv movable)"
	sd_eq "online_policy=auto-movable, auto_movable_ratio=$one" \
		"$(sd_write $P/online_policy auto-movable) $(sd_write $P/auto_movable_ratio $one)" "ok ok"
	z5=$(sd_attr $M/memory5/valid_zones | cut -d' ' -f1)
	z6=$(sd_attr $M/memory6/valid_zones | cut -d' ' -f1)
	sd_check "$([ "$z5" != Movable ] && [ "$z5" = "$z6" ]; echo $?)" \
		"room for one block: neither block of the group defaults to Movable ($z5, $z6)"
	sd_check "$(sd_attr $M/memory5/valid_zones | grep -qw Movable; echo $?)" \
		"Movable stays allowed (valid_zones: $(sd_attr $M/memory5/valid_zones))"
	sd_eq "room for two ($two%): both default to Movable" \
		"$(sd_write $P/auto_movable_ratio $two) $(sd_attr $M/memory5/valid_zones | cut -d' ' -f1) $(sd_attr $M/memory6/valid_zones | cut -d' ' -f1)" \
		"ok Movable Movable"
	sd_eq "policy and ratio back, unbind, remove_id, size 0" \
		"$(sd_write $P/auto_movable_ratio $ratio) $(sd_write $P/online_policy $policy) $(sd_write $B/drivers/kmem/unbind dax6.0) $(sd_write $B/drivers/kmem/remove_id dax6.0) $(sd_write $D0/size 0)" \
		"ok ok ok ok ok"
	sd_eq "region 6: the full 256 MiB available after the group" "$(sd_attr $R/available_size)" 268435456
}

# A region whose device is in the 5.1 compatibility class /sys/class/dax:
# daxctl lists it beside the bus's, and refuses to change its mode or to
# disable it with its "device model is dax-class" error; nothing changes.
system_dax_class() {
	local B=/sys/bus/dax C=/sys/class/dax/dax5.0 out rc got before
	echo "5 0x1005000000 0x8000000 0x200000 0 clas" >$B/create_region 2>/dev/null &&
		sd_bad "create_region with a sixth word other than 'class' accepted"
	if ! echo "5 0x1005000000 0x8000000 0x200000 0 class" >$B/create_region; then
		sd_bad "create_region 5 ... class"
		return 0
	fi
	sd_check "$([ -e $C ] && [ ! -e $B/devices/dax5.0 ]; echo $?)" \
		"create_region 5 class: dax5.0 in /sys/class/dax, not on the bus"
	sd_eq "dax5.0 sits under its region's dax/ folder" "$(readlink -f $C)" /sys/devices/kds_dax_region5/dax/dax5.0
	sd_check "$([ -c /dev/dax5.0 ]; echo $?)" "/dev/dax5.0 is a character device"
	sd_eq "/sys/dev/char/<dax5.0>/subsystem is /sys/class/dax" \
		"$(readlink -f /sys/dev/char/$(sd_attr $C/dev)/subsystem)" /sys/class/dax
	sd_eq "dax5.0 size" "$(sd_attr $C/size)" 134217728
	out=$(daxctl list -r 5 -D 2>&1)
	sd_show "daxctl list -r 5 -D" "$out"
	got=$(echo "$out" | tr -d ' \n\t')
	sd_eq "daxctl list: the class device dax5.0" "$(sd_field "$got" chardev) $(sd_field "$got" size)" "dax5.0 134217728"
	before=$(ls /sys/class/dax $B/devices)
	out=$(daxctl reconfigure-device --mode=system-ram dax5.0 2>&1) && rc=0 || rc=$?
	sd_show "daxctl reconfigure dax5.0" "$out"
	sd_check "$([ "$rc" != 0 ] && echo "$out" | grep -q '^libdaxctl: daxctl_dev_disable: dax5.0: error: device model is dax-class$'; echo $?)" \
		"system-ram on a class device: daxctl's 'device model is dax-class' ($rc)"
	out=$(daxctl disable-device dax5.0 2>&1) && rc=0 || rc=$?
	sd_check "$([ "$rc" != 0 ] && echo "$out" | grep -q 'dax5.0: error: device model is dax-class$'; echo $?)" \
		"disable-device on a class device: daxctl's 'device model is dax-class' ($rc: $(sd_first "$out"))"
	sd_eq "after the refusals: the same devices" "$(ls /sys/class/dax $B/devices)" "$before"
	echo 5 >$B/delete_region
	sd_check "$([ ! -e $C ] && [ ! -e /dev/dax5.0 ] && [ ! -e /sys/devices/kds_dax_region5 ]; echo $?)" \
		"delete_region 5: dax5.0, /dev/dax5.0 and the region gone"
}

# daxctl reconfigure-device (without onlining, so the memory can always be
# taken back) racing rmmod kds: whichever wins, kds ends unloaded and no
# memory, no iomem entry and no block of the region is left.
system_dax_rmmod_race() {
	local B=/sys/bus/dax mt nb i
	mt=$(sd_memtotal)
	nb=$(sd_blocks)
	echo "7 0x10000000 0x8000000 0x200000 0" >$B/create_region ||
		{ sd_bad "create_region 7 for the rmmod race"; return 0; }
	daxctl reconfigure-device --no-online --mode=system-ram dax7.0 >/tmp/kds.race 2>&1 &
	# rmmod once daxctl has begun: dax7.0 leaves device_dax (up to 5 s)
	for i in $(seq 50); do
		[ "$(sd_drv $B/devices/dax7.0)" = device_dax ] || break
		usleep 100000 2>/dev/null || sleep 1
	done
	say "system-dax: race: rmmod with dax7.0 on $(sd_drv $B/devices/dax7.0)"
	for i in 1 2 3 4 5 6 7 8 9 10; do
		rmmod kds 2>/dev/null && break
		sleep 1
	done
	wait
	sd_show "race: daxctl" "$(cat /tmp/kds.race)"
	sd_check "$(grep -q '^kds ' /proc/modules; [ $? != 0 ]; echo $?)" "reconfigure during rmmod: kds unloaded"
	sd_check "$([ ! -e $B ]; echo $?)" "rmmod kds: /sys/bus/dax gone, the name free for dax.ko"
	sd_eq "reconfigure during rmmod: no block left" "$(sd_blocks)" "$nb"
	sd_eq "reconfigure during rmmod: MemTotal unchanged" "$(sd_memtotal)" "$mt"
	sd_check "$(grep -qE 'dax7.0|kmem' /proc/iomem; [ $? != 0 ]; echo $?)" \
		"reconfigure during rmmod: nothing of region 7 in /proc/iomem"
}

# sd_refuse NAME EXPLANATION WHAT: insmod kds.ko dax_bus_name=NAME must
# fail, printing EXPLANATION once per attempt (busybox insmod tries
# finit_module, then init_module); returns 1 when the load succeeded.
sd_refuse() {
	local loads msgs got
	loads=$(dmesg | grep -c 'kds: registering the dax bus failed')
	msgs=$(dmesg | grep -cF "$2")
	if insmod /lib/kds/kds.ko dax_bus_name="$1" 2>/dev/null; then
		sd_bad "insmod kds.ko dax_bus_name=$1 succeeded ($3)"
		rmmod kds
		return 1
	fi
	got=$(( $(dmesg | grep -cF "$2") - msgs ))
	loads=$(( $(dmesg | grep -c 'kds: registering the dax bus failed') - loads ))
	sd_check "$([ "$loads" -ge 1 ] && [ "$got" = "$loads" ]; echo $?)" \
		"$3: kds.ko refuses to load, one explanation per attempt ($got in $loads)"
}

system_dax_refused() {
	[ -e /sys/bus/dax ] || { say "system-dax: no dax bus now: refusal not checked"; return 0; }
	local before after
	before=$(ls /sys/bus/dax/drivers /sys/bus/dax/devices 2>&1)
	sd_refuse dax 'kds dax: the bus name "dax" is taken' "dax taken" || return 0
	sd_check "$(dmesg | grep -q 'duplicate filename'; [ $? != 0 ]; echo $?)" \
		"dax taken: no sysfs duplicate-name dump"
	sd_check "$(grep -q '^kds ' /proc/modules; [ $? != 0 ]; echo $?)" "dax taken: kds not loaded"
	after=$(ls /sys/bus/dax/drivers /sys/bus/dax/devices 2>&1)
	sd_eq "dax taken: the kernel's dax bus unchanged" "$after" "$before"
	sd_refuse dax0 'kds dax: dax_bus_name=dax0: not a bus name' "an unknown bus name" || return 0
	sd_check "$([ ! -e /sys/bus/dax0 ] && ! grep -q '^kds ' /proc/modules; echo $?)" \
		"an unknown bus name: nothing registered"
}
