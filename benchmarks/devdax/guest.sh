# SPDX-License-Identifier: GPL-2.0
#
# guest.sh - the device-dax benchmark's guest stage. benchmarks/devdax/
# devdax.sh packs it through kernel/vm/run.sh --extra; /init sources it
# and calls extra_before_load before its own suite loads anything.
#
# On the guest's 128 MiB Soft Reserved range, for BENCH_ROUNDS rounds
# (/lib/kds/kds-bench.conf) after one warm-up round, alternating which
# goes first:
#   - Linux's device_dax (dax_hmem's dax0.0, align set through its
#     align attribute while unbound, then bound) and kds's device_dax
#     (a class region over the same range, created with that align), at
#     align 2 MiB and 4 KiB: kds-devbench maps the whole device on the
#     freshly bound driver and touches every 4 KiB page once (time, minor
#     faults);
#   - at align 2 MiB, fio's dev-dax engine writes then reads the whole
#     device sequentially (bs 2 MiB, 8 passes): bandwidth in KiB/s.
# Each result is a line "kds-vm: bench: ..."; a step that fails is a
# "kds-vm: FAIL: bench: ..." line, which fails the run. Then it unloads
# what it loaded, so /init's suite runs as always.

BENCH_ROUNDS=5
BENCH_WHAT=
[ -r /lib/kds/kds-bench.conf ] && . /lib/kds/kds-bench.conf
BL=/sys/bus/dax
BK=/sys/bus/kds_dax

bench_w() { echo "$2" >"$1" 2>/dev/null || fail "bench: writing '$2' to $1"; }

# bench_linux_on ALIGN: Linux's dax0.0 bound with ALIGN
bench_linux_on() {
	bench_w $BL/devices/dax0.0/align "$1"
	bench_w $BL/drivers/device_dax/bind dax0.0
}
bench_linux_off() { bench_w $BL/drivers/device_dax/unbind dax0.0; }
bench_kds_on() { bench_w $BK/create_region "15 0x10000000 $BENCH_SIZE $1 0 class"; }
bench_kds_off() { bench_w $BK/delete_region 15; }

# bench_touch WHO ALIGN DEV
bench_touch() {
	local out
	out=$(/lib/kds/kds-devbench "$3" "$BENCH_SIZE")
	case $out in
	"devbench: ns="*) say "bench: ${BENCH_WHAT}touch $1 $2 ${out#devbench: }" ;;
	*) fail "bench: touch $1 $2: $out" ;;
	esac
}

# bench_fio WHO DEV: sequential write, then read, of the whole device
bench_fio() {
	local rw f out
	for rw in write read; do
		out=$(fio --name=seq --ioengine=dev-dax --filename="$2" --rw=$rw \
			--bs=2m --size="$BENCH_SIZE" --loops=8 --iodepth=1 --minimal 2>&1)
		[ $rw = write ] && f=48 || f=7
		out=$(echo "$out" | awk -F';' -v f=$f '$1 == "3" && $5 == "0" { print $f }')
		case $out in
		[1-9]*) say "bench: ${BENCH_WHAT}fio $1 $rw $out" ;;
		*) fail "bench: fio $1 $rw did not run clean" ;;
		esac
	done
}

bench_one() {
	local who=$1 al=$2 dev
	if [ "$who" = linux ]; then
		bench_linux_on "$al"
		dev=/dev/dax0.0
	else
		bench_kds_on "$al"
		dev=/dev/dax15.0
	fi
	bench_touch "$who" "$al" $dev
	[ "$al" = 2097152 ] && bench_fio "$who" $dev
	if [ "$who" = linux ]; then bench_linux_off; else bench_kds_off; fi
}

extra_before_load() {
	local r al first second
	[ -e /lib/kds/dax.ko ] && insmod /lib/kds/dax.ko
	insmod /lib/kds/device_dax.ko && insmod /lib/kds/dax_hmem.ko &&
		insmod /lib/kds/kds.ko || { fail "bench: loading the drivers"; return; }
	[ -e $BL/devices/dax0.0 ] || { fail "bench: no dax0.0 (dax_hmem)"; return; }
	BENCH_SIZE=$(cat $BL/devices/dax0.0/size)
	say "bench: $BENCH_ROUNDS rounds on $BENCH_SIZE bytes"
	bench_linux_off
	# round 0 warms up (the emulator translates each code path on its
	# first run) and is reported as "warmup", which devdax.sh ignores
	for r in $(seq 0 "$BENCH_ROUNDS"); do
		first=linux second=kds
		[ $((r % 2)) = 0 ] && first=kds second=linux
		BENCH_WHAT=
		[ "$r" = 0 ] && BENCH_WHAT="warmup "
		for al in 2097152 4096; do
			bench_one $first $al
			bench_one $second $al
		done
	done
	bench_w $BL/devices/dax0.0/align 2097152
	rmmod kds && rmmod dax_hmem && rmmod device_dax ||
		fail "bench: unloading the drivers"
	[ -e /lib/kds/dax.ko ] && rmmod dax
	say "bench: done"
}
