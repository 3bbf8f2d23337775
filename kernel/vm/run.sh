#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh - build kds.ko and kds_test.ko, boot the Debian kernel of the same
# version in QEMU with a busybox initramfs that loads them, and judge the
# console.
#
#   kernel/vm/run.sh [--inject LIST] [--keep DIR] [--extra SCRIPT] [--kmemleak]
#                    [--add FILE]... [--cases PROG]...
#   kernel/vm/run.sh --print-kernel
#
# The kernel is Debian's linux-image-$KVER package, of the version of the
# installed linux-headers-$KVER, unpacked into kds's cache by
# kernel/vm_kernel.sh (fetched there on first use; nothing is installed):
# its vmlinuz is booted and its modules folder gives device_dax.ko,
# dax_hmem.ko and kmem.ko. A kernel installed in /boot is never used.
#
#   --inject LIST  load kds_test.ko with inject=LIST (fail,leak,warn): plants
#                  faults, so the run is expected to FAIL (runner self-test)
#   --keep DIR     copy console.log, ktap.txt, kunit.txt and report.txt to DIR
#   --extra SCRIPT a guest shell script /init sources (as /lib/kds/extra.sh);
#                  it may define extra_before_unload and extra_after_unload,
#                  run before and after kds.ko's final unload, and
#                  extra_before_load, run before kds.ko is first loaded
#   --kmemleak     the kernel has kmemleak and SCRIPT scans it
#                  (kernel/vm/stress.sh): the run fails unless its
#                  baseline and final scans ran to the end (check.awk -v
#                  kmemleak=1)
#   --add FILE     also pack FILE into the guest's /lib/kds/ (repeatable)
#   --cases PROG   a userspace runner of shared suites (kds_case_test): each
#                  suite it prints must have run in kds_test.ko with the
#                  same plan (repeatable)
#   --print-kernel print the kernel image and module folder a run would
#                  boot ("kernel PATH", "modules PATH"; fetching the image
#                  into the cache if needed) and exit: nothing is built
#
# Environment:
#   KDS_VM_ACCEL    tcg (default), kvm, or auto: auto uses KVM only when
#                   /dev/kvm is usable and a probe boot powers off within
#                   KDS_VM_PROBE_TIMEOUT seconds (default 15); a KVM run that
#                   times out is retried once with TCG.
#   KDS_VM_TIMEOUT  hard limit for the boot, in seconds (default 150)
#   KDS_VM_MEM      guest memory (default 5G; at least 5G where the kernel
#                   has dax_hmem: QEMU puts the RAM past 3 GiB at 4 GiB,
#                   and the 1 GiB align comparison's range ends at 6 GiB)
#   KDS_VM_SMP      guest CPUs (default 1; 2 for the core guest of another
#                   architecture, whose TCG runs each CPU on a host thread:
#                   kds_test.ko's concurrent suite then runs in parallel)
#   KDS_VM_KERNEL   kernel image to boot (default: vmlinuz in the folder
#                   kernel/vm_kernel.sh $KVER prints)
#   KDS_VM_MODULES  its module folder, for device_dax.ko, dax_hmem.ko and
#                   kmem.ko (default: modules/ in that folder); with both
#                   set, kernel/vm_kernel.sh is not called; device_dax.ko
#                   must be there (the id cross-check against it must run)
#   KDS_VM_NO_HMEM  why this kernel may lack dax_hmem.ko and kmem.ko: when
#                   one is missing, the daxctl comparison on the kernel's
#                   dax bus is not run and the guest says why; unset, both
#                   must be there
#   KDS_CACHE_DIR   the cache kernel/vm_kernel.sh unpacks into
#                   (default ~/.cache/kds)
#   KDIR, KVER      the kernel to build against and boot (kernel/build.sh;
#                   KVER defaults to kernel/kver.sh)
#
# Exit status: 0 when the console log passes kernel/vm/check.awk (init
# finished, no unexpected kernel warning, no BUG/oops/panic, no leak
# report) and its KTAP passes kernel/vm/ktap_parse.sh (the kernel's KTAP
# parser, kunit.py's, with kds's rules: complete plans, no "not ok", no
# skip but the build's or the runner's); 1 otherwise, 2 on a setup error.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
	here="$root/kernel/vm"
fi

