#!/usr/bin/env bash
# smoke_test.sh - run the benchmark harness in --quick mode and check that
# its output is well formed: the tables, every structure, both populates,
# the depth, the MET/MISS targets, a consistent CSV, the summary, where the
# results go, and the option handling. Never looks at timings.
#
#
# Linux's own genradix (linux-6.1, linux-6.12) is built from the kernel
# source tarballs: on a machine that has them, its columns and the
# "kds / linux" table must be there; without it, the run must say so.
#
# walk_floor (the fewest-instruction walk beside kds's) is checked the
# same way: its --quick run, its cold-build rule, its option handling.
#
#   smoke_test.sh PATH/TO/benchmarks LINUX_6_1_TARBALL LINUX_6_12_TARBALL PATH/TO/walk_floor
set -uo pipefail
bench=$(realpath "$1")
linux_tarball=$2
linux612_tarball=$3
floor=$(realpath "$4")
tmp=${TEST_TMPDIR:-$(mktemp -d)}
fail=0
bad() { echo "FAIL: $*"; fail=1; }

if [ -r "$linux_tarball" ] && [ -r "$linux612_tarball" ]; then
	linux=(linux-6.1 linux-6.12)
elif [ -r "$linux_tarball" ] || [ -r "$linux612_tarball" ]; then
	echo "FAIL: one of $linux_tarball and $linux612_tarball is missing (./bazelw installs both)"
	exit 1
else
	linux=()
fi
structures=(flat flat-thp flex_array genradix-4k genradix-512 "${linux[@]}" JudyL)
# The columns of a table with every structure, in order.
columns=$(printf ' +%s' "${structures[@]}")
mdcolumns=$(printf ' %s |' "${structures[@]}")
workloads=(populate-cold populate-warm seq random chase foreach memory depth sparse
	   sparse-memory capacity)

# A workspace with figures of record in it: a --quick run must not touch them.
ws=$tmp/ws
mkdir -p "$ws/benchmarks/results"
echo "the record" >"$ws/benchmarks/results/summary.md"
runs=$tmp/runs
mkdir -p "$runs"

# 1. The quick run, as `bazel run` starts it: tables on stdout, progress on
# stderr, files in a new run folder under $TMPDIR.
if ! (cd "$tmp" && BUILD_WORKSPACE_DIRECTORY=$ws TMPDIR=$runs "$bench" --quick \
	>"$tmp/stdout" 2>"$tmp/stderr"); then
	cat "$tmp/stderr"; bad "--quick run failed"
