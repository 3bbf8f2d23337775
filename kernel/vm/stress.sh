# SPDX-License-Identifier: GPL-2.0
#
# stress.sh - the debug-kernel stage of the kds test VM. kernel/vm/run.sh
# --extra packs it as /lib/kds/extra.sh; /init (kernel/vm/init.sh) sources
# it and calls extra_before_load before it loads kds.ko, extra_before_unload
# after its sysfs script and extra_after_unload after kds.ko's final
# unload. It uses /init's say and fail: a "kds-vm: FAIL: ..." line fails
# the run.
#
# Settings, from /lib/kds/kds-debug.conf when present:
#   STRESS_SECS  seconds of concurrent stress with kds.ko loaded, followed
#                by as many seconds of rmmod/insmod of kds.ko while the
#                loops keep going (default 10; 0 skips the stress)
#   FAULTS       load /lib/kds/kds_faults.ko with faults=FAULTS after kds.ko's
#                final unload (planted bugs: the run must then fail)
#
# extra_before_load: a check that the kernel has NUMA node 0 in sysfs, then
# the kmemleak baseline: a scan before any kds module
# is loaded, whose reports (the kernel's own, from boot) are then cleared,
# so that later scans report only objects that became unreferenced since.
# extra_before_unload: the stress (below), then checks that the bus still
# works, then a kmemleak scan while kds.ko is loaded (a report's backtrace
# names [kds] only while the module is loaded).
# extra_after_unload: the planted faults if any, the final kmemleak scan
# (after kds.ko's unload: every object it reports is new since the
# baseline, kds-allocated or allocated for kds by the driver core or
# sysfs with no kds frame, and fails the run), and a check that lockdep is
# still on (it switches itself off after its first report or a KASAN
# report).
#
# Every command written to kmemleak must be accepted: once kmemleak has
# switched itself off (an internal error, or "off") it refuses them with
# -EPERM and reports nothing, so a refused write fails the run. Each scan
# is framed by "kds-vm: kmemleak: begin <label>" and "... end <label>"
# (baseline, loaded, final); "end" is printed only when every write and
# the read succeeded, and kernel/vm/check.awk -v kmemleak=1 requires the
# baseline's and the final scan's.
#
# kmemleak reports are printed as "kds-vm: kmemleak: <line>": in the
# baseline and loaded scans every report whose backtrace names a kds
# module (the first 8) and the first 2 others, in the final scan the first
# 8 of any kind; kernel/vm/check.awk fails the run on a report naming a kds
# module in any scan and on every report of the final scan.

STRESS_SECS=10
FAULTS=
[ -r /lib/kds/kds-debug.conf ] && . /lib/kds/kds-debug.conf

SB=/sys/bus/kds_dax
# debugfs from the start: the baseline scan runs before kds.ko loads.
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
KL=/sys/kernel/debug/kmemleak
STRESS_RUN=/tmp/kds-stress.run
# the mapping stress's own, gone before the rmmod/insmod phase (an open
# /dev/dax holds kds.ko)
STRESS_DEVDAX_RUN=/tmp/kds-stress.devdax.run

# ---- the loops: loop_until FILE WHAT ROUND [ARGS] calls ROUND ARGS until
# FILE goes, ignoring errors (kds.ko comes and goes under it), and says
# how many rounds it made; stress_loop is loop_until $STRESS_RUN.
loop_until() {
	local run=$1 what=$2 i=0
	shift 2
	while [ -e "$run" ]; do
		"$@"
		i=$((i + 1))
	done 2>/dev/null
	say "stress: $what: $i rounds"
}
stress_loop() { loop_until $STRESS_RUN "$@"; }

# create and delete regions $1 and $2 (two loops: creations race each other)
round_regions() {
	local r
	for r in "$1" "$2"; do
		echo "$r $(printf '0x%x' $(((0x40 + r) << 28))) 0x8000000 0x200000 0" >$SB/create_region
	done
	for r in "$1" "$2"; do
		echo "$r" >$SB/delete_region
	done
}