inject=
keep=
extra=
kmemleak=0
adds=()
cases=()
print_kernel=0
while [ $# -gt 0 ]; do
	case $1 in
	--inject) inject=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	--extra) extra=$2; shift 2 ;;
	--kmemleak) kmemleak=1; shift ;;
	--add) adds+=("$2"); shift 2 ;;
	--cases) cases+=("$2"); shift 2 ;;
	--print-kernel) print_kernel=1; shift ;;
	*) echo "usage: $0 [--inject LIST] [--keep DIR] [--extra SCRIPT] [--kmemleak] [--add FILE]... [--cases PROG]... | --print-kernel" >&2; exit 2 ;;
	esac
done
accel=${KDS_VM_ACCEL:-tcg}
limit=${KDS_VM_TIMEOUT:-150}
mem=${KDS_VM_MEM:-5G}
smp=${KDS_VM_SMP:-1}
probe_limit=${KDS_VM_PROBE_TIMEOUT:-15}

die() { echo "run.sh: $*" >&2; exit 2; }

for tool in cpio gzip timeout readelf; do
	command -v "$tool" >/dev/null || die "$tool not found (apt-get install cpio)"
done
kver=${KVER:-$("$root/kernel/kver.sh")}
# A kernel of another architecture (kernel/kernels.sh --all) boots the
# core guest, with that architecture's busybox (testing/arch/sysroot.sh).
core=
busybox=/bin/busybox
if [ -n "$("$root/kernel/kernels.sh" --kbuild "$kver" 2>/dev/null)" ]; then
	core=$("$root/kernel/kernels.sh" --row "$kver" | awk '{ print $3 }')
	sysroot=$("$root/testing/arch/sysroot.sh" "$core") || die "no $core sysroot for the guest's busybox (testing/arch/sysroot.sh said why above)"
	busybox=$sysroot/bin/busybox
	smp=${KDS_VM_SMP:-2}
fi
# The machine: x86's (PC, serial console) or arm64's (QEMU's virt board,
# its PL011 console; TCG's "max" CPU with its cheaper pointer
# authentication).
qemu=qemu-system-x86_64 console=ttyS0 machine=() tcg_cpu=(-cpu qemu64,pdpe1gb=on)
if [ "$core" = arm64 ]; then
	qemu=qemu-system-aarch64 console=ttyAMA0 machine=(-M virt) tcg_cpu=(-cpu max,pauth-impdef=on)
fi
command -v "$qemu" >/dev/null || die "$qemu not found (apt-get install qemu-system-x86 qemu-system-arm)"
[ -x "$busybox" ] || die "$busybox not found (apt-get install busybox-static)"
if readelf -l "$busybox" 2>/dev/null | grep -q INTERP; then
	die "$busybox is dynamically linked (apt-get install busybox-static)"
fi
image=
if [ -z "${KDS_VM_KERNEL:-}" ] || [ -z "${KDS_VM_MODULES:-}" ]; then
	image=$("$root/kernel/vm_kernel.sh" "$kver") ||
		die "no kernel image of $kver to boot (kernel/vm_kernel.sh said why above)"
fi
vmlinuz=${KDS_VM_KERNEL:-$image/vmlinuz}
moddir=${KDS_VM_MODULES:-$image/modules}
[ -r "$vmlinuz" ] || die "$vmlinuz is not readable"
[ -d "$moddir" ] || die "$moddir (the kernel's modules) is not a folder"
if [ "$print_kernel" = 1 ]; then
	printf 'kernel %s\nmodules %s\n' "$vmlinuz" "$moddir"
	exit 0
fi

work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-vm.XXXXXX")
trap 'rm -rf "$work"' EXIT

# ---- build
mods=$("$root/kernel/build.sh" --tests --sample "$work/build")
test_ko=$(printf '%s\n' "$mods" | grep '/kds_test\.ko$')
sample_ko=$(printf '%s\n' "$mods" | grep '/kds_sample\.ko$')
kds_ko=$(printf '%s\n' "$mods" | tail -n 1)

# ---- initramfs
ir=$work/initramfs
mkdir -p "$ir/bin" "$ir/proc" "$ir/sys" "$ir/dev" "$ir/tmp" "$ir/etc" "$ir/lib/kds"
cp "$busybox" "$ir/bin/busybox"
cp "$here/init.sh" "$ir/init"
chmod 755 "$ir/init"
cp "$kds_ko" "$test_ko" "$sample_ko" "$ir/lib/kds/"
# The stages /init sources: the check vocabulary and the scenarios.
mkdir -p "$ir/lib/kds/stages"
for f in checks core_guest bus_sysfs pin_wait devdax_apps linux_compare; do
	cp "$here/$f.sh" "$ir/lib/kds/stages/"