fi
grep -qx 'the record' "$ws/benchmarks/results/summary.md" || bad "--quick overwrote the record"
[ "$(ls "$ws/benchmarks/results")" = summary.md ] || bad "--quick wrote into benchmarks/results"
out=$(sed -n 's/^results: \(.*\) (summary.md, results.csv, charts)$/\1/p' "$tmp/stdout")
[ -n "$out" ] || bad "the run folder is not printed"
case $out in
"$runs"/kds-benchmarks/*-quick) ;;
*) bad "run folder '$out' not under \$TMPDIR/kds-benchmarks" ;;
esac
[ "$(readlink "$runs/kds-benchmarks/latest")" = "$out" ] || bad "no 'latest' link to the run"
grep -q "results in $out" "$tmp/stderr" || bad "the run folder is not named at the start"

grep -q '^kds benchmarks (--quick' "$tmp/stdout" || bad "no title line"
grep -qE "^entry +N$columns *\$" "$tmp/stdout" ||
	bad "no table header with every structure ($columns)"
for t in 'populate 0..N, cold' 'populate 0..N, warm' 'sequential lookup' 'random lookup' \
	 'dependent random lookup' 'for_each iteration' 'memory after populate' \
	 'depth after populate' 'sparse populate' 'capacity'; do
	grep -q "^== $t" "$tmp/stdout" || bad "no '$t' table"
done
[ "$(grep -c '^== .*ratio to flat-thp$' "$tmp/stdout")" -ge 7 ] ||
	bad "tables do not give ratios to flat-thp"
grep -q '^checksums: all verified' "$tmp/stdout" || bad "checksums not verified"
grep -q '^cold populates: all from fresh memory' "$tmp/stdout" || bad "cold populates not cold"
grep -qE '^\[ *[0-9]+/[0-9]+ ' "$tmp/stderr" || bad "no progress lines on stderr"
grep -q 'CHECKSUM MISMATCH' "$tmp/stderr" && bad "checksum mismatch reported"

# 2. The MET/MISS table: exactly the targets, once per entry size, each
# with its entry size, N, depth, value and limit; a miss says what limits it.
grep -q '^== targets: genradix-4k against flat-thp' "$tmp/stdout" || bad "no targets section"
sed -n '/^== targets/,/^top points/p' "$tmp/stdout" >"$tmp/targets"
rowre='^(MET|MISS) +.* +(8|24|100)B [0-9]+ .* [0-9]+( vs [0-9]+)? +[0-9.]+x +(<=|>=) [0-9.]+x'
[ "$(grep -cE "$rowre" "$tmp/targets")" -eq 21 ] ||
	bad "expected 21 target rows, got $(grep -cE "$rowre" "$tmp/targets")"
for e in 8 24 100; do
	if [ $e = 8 ]; then lim='random lookup <= 2.0x flat-thp \(stretch 1.5x\)'
	else lim='random lookup <= 2.5x flat-thp'; fi
	for t in "$lim" 'random lookup <= 1.0x flex_array, every N it holds' \
		 'for_each throughput >= 0.8x a flat-thp loop' \
		 'random lookup at N=1000 <= 3.0x flat-thp' \
		 'populate cold <= 1.5x flat-thp' 'populate warm <= 2.0x flat-thp' \
		 'genradix-512 random lookup <= 1.5x genradix-4k'; do
		[ "$(grep -cE "^(MET|MISS) +$t.* $e""B " "$tmp/targets")" -eq 1 ] ||
			bad "target '$t' for ${e}B missing or repeated"
	done
done
awk '/^MISS/ { miss = 1; next } miss && !/^ +what limits it: / { bad = 1 } { miss = 0 }
     END { exit bad }' "$tmp/targets" || bad "a MISS without what limits it"
grep -q 'stretch 1.5x: M' "$tmp/targets" || bad "no stretch verdict"
for e in 8 24 100; do
	grep -qE "^  ${e}B: N=[0-9]+ .*depth genradix-4k [0-9]+, genradix-512 [0-9]+" "$tmp/stdout" ||
		bad "no depth at the ${e}B top point"
	grep -qE "^ +${e}B +[+-][0-9.]+%" "$tmp/stdout" || bad "no memory overhead for ${e}B"
done

# 3. Linux's genradix against kds's: the "kds / linux" table, a row per
# workload and entry size (random twice: top and N=1000), or the reason
# Linux's genradix was not measured. And the host's TLB cost.
if [ ${#linux[@]} -gt 0 ]; then
	grep -q '^== kds / linux' "$tmp/stdout" || bad "no kds / linux table although $linux_tarball exists"
	sed -n '/^== kds \/ linux/,/^$/p' "$tmp/stdout" >"$tmp/vslinux"
	for e in 8 24 100; do
		for w in populate-cold populate-warm seq random chase foreach memory depth sparse \
			 sparse-memory; do
			want=1
			[ $w = random ] && want=2
			got=$(grep -cE "^$w +${e}B [0-9]+ +([0-9.]+x \(| *[0-9]+ vs [0-9]+ levels)" "$tmp/vslinux")
			[ "$got" -eq $want ] || bad "kds / linux: $w ${e}B has $got row(s), want $want"
		done
		grep -qE "^random +${e}B 1000 " "$tmp/vslinux" || bad "kds / linux: no random ${e}B N=1000"
	done
	grep -q 'not measured' "$tmp/stdout" && bad "a structure not measured: $(grep 'not measured' "$tmp/stdout")"
else
	grep -qE "^linux-6.1: not measured: .* not found" "$tmp/stdout" ||
		bad "no note that linux-6.1 was not measured without $linux_tarball"
	grep -q '^== kds / linux' "$tmp/stdout" && bad "a kds / linux table without Linux's genradix"
fi
grep -qE '^host TLB cost .*: 8B [0-9.]+x \(.*, 24B [0-9.]+x \(.*, 100B [0-9.]+x \(' "$tmp/stdout" ||
	bad "no TLB cost of the host for every entry size"
grep -qE '^host memory: ' "$tmp/stdout" || bad "no line on whether the host takes back freed memory"

# Whether the host takes freed memory back (virtio-balloon free page
# reporting, feature bit 5), read from a fake sysfs: a balloon with the
# bit, one without it, another virtio device with bit 5 set, none at all.
fake=$tmp/fakesys/bus/virtio/devices
host_line() {
	KDS_BENCH_SYSFS=$tmp/fakesys "$bench" --quick --filter random/genradix-4k --esize 8 \
		--out "$tmp/host" 2>/dev/null | grep '^host memory: '
}
mkdir -p "$fake/virtio0" "$fake/virtio1"
echo 0x0001 >"$fake/virtio0/device"; echo 0000011000 >"$fake/virtio0/features"
echo 0x0005 >"$fake/virtio1/device"; echo 0110010100 >"$fake/virtio1/features"
host_line | grep -q 'reported to the host' || bad "a balloon reporting free pages not seen"
# When the guest reports (page_reporting's parameters; the last two exist
# on some kernels only): what is there is said, what is not is not.
params=$tmp/fakesys/module/page_reporting/parameters
mkdir -p "$params"
echo 9 >"$params/page_reporting_order"; echo 1024 >"$params/max_waiting_mib"
echo 0 >"$params/min_free_ms"
host_line | grep -q "(virtio-balloon, blocks of 2 MiB and up, once 1024 MiB are waiting, 0 ms after the free)" ||
	bad "the reporting policy not said: $(host_line)"
host_line | grep -q "cold populate figures vary between runs" ||
	bad "without a count of what was reported, cold figures not said to vary: $(host_line)"
echo 5 >"$params/reported_kib"
host_line | grep -q "; a cold populate that raced a report is built again (up to 4 tries)" ||
	bad "with a count of what was reported, the repeat rule not said: $(host_line)"
rm "$params/reported_kib"
rm "$params/max_waiting_mib" "$params/min_free_ms"; echo 10 >"$params/page_reporting_order"
host_line | grep -q "(virtio-balloon, blocks of 4 MiB and up)" ||
	bad "the reporting order alone not said as it is: $(host_line)"
rm -r "$tmp/fakesys/module"
echo 0110000100 >"$fake/virtio1/features"
host_line | grep -q 'no free page reporting' || bad "a balloon without reporting taken for one"
rm -r "$fake/virtio1"
host_line | grep -q 'no free page reporting' || bad "another virtio device's bit 5 taken for reporting"
rm -r "$fake"
host_line | grep -q 'no free page reporting' || bad "no virtio devices: not said"

# A cold build during which the guest reported memory to its host (the
# page_reporting module's reported_kib moved) is built again, up to four
# tries, and the run says how many. Here reported_kib is a FIFO that gives
# a higher count on every read, so every try races and every build is kept
# after its fourth: three times as many built again as kept. A count that
# stays put repeats nothing.
rep=$tmp/fakerep/module/page_reporting/parameters
mkdir -p "$rep"
cold_line() {
	KDS_BENCH_SYSFS=$tmp/fakerep timeout 120 "$bench" --quick --reps 1 \
		--filter populate-cold/genradix-4k --esize 8 --out "$tmp/rep" 2>/dev/null |
		grep '^cold populates: '
}
mkfifo "$rep/reported_kib"
# Held open here for reading and writing, the FIFO never reports end of
# file; the writer fills it with 16-byte lines, so that each 4 KiB read
# starts at a line and gets a count above the last one.
exec 3<>"$rep/reported_kib"
(i=0; while :; do printf '%015d\n' $i; i=$((i + 1)); done) >"$rep/reported_kib" 2>/dev/null &
writer=$!
floor_cold_line() {
	KDS_BENCH_SYSFS=$tmp/fakerep timeout 120 "$floor" --quick --reps 1 2>/dev/null |
		grep '^cold builds: '
}
line=$(cold_line)
fline=$(floor_cold_line)
kill $writer 2>/dev/null; wait $writer 2>/dev/null; exec 3<&-; rm -f "$rep/reported_kib"
again=$(sed -nE 's/.*; ([0-9]+) built again as the guest reported memory to its host meanwhile.*/\1/p' <<<"$line")
kept=$(sed -nE 's/.*; ([0-9]+) kept after 4 such tries$/\1/p' <<<"$line")
if [ -z "$again" ] || [ -z "$kept" ] || [ "$kept" -eq 0 ] || [ "$again" -ne $((3 * kept)) ]; then
	bad "cold builds that raced a report not built again and counted: '$line'"