# new_id / remove_id on both drivers, racing the regions' creation. A
# new_id attaches its driver to every unbound device that matches, so
# this loop and a device-dax churn step (below), which leaves dax30.0
# unbound between its writes, take turns (attach_lock).
round_ids() {
	local d
	for d in dax20.0 dax21.0 dax22.0 dax23.0; do
		attach_lock
		echo $d >$SB/drivers/kds_kmem/new_id
		echo $d >$SB/drivers/kds_device_dax/new_id
		echo $d >$SB/drivers/kds_kmem/remove_id
		echo $d >$SB/drivers/kds_device_dax/remove_id
		attach_unlock
	done
}
STRESS_ATTACH_LOCK=/tmp/kds-stress.attach.lock
attach_lock() { while ! mkdir $STRESS_ATTACH_LOCK 2>/dev/null; do usleep 1000; done; }
attach_unlock() { rmdir $STRESS_ATTACH_LOCK; }

# unbind, bind to either driver, drivers_probe
round_bind() {
	local d
	for d in dax20.0 dax21.0 dax22.0 dax23.0; do
		echo $d >$SB/drivers/kds_device_dax/unbind
		echo $d >$SB/drivers/kds_kmem/bind
		echo $d >$SB/drivers/kds_kmem/unbind
		echo $d >$SB/drivers_probe
		echo $d >$SB/drivers/kds_device_dax/bind
	done
}

# device_dax's mapping under churn: region 30 (4 KiB align, over the Soft
# Reserved range run.sh makes, free on a kernel without dax_hmem), while
# two kds-devdax stress processes stamp, remap and check it, goes through
# churn steps in turn (devdax_churn): its device unbound from
# kds_device_dax and bound again; handed to kds_kmem (new_id attaches it,
# its memory added offline) and back, as daxctl reconfigure-device does;
# the region deleted and created again. The counter in $STRESS_CHURN
# (written whole by rename) is odd while a step is in flight and even
# between steps: the stress processes count a refusal as explained only
# when a step was in flight since their open. A step holds attach_lock
# (round_ids' attaches would take the unbound device mid-step). Every
# write of a step must succeed and every step must leave the device bound
# to kds_device_dax:
# the first 3 errors are reported, and any error, or a kind of step never
# done, fails the run.
STRESS_DEVDAX_SPEC="30 0x10000000 0x8000000 0x1000 0"
STRESS_CHURN=/tmp/kds-stress.churn
churn_n=0 churn_err=0
churn_mark() {
	churn_n=$((churn_n + 1))
	echo $churn_n >$STRESS_CHURN.new && mv $STRESS_CHURN.new $STRESS_CHURN
}
# churn_write FILE VALUE: one write of a step; an error is counted
churn_write() {
	local err
	if ! err=$( { echo "$2" >"$1"; } 2>&1 ); then
		churn_err=$((churn_err + 1))
		[ $churn_err -le 3 ] &&
			fail "stress: churn: '$2' > $1: ${err:-refused}"
	fi
	return 0
}
churn_bound() {
	local d
	d=$(drv_of $SB/devices/dax30.0)
	if [ "$d" != "$1" ]; then
		churn_err=$((churn_err + 1))
		[ $churn_err -le 3 ] &&
			fail "stress: churn: dax30.0 bound to $d after $2, want $1"
	fi
}
devdax_churn() {
	local rebind=0 kmem=0 region=0 k=0
	# every kind at least once, however slow the kernel (KCSAN's, under
	# load, made two steps in the 10 s; the mappings wait for them too)
	while [ -e $STRESS_DEVDAX_RUN ] || [ $k -lt 3 ]; do
		attach_lock
		churn_mark
		case $((k % 3)) in
		0)
			churn_write $SB/drivers/kds_device_dax/unbind dax30.0
			churn_write $SB/drivers/kds_device_dax/bind dax30.0
			churn_bound kds_device_dax "unbind and bind"
			rebind=$((rebind + 1)) ;;
		1)
			churn_write $SB/drivers/kds_device_dax/unbind dax30.0
			churn_write $SB/drivers/kds_kmem/new_id dax30.0
			churn_bound kds_kmem "new_id on kds_kmem"
			churn_write $SB/drivers/kds_kmem/unbind dax30.0
			churn_write $SB/drivers/kds_kmem/remove_id dax30.0
			churn_write $SB/drivers/kds_device_dax/bind dax30.0
			churn_bound kds_device_dax "the way back from kds_kmem"
			kmem=$((kmem + 1)) ;;
		2)
			churn_write $SB/delete_region 30
			churn_write $SB/create_region "$STRESS_DEVDAX_SPEC"
			churn_bound kds_device_dax "delete and create region 30"
			region=$((region + 1)) ;;
		esac
		churn_mark
		attach_unlock
		k=$((k + 1))
		# the device stays mappable a while, so that mappings fault in
		usleep 200000
	done
	say "stress: device-dax churn: $k steps ($rebind unbind/bind, $kmem kds_kmem round trips, $region region re-creations), $churn_err error(s)"
	[ $churn_err = 0 ] || fail "stress: device-dax churn: $churn_err write(s) failed"
	[ $rebind -ge 1 ] && [ $kmem -ge 1 ] && [ $region -ge 1 ] ||
		fail "stress: device-dax churn: a kind of step never ran"
}