done
if [ -n "$extra" ]; then
	cp "$extra" "$ir/lib/kds/extra.sh"
fi
for f in ${adds[@]+"${adds[@]}"}; do
	cp "$f" "$ir/lib/kds/"
done
# The answers this kernel's Linux gives otherwise than kds by design, in
# the dynamic-region comparison (linux_compare.sh's dyn_compare, .dyn) and the
# device-dax one (devdax_compare, .devdax) and the 1 GiB align one
# (align_compare, .align): the file of kernel/vm/linux_differs/ named
# after KVER's series (6.12.dyn for 6.12.*), without its comment lines;
# none: no difference allowed.
for kind in dyn devdax align; do
	: >"$ir/lib/kds/linux_differs.$kind"
	for f in "$here"/linux_differs/*."$kind"; do
		[ -f "$f" ] || continue
		case $kver in "$(basename "$f" ."$kind")".*)
			{ grep -v '^#' "$f" || true; } >"$ir/lib/kds/linux_differs.$kind" ;;
		esac
	done
done
# The kernel's own dax modules (uncompressed: busybox insmod may not read
# compressed modules). device_dax is the reference of the id cross-check
# (kds_dax_ids_vs_linux), which must run: a kernel without it is refused.
# dax_hmem and kmem: with the soft-reserved range (memmap= below) the real
# dax bus gets dax0.0 for the daxctl sequence (vm/daxctl.c); a kernel
# without them must say why (KDS_VM_NO_HMEM).
# pack_module DIR/NAME (under the kernel's drivers/): 0 when packed, 1
# when the kernel has no such module.
pack_module() {
	local f o=$ir/lib/kds/${1##*/}.ko
	f=$(ls "$moddir"/kernel/drivers/$1.ko{,.xz,.zst} 2>/dev/null | head -n 1 || true)
	case $f in
	'') return 1 ;;
	*.xz) xz -dc "$f" >"$o" ;;
	*.zst) zstd -qdc "$f" >"$o" ;;
	*) cp "$f" "$o" ;;
	esac
}
# The bus, dax.ko, where the kernel builds it as a module (device_dax
# needs it loaded first); built in, there is nothing to pack.
pack_module dax/dax || true
pack_module dax/device_dax ||
	die "$moddir has no drivers/dax/device_dax.ko (CONFIG_DEV_DAX=m): the id cross-check needs it"
# libdaxctl asks libkmod for the modules device_dax and kmem before
# binding: kds.ko provides both, so the guest's modules.builtin names them.
pack_builtin_names() {
	mkdir -p "$ir/lib/modules/$kver"
	printf 'kernel/drivers/dax/device_dax.ko\nkernel/drivers/dax/kmem.ko\n' >"$ir/lib/modules/$kver/modules.builtin"
	: >"$ir/lib/modules/$kver/modules.order"
	: >"$ir/lib/modules/$kver/modules.builtin.modinfo"
	"$(command -v depmod || echo /sbin/depmod)" -b "$ir" "$kver" || die "depmod for the guest's modules.builtin failed"
}
# The rest of the guest: on the host's architecture, every stage
# (vm/pack_host.sh); on another one, the core guest (vm/pack_core.sh):
# kds.ko, its failed loads, the sample and kds_test.ko, and kds.ko as the
# system's dax bus with that architecture's daxctl (the later stages run
# the host's programs).
if [ -z "$core" ]; then
	. "$here/pack_host.sh"
else
	. "$here/pack_core.sh"
