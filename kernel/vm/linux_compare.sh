# SPDX-License-Identifier: GPL-2.0
#
# linux_compare.sh - kds's dax bus and Linux's on the same kernel and
# ranges: the dynamic-region steps, attribute stores, memmap_on_memory, a
# 1 GiB align and device_dax's mapping answers, each compared line by line
# (the differences kds keeps are in kernel/vm/linux_differs/). Sourced by
# /init (kernel/vm/init.sh) from /lib/kds/stages/, where run.sh packs it.
# Defines functions only.

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