# every attribute of every device and region
round_read() {
	cat $SB/devices/*/modalias $SB/devices/*/size $SB/devices/*/target_node \
		$SB/devices/*/kmem_range $SB/devices/*/uevent \
		/sys/devices/kds_dax_region*/dax_region/* >/dev/null
}

# oversized (200 and 5000 bytes) and malformed writes to every writable file
STRESS_BIG=$(printf '%0200d' 0)
STRESS_HUGE=$(printf '%05000d' 0)
round_bad() {
	local f
	for f in $SB/create_region $SB/delete_region \
		$SB/drivers/kds_kmem/new_id $SB/drivers/kds_kmem/remove_id; do
		echo "$STRESS_BIG" >"$f"
		echo "$STRESS_HUGE" >"$f"
		echo "x y" >"$f"
		echo "20 0x1000 0x8000000 0x200000 0" >"$f"
		echo "dax$STRESS_BIG.0" >"$f"
		echo "dax-1.0" >"$f"
		echo "dax20.99999999999999999999" >"$f"
		printf '\n' >"$f"
		printf 'dax20.0\n\n' >"$f"
	done
}

# rmmod kds.ko and load it again, once a second, while the loops run;
# each reload first makes a load fail on purpose (kds.dax_fail_driver=1
# or 2: a driver registration fails after the bus exists) while the loops
# write create_region: no region may outlive it (KASAN, kmemleak)
stress_reload() {
	local k cycles=0
	for k in $(seq "$1"); do
		sleep 1
		if rmmod kds 2>/dev/null; then
			if insmod /lib/kds/kds.ko dax_fail_driver=$((k % 2 + 1)) 2>/dev/null; then
				fail "stress: insmod kds.ko dax_fail_driver=$((k % 2 + 1)) succeeded"
				rmmod kds
			fi
			[ -e /sys/bus/kds_dax ] && fail "stress: the kds_dax bus outlived a failed load"
			ls /sys/devices | grep -q '^kds_dax_region' &&
				fail "stress: a region outlived a failed load: $(ls /sys/devices | grep '^kds_dax_region' | head -n 3)"
			if insmod /lib/kds/kds.ko; then
				cycles=$((cycles + 1))
			else
				fail "stress: insmod kds.ko after rmmod"
				return
			fi
		fi
	done
	say "stress: rmmod/insmod of kds.ko under load: $cycles of $1"
	[ "$cycles" -ge 1 ] || fail "stress: kds.ko never unloaded under load"
}

# kl_write CMD: one command to kmemleak, which must accept it (it answers
# -EPERM once it has switched itself off).
kl_write() {
	local err
	if ! err=$( { echo "$1" >$KL; } 2>&1 ); then
		fail "kmemleak: '$1' refused (${err:-no message}): kmemleak is off"
		return 1
	fi
}

# kmemleak_scan LABEL: two scans (a pointer left in a register or on a
# stack hides an object from one scan), then the reports, bounded. LABEL
# baseline also clears what was reported; final shows reports of any kind.
kmemleak_scan() {
	local label=$1 out=/tmp/kds-kmemleak.txt
	say "kmemleak: begin $label"
	if [ ! -e $KL ]; then
		fail "kmemleak: $KL missing (a kernel without kmemleak?)"
		return
	fi
	# Task stacks are not scanned: a dead task's stack pages go uncleared
	# to new tasks, whose whole stack kmemleak scans, so a stale pointer
	# there hides a leak (seen: the planted leak unreported in one run of
	# two). Nothing of kds's is in flight here, so nothing of kds's lives
	# only on a stack.
	kl_write stack=off || return
	# Objects younger than 5 s are not reported yet.
	sleep 6
	kl_write scan || return
	kl_write scan || return
	if ! cat $KL >$out; then
		fail "kmemleak: cannot read $KL"
		return
	fi
	awk -v all=$([ "$label" = final ] && echo 1 || echo 0) '
	function flush() {
		if (head == "")
			return
		if (kds || all) {
			if (++nk <= 8)
				printf "%s", buf
		} else if (++no <= 2)
			printf "%s", buf
		head = ""
	}
	/^unreferenced object/ { flush(); head = $0; buf = ""; kds = 0 }
	{
		if (head == "")
			next
		buf = buf $0 "\n"
		if ($0 ~ /\[kds[a-z0-9_]*\]/ || $0 ~ /\] 0xffffffff[a-f][0-9a-f]+$/)
			kds = 1
	}
	END {
		flush()
		if (all)
			printf "summary %d unreferenced object(s) new since the baseline\n", nk
		else
			printf "summary %d naming a kds module, %d other(s)\n", nk, no
	}' $out | sed 's/^/kds-vm: kmemleak: /'
	if [ "$label" = baseline ]; then
		# From here on, a report is an object that became unreferenced
		# after this point: the kernel's boot-time reports are greyed.
		kl_write clear || return
	fi
	say "kmemleak: end $label"
}

extra_before_load() {
	# The real daxctl onlines hot-added memory through
	# /sys/devices/system/node/node<N>/memory*: only a NUMA kernel
	# (configs/common.config) has those folders.
	if [ -d /sys/devices/system/node/node0 ]; then
		say "numa: node0 present"
	else
		fail "numa: /sys/devices/system/node/node0 missing (a kernel without CONFIG_NUMA?)"
	fi
	kcsan_filter
	kmemleak_scan baseline
}

# On the KCSAN kernel: three of the kernel's own data races are filtered
# out through KCSAN's report filter (either top frame in the list: no
# report), so that they cannot end a run whose stacks pass through kds
# (kernel/vm/check.awk fails a report with a kds frame anywhere in it):
#   - pipe_read() and pipe_write() (fs/pipe.c): any shell pipeline or
#     vmsplice on two CPUs can hit it;
#   - kernfs_refresh_inode() rewriting a sysfs inode's mode while a
#     lockless path walk (link_path_walk()) reads it: any two opens under
#     /sys on two CPUs can hit it (seen once in the stress, between two
#     openat() calls);
#   - rcu_all_qs() reading RCU's per-CPU quiescent-state request while the
#     RCU core clears it from a softirq (strict mode reports it): reached
#     from every cond_resched(), kds_test.ko's threads' included.
# Only those functions; check.awk judges every other report.
kcsan_filter() {
	local f k=/sys/kernel/debug/kcsan
	[ -e $k ] || return 0
	for f in pipe_read pipe_write kernfs_refresh_inode rcu_all_qs; do
		echo "!$f" >$k || fail "kcsan: adding $f to the report filter refused"
	done
	say "kcsan: the kernel's own pipe_read/pipe_write, kernfs_refresh_inode and rcu_all_qs races filtered out"
}

extra_before_unload() {
	local s=$STRESS_SECS r p1= p2= p3= n=0
	if [ "$kds_loaded" != 1 ] || [ ! -d $SB ]; then
		fail "stress: kds.ko is not loaded"
		return
	fi
	if [ "$s" -gt 0 ]; then
		say "stress: ${s}s of concurrent sysfs work, then ${s}s more with rmmod/insmod of kds.ko"
		: >$STRESS_RUN
		stress_loop "create/delete_region 20 21" round_regions 20 21 &
		stress_loop "create/delete_region 22 23" round_regions 22 23 &
		stress_loop "new_id/remove_id" round_ids &
		stress_loop "bind/unbind/drivers_probe" round_bind &
		stress_loop "attribute reads" round_read &
		stress_loop "malformed writes" round_bad &
		if grep -qE '^ *10000000-17ffffff : Soft Reserved$' /proc/iomem &&
			! grep -qE '^ +10000000-17ffffff : (hmem|dax)' /proc/iomem; then
			echo "$STRESS_DEVDAX_SPEC" >$SB/create_region ||
				fail "stress: create region 30 for the mapping stress"
			: >$STRESS_DEVDAX_RUN
			echo 0 >$STRESS_CHURN
			devdax_churn &
			p1=$!
			kds-devdax stress /dev/dax30.0 0 0x200000 0x200000 0x400000 $STRESS_DEVDAX_RUN $STRESS_CHURN >/tmp/kds-stress.devdax.0 2>&1 &
			p2=$!
			kds-devdax stress /dev/dax30.0 1 0x400000 0x200000 0x200000 $STRESS_DEVDAX_RUN $STRESS_CHURN >/tmp/kds-stress.devdax.1 2>&1 &
			p3=$!
		else
			fail "stress: the Soft Reserved range 0x10000000-0x17ffffff is not free for the mapping stress"
		fi
		sleep "$s"
		# the mappings go on until the churn has made a step of each
		# kind (the counter is 6 then), 60 s more at most
		r=0
		while [ -e $STRESS_CHURN ] && [ "$(cat $STRESS_CHURN)" -lt 6 ] && [ $r -lt 600 ]; do
			usleep 100000
			r=$((r + 1))
		done
		rm -f $STRESS_DEVDAX_RUN
		[ -n "$p1" ] && wait $p1 $p2 $p3
		# region 30's device had pages mapped: while it is bound kds.ko
		# refuses to unload, so it goes before the reloads
		echo 30 >$SB/delete_region 2>/dev/null
		stress_reload "$s"
		rm -f $STRESS_RUN
		wait
		grep -q '^kds ' /proc/modules || insmod /lib/kds/kds.ko ||
			fail "stress: kds.ko cannot be loaded after the stress"
		for r in 20 21 22 23 30; do
			echo $r >$SB/delete_region 2>/dev/null
		done
		# the mapping stress: no failure; pages stamped, read back
		# after a remap and checked by the other writer; churn seen
		for r in 0 1; do
			head -n 4 /tmp/kds-stress.devdax.$r | sed 's/^/kds-vm: /'
			grep -qE "^devdax: stress: writer $r: .* [1-9][0-9]* pages stamped, [1-9][0-9]* found again before stamping, [1-9][0-9]* read back after a remap, [1-9][0-9]* of the peer's verified, .* [1-9][0-9]* churn steps seen, 0 failures$" \
				/tmp/kds-stress.devdax.$r ||
				fail "stress: device-dax mapping stress $r failed, checked nothing or saw no churn"
			r=$(sed -n 's/.* \([0-9]*\) refusals during churn,.*/\1/p' /tmp/kds-stress.devdax.$r | head -n 1)
			n=$((n + ${r:-0}))
		done
		# churn that never reaches a mapping proves nothing
		[ "$n" -ge 1 ] || fail "stress: no mapping met a churn step"
		grep -qE 'dax30.0|kds_dax_region30' /proc/iomem &&
			fail "stress: /proc/iomem holds region 30 after its deletion"
		# The bus still works.
		echo "7 0x1004000000 0x8000000 0x200000 0" >$SB/create_region ||
			fail "stress: create_region after the stress"
		[ "$(drv_of $SB/devices/dax7.0)" = kds_device_dax ] ||
			fail "stress: dax7.0 not bound to kds_device_dax after the stress"
		echo 7 >$SB/delete_region || fail "stress: delete_region after the stress"
		say "stress: done"
	fi
	kmemleak_scan loaded
}

extra_after_unload() {
	if [ -n "$FAULTS" ]; then
		say "planting faults: $FAULTS"
		insmod /lib/kds/kds_faults.ko faults="$FAULTS" || fail "insmod kds_faults.ko"
	fi
	kmemleak_scan final
	if [ ! -r /proc/lockdep_stats ]; then
		fail "lockdep: /proc/lockdep_stats missing (a kernel without lockdep?)"
	elif ! grep -Eq 'debug_locks: +1' /proc/lockdep_stats; then
		fail "lockdep: switched off during the run (an earlier report or a taint)"
	else
		say "lockdep: still on"
	fi
}