fi
# walk_floor: three structures, one repetition, every try raced.
[ "$fline" = "cold builds: 9 built again as the guest reported memory to its host meanwhile; 3 kept after 4 such tries" ] ||
	bad "walk_floor: cold builds that raced a report not built again and counted: '$fline'"
echo 5 >"$rep/reported_kib"
line=$(cold_line)
[ "$line" = "cold populates: all from fresh memory" ] || bad "a count that stays put taken for a report: '$line'"
fline=$(floor_cold_line)
[ "$fline" = "cold builds: 0 built again as the guest reported memory to its host meanwhile; 0 kept after 4 such tries" ] ||
	bad "walk_floor: a count that stays put taken for a report: '$fline'"
rm -r "$tmp/fakerep"

# 4. The CSV: one header, same field count on every line, every structure
# and workload present, numeric fields numeric.
csv=$out/results.csv
if [ ! -s "$csv" ]; then
	bad "results.csv missing"
else
	head -1 "$csv" | grep -qx 'workload,structure,entry_bytes,n,unit,median,min,max,reps,ratio_to_flat_thp' ||
		bad "unexpected CSV header: $(head -1 "$csv")"
	awk -F, 'NR == 1 { n = NF; next }
		 NF != n { printf "line %d has %d fields, header %d\n", NR, NF, n; bad = 1 }
		 $3 !~ /^[0-9]+$/ || $4 !~ /^[0-9]+$/ || $9 !~ /^[0-9]+$/ { printf "line %d: bad integer field\n", NR; bad = 1 }
		 $6 !~ /^[0-9.e+-]+$/ || $7 !~ /^[0-9.e+-]+$/ || $8 !~ /^[0-9.e+-]+$/ { printf "line %d: bad number\n", NR; bad = 1 }
		 $7 + 0 > $6 + 0 || $6 + 0 > $8 + 0 { printf "line %d: not min <= median <= max\n", NR; bad = 1 }
		 END { exit bad }' "$csv" || bad "CSV rows inconsistent"
	[ "$(wc -l <"$csv")" -gt 50 ] || bad "too few CSV rows"
	for s in "${structures[@]}"; do
		grep -q "^[a-z-]*,$s," "$csv" || bad "structure $s missing from the CSV"
		for w in populate-cold populate-warm; do
			grep -q "^$w,$s," "$csv" || bad "$w of $s missing"
		done
	done
	for w in "${workloads[@]}"; do
		grep -q "^$w," "$csv" || bad "workload $w missing from the CSV"
	done
	for e in 8 24 100; do
		grep -q "^random,genradix-4k,$e," "$csv" || bad "entry size $e missing"
		grep -qE "^depth,genradix-4k,$e,[0-9]+,levels,[1-9]" "$csv" || bad "depth for $e missing"
	done
	grep -qE '^random,flex_array,8,[0-9]+,ns/op,.*,[0-9.]+$' "$csv" ||
		bad "no ratio to flat-thp in the CSV"
	grep -q '^capacity,flex_array,8,0,entries,260608,' "$csv" || bad "flex_array capacity row wrong"
	grep -q '^capacity,genradix-4k,8,' "$csv" || bad "genradix capacity row missing"
