# SPDX-License-Identifier: GPL-2.0
#
# bus_sysfs.sh - kds.ko's kds_dax bus from the shell, as daxctl would
# drive it: regions and their files, binds, new_id/remove_id, refusals of
# bad input and of other owners' ranges, kmem over real memory, the pin
# waits, then daxctl and the comparisons with Linux's bus. Sourced by
# /init (kernel/vm/init.sh) from /lib/kds/stages/, where run.sh packs it.

# bus_sysfs: every stage, with kds.ko loaded and its bus at $B.
bus_sysfs() {
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

	# bad control input; refused before any memory is touched: an align
	# device_dax cannot map with, a range memremap_pages() cannot take
	# whole (a subsection)
	expect_table echo <<'EOF_BAD'
EEXIST|create_region|create region 7 again|7 0x0 0x200000 0x200000 0
EINVAL|create_region|create region: not numbers|x y
EINVAL|create_region|create region: trailing junk|9 0 0x200000 0x200000 0 junk
EINVAL|create_region|create region: start not aligned|9 0x1000 0x200000 0x200000 0
EINVAL|create_region|create region: align 1 KiB|9 0x1040000000 0x200000 0x400 0
EINVAL|create_region|create region: align 8 KiB|9 0x1040000000 0x200000 0x2000 0
EINVAL|create_region|create region: start off the subsection|9 0x1040001000 0x200000 0x1000 0
EINVAL|create_region|create region: size off the subsection|9 0x1040000000 0x201000 0x1000 0
EOF_BAD
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
		expect_write "create region over System RAM ($spec)" EBUSY $B/create_region "$spec"
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
		expect_write "create region inside a PCI bus window ($spec)" EBUSY $B/create_region "$spec"
	else
		check 1 "a PCI bus window of at least 4 MiB in /proc/iomem"
	fi
	sr=$(sed -n 's/^ *\([0-9a-f]*\)-\([0-9a-f]*\) : Soft Reserved$/0x\1-0x\2/p' /proc/iomem | head -n 1)
	expect_eq "run.sh's memmap= made 0x10000000-0x17ffffff Soft Reserved (under hmem.0 where dax_hmem runs)" "$sr" "0x10000000-0x17ffffff"
	[ "$sr" = "0x10000000-0x17ffffff" ] ||
		sed -n '1,40s/^/kds-vm: sysfs: iomem: /p' /proc/iomem
	spec="13 0x17e00000 0x400000 0x200000 0"
	expect_write "create region half in Soft Reserved, half in System RAM ($spec)" EBUSY $B/create_region "$spec"
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
		expect_write "create region over the range dax_hmem holds ($spec)" EBUSY $B/create_region "$spec"
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
	expect_table printf <<'EOF_BYTES'
ok|create_region|create region 11 with printf, one newline|11 0x1040000000 0x200000 0x200000 0\n
ok|delete_region|delete region 11|11\n
ok|create_region|create region 11 with no newline|11 0x1040000000 0x200000 0x200000 0
ok|delete_region|delete region 11 again|11\n
EINVAL|create_region|create region: a '+' sign on the id|+9 0x1040000000 0x200000 0x200000 0\n
EINVAL|create_region|create region: a '+' sign on the node|9 0x1040000000 0x200000 0x200000 +0\n
EINVAL|create_region|create region: a newline inside the line|9 0x1040000000\n 0x200000 0x200000 0\n
EINVAL|create_region|create region: two trailing newlines|9 0x1040000000 0x200000 0x200000 0\n\n
EINVAL|create_region|create region: three trailing newlines|9 0x1040000000 0x200000 0x200000 0\n\n\n
EINVAL|create_region|create region: a NUL after the line|9 0x1040000000 0x200000 0x200000 0\000
EINVAL|create_region|create region: a tab|9\t0x1040000000 0x200000 0x200000 0\n
EINVAL|create_region|create region: a leading space| 9 0x1040000000 0x200000 0x200000 0\n
EINVAL|delete_region|delete region: a '+' sign|+7\n
EINVAL|delete_region|delete region: two trailing newlines|7\n\n
EOF_BYTES
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
}
