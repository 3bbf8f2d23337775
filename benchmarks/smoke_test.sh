#!/usr/bin/env bash
# smoke_test.sh - run the benchmark harness in --quick mode and check that
# its output is well formed: the tables, every structure, a consistent CSV,
# the summary and the option handling. Never looks at timings.
#
#   smoke_test.sh PATH/TO/benchmarks
set -uo pipefail
bench=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}
out=$tmp/results
fail=0
bad() { echo "FAIL: $*"; fail=1; }

structures=(flat flex_array genradix-4k genradix-512 JudyL)
workloads=(populate seq random chase foreach memory sparse sparse-memory capacity)

# 1. The full quick run: tables on stdout, progress on stderr, files in --out.
if ! "$bench" --quick --out "$out" >"$tmp/stdout" 2>"$tmp/stderr"; then
	cat "$tmp/stderr"; bad "--quick run failed"
fi
grep -q '^kds benchmarks (--quick' "$tmp/stdout" || bad "no title line"
grep -qE '^entry +N +flat +flex_array +genradix-4k +genradix-512 +JudyL' "$tmp/stdout" ||
	bad "no table header with every structure"
for t in 'populate 0..N' 'sequential lookup' 'random lookup' 'dependent random lookup' \
	 'for_each iteration' \
	 'memory after populate' 'sparse populate' 'capacity'; do
	grep -q "^== $t" "$tmp/stdout" || bad "no '$t' table"
done
grep -q '^== targets' "$tmp/stdout" || bad "no targets section"
grep -q '^checksums: all verified' "$tmp/stdout" || bad "checksums not verified"
grep -qE '^\[ *[0-9]+/[0-9]+ ' "$tmp/stderr" || bad "no progress lines on stderr"
grep -q 'CHECKSUM MISMATCH' "$tmp/stderr" && bad "checksum mismatch reported"

# 2. The CSV: one header, same field count on every line, every structure
# and workload present, numeric fields numeric.
csv=$out/results.csv
if [ ! -s "$csv" ]; then
	bad "results.csv missing"
else
	head -1 "$csv" | grep -qx 'workload,structure,entry_bytes,n,unit,median,min,max,reps,ratio_to_flat' ||
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
	done
	for w in "${workloads[@]}"; do
		grep -q "^$w," "$csv" || bad "workload $w missing from the CSV"
	done
	for e in 8 24 100; do
		grep -q "^random,genradix-4k,$e," "$csv" || bad "entry size $e missing"
	done
	# flex_array stops at its capacity; genradix goes on.
	grep -q '^capacity,flex_array,8,0,entries,260608,' "$csv" || bad "flex_array capacity row wrong"
	grep -q '^capacity,genradix-4k,8,' "$csv" || bad "genradix capacity row missing"
fi

# 3. The summary and the charts.
sum=$out/summary.md
if [ ! -s "$sum" ]; then
	bad "summary.md missing"
else
	grep -q '^# kds benchmark results' "$sum" || bad "summary title missing"
	grep -q '^- CPU: ' "$sum" || bad "summary lacks the CPU model"
	grep -qE '^- date: [0-9]{4}-[0-9]{2}-[0-9]{2}' "$sum" || bad "summary lacks the date"
	grep -q '^## Targets' "$sum" || bad "summary lacks the targets"
	grep -q '^| entry | N | flat | flex_array | genradix-4k | genradix-512 | JudyL |' "$sum" ||
		bad "summary lacks a table with every structure"
fi
if command -v gnuplot >/dev/null; then
	for w in populate seq random chase foreach sparse; do
		grep -q '<svg' "$out/chart-$w.svg" 2>/dev/null || bad "chart-$w.svg missing or not SVG"
	done
else
	grep -q 'gnuplot not found' "$sum" || bad "no note about the missing charts"
fi

# 4. --csv and --filter: CSV on stdout, only the selected workload (plus
# the flat baseline).
if ! "$bench" --quick --csv --filter random/genradix-512 --out "$tmp/f" >"$tmp/csv" 2>/dev/null; then
	bad "--csv --filter run failed"
fi
head -1 "$tmp/csv" | grep -q '^workload,structure,' || bad "--csv did not print CSV"
grep -v '^workload,' "$tmp/csv" | grep -vE '^random,(flat|genradix-512),' && bad "--filter let other rows through"
grep -q '^random,genradix-512,' "$tmp/csv" || bad "--filter lost the selected rows"
grep -q '^random,flat,' "$tmp/csv" || bad "--filter dropped the flat baseline"

# 5. Bad options are refused with a message.
"$bench" --no-such-option >/dev/null 2>"$tmp/err" && bad "unknown option accepted"
grep -q 'unknown' "$tmp/err" || bad "no message for an unknown option"
"$bench" --quick --filter nothing-matches --out "$tmp/n" >/dev/null 2>"$tmp/err" && bad "empty filter accepted"
grep -q 'selects nothing' "$tmp/err" || bad "no message for an empty filter"
"$bench" --reps 0 >/dev/null 2>&1 && bad "--reps 0 accepted"
"$bench" --out >/dev/null 2>&1 && bad "--out without a folder accepted"

if [ $fail -eq 0 ]; then
	echo "benchmarks smoke test: output well formed"
fi
exit $fail