fi

# 5. The summary and the charts.
sum=$out/summary.md
if [ ! -s "$sum" ]; then
	bad "summary.md missing"
else
	grep -q '^# kds benchmark results' "$sum" || bad "summary title missing"
	grep -qE '^- CPU: .+ \([0-9]+ online CPUs\)' "$sum" || bad "summary lacks the CPU model"
	grep -qE '^- date: [0-9]{4}-[0-9]{2}-[0-9]{2}' "$sum" || bad "summary lacks the date"
	grep -q '^## Targets' "$sum" || bad "summary lacks the targets"
	grep -q '^| result | target | entry | N | depth | measured | limit | what limits it |' "$sum" ||
		bad "summary lacks the MET/MISS table"
	[ "$(grep -cE '^\| (MET|MISS)' "$sum")" -eq 21 ] || bad "summary lacks target rows"
	grep -qF "| entry | N |$mdcolumns" "$sum" || bad "summary lacks a table with every structure"
	grep -qE "^This host's TLB cost .*: 8B [0-9.]+x .*, 24B [0-9.]+x .*, 100B [0-9.]+x" "$sum" ||
		bad "summary lacks the host's TLB cost"
	if [ ${#linux[@]} -gt 0 ]; then
		grep -q '^## kds / linux' "$sum" || bad "summary lacks kds / linux"
		[ "$(grep -cE '^\| [a-z-]+ \| (8|24|100)B \| [0-9]+ \| ([0-9.]+x|[0-9]+ vs)' "$sum")" -eq 33 ] ||
			bad "summary's kds / linux table lacks rows"
	else
		grep -q "^- linux-6.1: not measured: " "$sum" || bad "summary does not say linux-6.1 was not measured"
	fi
fi
if command -v gnuplot >/dev/null; then
	for w in populate-cold populate-warm seq random chase foreach sparse; do
		grep -q '<svg' "$out/chart-$w.svg" 2>/dev/null || bad "chart-$w.svg missing or not SVG"
	done
else
	grep -q 'gnuplot not found' "$sum" || bad "no note about the missing charts"
fi

# 6. --csv and --filter: CSV on stdout, only the selected workload (plus
# the flat-thp baseline); --out names the folder.
if ! "$bench" --quick --csv --filter random/genradix-512 --esize 24 --out "$tmp/f" \
	>"$tmp/csv" 2>/dev/null; then
	bad "--csv --filter --esize run failed"
fi
grep -v '^workload,' "$tmp/csv" | grep -vqE '^[a-z-]+,[a-z0-9-]+,24,' && bad "--esize 24 let other sizes through"
grep -q 'gnuplot failed' "$tmp/f/summary.md" && bad "charts of a filtered run failed"
head -1 "$tmp/csv" | grep -q '^workload,structure,' || bad "--csv did not print CSV"
grep -v '^workload,' "$tmp/csv" | grep -vE '^random,(flat-thp|genradix-512),' && bad "--filter let other rows through"
grep -q '^random,genradix-512,' "$tmp/csv" || bad "--filter lost the selected rows"
grep -q '^random,flat-thp,' "$tmp/csv" || bad "--filter dropped the flat-thp baseline"
[ -s "$tmp/f/results.csv" ] || bad "--out folder not written"

# A run of one node size (--filter genradix-512,linux-6.12 selects those
# two only) still has its kds / linux rows: that column filled, the other
# one "-".
if [ ${#linux[@]} -gt 0 ]; then
	if ! "$bench" --quick --filter genradix-512,linux-6.12 --esize 8 --out "$tmp/f512" >"$tmp/f512.out" 2>/dev/null; then
		bad "--filter genradix-512,linux-6.12 run failed"
	fi
	sed -n '/^== kds \/ linux/,/^$/p' "$tmp/f512.out" >"$tmp/vs512"
	for w in populate-cold populate-warm seq random chase foreach memory sparse; do
		grep -qE "^$w +8B [0-9]+ +- +[0-9.]+x \(" "$tmp/vs512" ||
			bad "--filter 512: kds / linux has no 512-byte $w row"
	done
fi

# 7. Bad options are refused with a message, and nothing is written.
"$bench" --no-such-option >/dev/null 2>"$tmp/err" && bad "unknown option accepted"
grep -q 'unknown' "$tmp/err" || bad "no message for an unknown option"
"$bench" --quick --filter nothing-matches --out "$tmp/n" >/dev/null 2>"$tmp/err" && bad "empty filter accepted"
grep -q 'selects nothing' "$tmp/err" || bad "no message for an empty filter"
"$bench" --reps 0 >/dev/null 2>&1 && bad "--reps 0 accepted"
"$bench" --out >/dev/null 2>&1 && bad "--out without a folder accepted"
for opts in "--quick --record" "--record --filter random" "--record --esize 8" \
	    "--record --reps 3" "--record --out $tmp/r"; do
	BUILD_WORKSPACE_DIRECTORY=$ws "$bench" $opts >/dev/null 2>"$tmp/err" &&
		bad "'$opts' accepted"
	grep -q -- '--record takes a full run' "$tmp/err" || bad "no message for '$opts'"
done
grep -qx 'the record' "$ws/benchmarks/results/summary.md" || bad "a refused --record wrote"
# Outside Bazel and outside the workspace there is nowhere to record to.
(cd "$tmp" && env -u BUILD_WORKSPACE_DIRECTORY "$bench" --record >/dev/null 2>"$tmp/err") &&
	bad "--record outside the workspace accepted"
grep -q 'run it with ./bazelw run //benchmarks -- --record' "$tmp/err" ||
	bad "no message for --record outside the workspace"

# 8. walk_floor --quick: both figures, each with flat-thp, genradix-4k and
# the floor and two ratios, every value read back right (exit 0); a bad
# option is refused with the usage.
if ! "$floor" --quick --reps 3 >"$tmp/floor" 2>"$tmp/floor.err"; then
	cat "$tmp/floor.err"; bad "walk_floor --quick failed"
fi
grep -qx 'walk floor: median of 3, ratios to flat-thp (--quick: smaller sizes)' "$tmp/floor" ||
	bad "walk_floor: no title line"
num='[0-9]+\.[0-9]{2}'
for what in 'populate cold, 8 B, 2\^21 entries' 'random lookup, N = 1000, 24 B'; do
	grep -qE "^$what +flat-thp +$num ns +genradix-4k +$num ns \($num""x\) +floor +$num ns \($num""x\)\$" \
		"$tmp/floor" || bad "walk_floor: no line '$what' with all three and their ratios"
done
[ "$(wc -l <"$tmp/floor")" -eq 4 ] || bad "walk_floor: $(wc -l <"$tmp/floor") lines, want 4"
"$floor" --reps 0 >/dev/null 2>"$tmp/err" && bad "walk_floor: --reps 0 accepted"
grep -q '^usage: walk_floor' "$tmp/err" || bad "walk_floor: no usage for --reps 0"
"$floor" --no-such-option >/dev/null 2>&1 && bad "walk_floor: unknown option accepted"

if [ $fail -eq 0 ]; then
	echo "benchmarks smoke test: output well formed"
fi
exit $fail