fi
(cd "$ir" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 >"$work/initramfs.cpio.gz"

# oops=panic ends the run at the first oops (QEMU exits: -no-reboot). The
# soft-lockup watchdog and RCU stall reports are off: an emulated CPU on a
# loaded host stalls for reasons of its own, and a real hang is caught by
# the timeout anyway.
cmdline="console=$console panic=-1 oops=panic loglevel=7 printk.time=1 nowatchdog"
cmdline+=" rcupdate.rcu_cpu_stall_suppress=1 rdinit=/init"
# The memory map below is x86's (memmap=, e820): the guests of other
# architectures run the core stages only, on plain RAM.
if [ "$console" = ttyS0 ]; then
	# 128 MiB of RAM at 256 MiB becomes soft-reserved: the kernel's dax_hmem
	# turns it into dax0.0 on the real dax bus; hot-added memory stays offline.
	cmdline+=" memmap=128M%0x10000000-1+0xefffffff memhp_default_state=offline"
	# the kernel may put hot-added memory's memmap on it (Linux 6.8+ lets a
	# dax device ask for that: linux_compare.sh's memmap_compare)
	cmdline+=" memory_hotplug.memmap_on_memory=1"
	# A guest of at least 1 GiB whose kernel has no dax_hmem (the debug kernel)
	# also gets 256 MiB soft-reserved at 640 MiB: a dynamic kds region there
	# holds two devices, one a whole 128 MiB memory block for kmem
	# (system_dax.sh's dynamic stage).
	# With at least 1 GiB, 128 MiB of RAM at 512 MiB becomes legacy persistent
	# memory (memmap=nn!ss): the other kind of reserved memory kds_kmem hot-adds.
	case $mem in
	*G) mem_mib=$((${mem%G} * 1024)) ;;
	*M) mem_mib=${mem%M} ;;
	*) mem_mib=0 ;;
	esac
	# Where the kernel has dax_hmem, 1920 MiB at 4224 MiB (128 MiB past the
	# 4 GiB boundary, up to 6 GiB; QEMU maps the RAM past 3 GiB from 4 GiB
	# on) becomes soft-reserved too: dax_hmem's second region, where
	# linux_compare.sh's align_compare sets a device to a 1 GiB align on Linux's bus
	# and on kds's. Its faults map 1 GiB units (PUD): the emulated CPU gets
	# the 1 GiB pages of x86 (pdpe1gb; KVM's host CPU has its own).
	if [ -z "$no_hmem" ]; then
		[ "$mem_mib" -ge 5120 ] ||
			die "KDS_VM_MEM=$mem: a kernel with dax_hmem needs at least 5G (the 1 GiB align comparison's range ends at 6 GiB)"
		cmdline+=" memmap=1920M%0x108000000-1+0xefffffff"
	fi
	[ "$mem_mib" -ge 1024 ] && cmdline+=" memmap=128M!0x20000000"
	[ "$mem_mib" -ge 1024 ] && [ -n "$no_hmem" ] &&
		cmdline+=" memmap=256M%0x28000000-1+0xefffffff"
fi

# boot LOG SECONDS QEMU-ACCEL-ARGS...: boot the test initramfs; 124 on timeout.
boot() {
	local log=$1 secs=$2
	shift 2
	local rc=0
	timeout --kill-after=5 "$secs" "$qemu" ${machine[@]+"${machine[@]}"} "$@" \
		-m "$mem" -smp "$smp" -nographic -no-reboot -nic none \
		-kernel "$vmlinuz" -initrd "$work/initramfs.cpio.gz" \
		-append "$cmdline" </dev/null >"$log" 2>"$log.qemu" || rc=$?
	return $rc
}

# kvm_usable: /dev/kvm opens, and a probe boot (init powers off at once)
# finishes in time.
kvm_usable() {
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	local p=$work/probe
	mkdir -p "$p/bin"
	cp "$busybox" "$p/bin/busybox"
	printf '#!/bin/busybox sh\n/bin/busybox echo kds-kvm-probe-ok\n/bin/busybox poweroff -f\n' >"$p/init"
	chmod 755 "$p/init"
	(cd "$p" && find . | cpio -o -H newc -R 0:0 --quiet) | gzip -1 >"$work/probe.cpio.gz"
	timeout --kill-after=2 "$probe_limit" qemu-system-x86_64 -enable-kvm -cpu host \
		-m 128M -smp 1 -nographic -no-reboot -nic none \
		-kernel "$vmlinuz" -initrd "$work/probe.cpio.gz" \
		-append "console=ttyS0 panic=-1 rdinit=/init" </dev/null >"$work/probe.log" 2>&1 || true
	grep -q kds-kvm-probe-ok "$work/probe.log"
}

case $accel in
tcg) use_kvm=0 ;;
kvm) use_kvm=1 ;;
auto)
	if kvm_usable; then
		use_kvm=1
	else
		echo "run.sh: KVM unusable here (no /dev/kvm access, or the probe boot did not power off within ${probe_limit}s)"
		use_kvm=0
	fi
	;;
