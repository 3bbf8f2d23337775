#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# devdax.sh - the device-dax benchmark: kds's device_dax against Linux's
# own, on the same kernel (Debian's, under QEMU) and the same memory.
#
#   ./bazelw run //benchmarks/devdax [-- ROUNDS]
#   benchmarks/devdax/devdax.sh [ROUNDS]
#
# Boots kernel/vm/run.sh's guest with guest.sh as its extra stage (before
# the VM suite, which then runs as always and must pass) and kds-devbench
# (touch.c) packed. Per round (default 5) and per driver, on a freshly
# bound 128 MiB device: the first touch of every 4 KiB page of a shared
# mapping at align 2 MiB and 4 KiB (time, minor faults), and fio's dev-dax
# sequential write and read bandwidth at 2 MiB. Prints, from the medians,
# one table: each figure for Linux and kds and their ratio
# (kds/Linux for time, so below 1 is faster; kds/Linux for bandwidth,
# above 1 is faster), with the goals (first touch <= 1.1x, bandwidth >=
# 0.95x) and the machine it ran on. Fault counts must be equal: a
# difference fails the run (exit 1), as does a failed guest run. The
# figures are of an emulated CPU (TCG): they compare the two drivers on
# one machine, not the memory.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-5}
case $rounds in ''|*[!0-9]*|0) echo "usage: $0 [ROUNDS (a positive number)]" >&2; exit 2 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/kds-devbench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -std=gnu11 -O2 -Wall -Werror -static -o "$work/kds-devbench" "$here/touch.c"
echo "BENCH_ROUNDS=$rounds" >"$work/kds-bench.conf"

echo "devdax benchmark: $rounds round(s); booting the guest (a few minutes under TCG)" >&2
rc=0
KDS_VM_TIMEOUT=${KDS_VM_TIMEOUT:-$((300 + 120 * rounds))} \
	"$root/kernel/vm/run.sh" --extra "$here/guest.sh" --add "$work/kds-devbench" \
	--add "$work/kds-bench.conf" --keep "$work/keep" >"$work/run.log" 2>&1 || rc=$?
log=$work/keep/console.log
if [ "$rc" != 0 ] || [ ! -s "$log" ]; then
	tail -n 30 "$work/run.log"
	grep -a 'kds-vm: FAIL' "$log" 2>/dev/null | head -n 5
	echo "devdax benchmark: the guest run failed (run.sh exit $rc)" >&2
	exit 1
fi
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
tr -d '\r' <"$log" | grep -a '^kds-vm: bench: ' | awk -v cpu="$cpu" -v ncpu="$(nproc)" '
function median(key,   n, i, j, t, a) {
	n = split(vals[key], a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function add(key, v) { vals[key] = vals[key] (key in vals ? " " : "") v }
$3 == "touch" {
	# touch WHO ALIGN ns=N faults=N pages=N
	split($6, ns, "="); split($7, fl, "="); split($8, pg, "=")
	add("touch " $4 " " $5, ns[2])
	k = "faults " $4 " " $5
	if (k in faults && faults[k] != fl[2]) bad = bad "\n  " $4 " at " $5 ": fault counts vary between rounds"
	faults[k] = fl[2]; pages[$5] = pg[2]
}
$3 == "fio" { add("fio " $4 " " $5, $6) }
END {
	printf "device-dax benchmark, %s (%d CPUs), guest under QEMU TCG, 128 MiB Soft Reserved range\n", cpu, ncpu
	printf "| measure | Linux device_dax | kds device_dax | kds/Linux | goal |\n|---|---|---|---|---|\n"
	split("2097152 4096", al, " ")
	for (i = 1; i <= 2; i++) {
		a = al[i]
		if (!(("touch linux " a) in vals) || !(("touch kds " a) in vals)) { bad = bad "\n  no first-touch result at align " a; continue }
		l = median("touch linux " a); k = median("touch kds " a)
		name = a == 4096 ? "4 KiB" : "2 MiB"
		printf "| first touch, align %s (%d pages): ms | %.1f | %.1f | %.2fx | <= 1.1x |\n", name, pages[a], l / 1e6, k / 1e6, k / l
		printf "| minor faults, align %s | %d | %d | %s | equal |\n", name, faults["faults linux " a], faults["faults kds " a], faults["faults linux " a] == faults["faults kds " a] ? "equal" : "DIFFERENT"
		if (faults["faults linux " a] != faults["faults kds " a]) bad = bad "\n  fault counts differ at align " a
	}
	split("write read", rw, " ")
	for (i = 1; i <= 2; i++) {
		if (!(("fio linux " rw[i]) in vals) || !(("fio kds " rw[i]) in vals)) { bad = bad "\n  no fio " rw[i] " result"; continue }
		l = median("fio linux " rw[i]); k = median("fio kds " rw[i])
		printf "| fio dev-dax sequential %s, bs 2 MiB: MiB/s | %.0f | %.0f | %.2fx | >= 0.95x |\n", rw[i], l / 1024, k / 1024, k / l
	}
	n = split(vals["touch linux 4096"], x, " ")
	printf "(medians of %d round(s); time ratios below 1 and bandwidth ratios above 1 favour kds)\n", n
	if (bad != "") { printf "devdax benchmark: FAILED:%s\n", bad; exit 1 }
}'