*) die "KDS_VM_ACCEL must be tcg, kvm or auto" ;;
esac

log=$work/console.log
start=$(date +%s)
rc=0
if [ "$use_kvm" = 1 ]; then
	echo "run.sh: booting $kver ($vmlinuz) with KVM"
	boot "$log" "$limit" -enable-kvm -cpu host || rc=$?
	if [ "$rc" = 124 ] && [ "$accel" = auto ]; then
		echo "run.sh: the KVM boot timed out; retrying with TCG"
		use_kvm=0
		rc=0
	fi
fi
if [ "$use_kvm" = 0 ]; then
	echo "run.sh: booting $kver ($vmlinuz) with TCG"
	boot "$log" "$limit" "${tcg_cpu[@]}" || rc=$?
fi
secs=$(( $(date +%s) - start ))

verdict=0
# The console: the init script's verdicts and the kernel's reports. Three
# modules report their allocations at unload: kds_sample, kds_test and kds.
awk -v unloads=3 -v kmemleak="$kmemleak" -f "$here/check.awk" "$log" >"$work/report.txt" || verdict=1
# The KTAP structure, judged by the kernel's own parser (kunit.py's) with
# kds's rules on its tree; it also extracts the KTAP document.
: >"$work/ktap.txt"
ktap_rc=0
"$here/ktap_parse.sh" --ktap "$work/ktap.txt" "$log" >"$work/kunit.txt" 2>&1 || ktap_rc=$?
grep '^kds-vm: ' "$work/kunit.txt" >>"$work/report.txt" || true
if [ "$ktap_rc" != 0 ]; then
	verdict=1
	[ "$ktap_rc" = 1 ] ||
		echo "kds-vm: problem: ktap_parse.sh could not judge the KTAP (status $ktap_rc, see its output above)" >>"$work/report.txt"
fi
# Each --cases program runs shared suites in userspace; each of its suites
# must have run in kds_test.ko with the same plan (number of cases).
for prog in "${cases[@]}"; do
	if ! KDS_TEST_STEPS=10 "$prog" >"$work/user.ktap" 2>&1; then
		echo "kds-vm: problem: cases: $(basename "$prog") failed in userspace" >>"$work/report.txt"
		verdict=1
	fi
	awk -v prog="$(basename "$prog")" '
		/^    # Subtest: / { name = $0; sub(/^    # Subtest: /, "", name); next }
		name != "" && /^    1\.\.[0-9]+$/ {
			n = $0
			sub(/^    1\.\./, "", n)
			if (FNR == NR) kernel[name] = n; else user[name] = n
		}
		{ name = "" }
		END {
			for (s in user) {
				nsuites++
				if (!(s in kernel)) {
					print "kds-vm: problem: cases: " s " (" prog ") did not run in kds_test.ko"
					bad = 1
				} else if (kernel[s] != user[s]) {
					print "kds-vm: problem: cases: " s ": " kernel[s] " case(s) in kds_test.ko, " user[s] " in " prog
					bad = 1
				} else {
					print "kds-vm: cases: " s ": " user[s] " case(s) in both worlds"
				}
			}
			if (!nsuites) {
				print "kds-vm: problem: cases: " prog " printed no suite"
				bad = 1
			}
			exit bad
		}' "$work/ktap.txt" "$work/user.ktap" >>"$work/report.txt" || verdict=1
done
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "kds-vm: problem: QEMU timed out after ${limit}s" >>"$work/report.txt"
	verdict=1
elif [ "$rc" != 0 ]; then
	echo "kds-vm: problem: QEMU exited with status $rc: $(head -c 2000 "$log.qemu")" >>"$work/report.txt"
	verdict=1
fi

echo "---- KTAP"
cat "$work/ktap.txt"
echo "---- kunit.py parse"
grep -v '^kds-vm: ' "$work/kunit.txt" || true
echo "---- verdict (${secs}s)"
cat "$work/report.txt"
if [ "$verdict" != 0 ]; then
	echo "---- console (last 150 lines)"
	tail -n 150 "$log" | tr -d '\r'
fi

for dest in "$keep" "${TEST_UNDECLARED_OUTPUTS_DIR:-}"; do
	[ -n "$dest" ] || continue
	mkdir -p "$dest"
	cp "$log" "$work/ktap.txt" "$work/kunit.txt" "$work/report.txt" "$dest/"
done
exit $verdict
