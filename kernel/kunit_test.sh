#!/usr/bin/env bash
# kunit_test: the KUnit suites a vendored copy carries (CONFIG_KDS_KUNIT_TEST,
# kernel/kunit/kds_kunit.c) run and pass in every kernel tree kds supports
# (kernel/kernels.sh: Debian's linux-source-6.1 and linux-source-6.12), the
# way a kernel developer runs them: under UML, with the tree's own kunit.py.
#
#   kernel/kunit_test.sh [--cases PROG]...
#
# Per tree, extracted fresh from /usr/src/linux-source-<series>.tar.xz:
#  - kernel/vendor.sh puts kds into lib/kds (with its .kunitconfig);
#  - 'kunit.py build --kunitconfig lib/kds' builds the UML kernel; a
#    compiler warning in lib/kds fails the test;
#  - 'kunit.py exec' runs it and 'kunit.py parse' (the tree's own KTAP
#    parser) must pass every suite and case;
#  - every suite of each --cases program (the userspace runners of the same
#    case files, kds_case_test) must have run under KUnit with the same
#    cases in the same order: a case the KUnit glue lost or added fails;
#  - a fault planted in the vendored dax id parser (it takes any number of
#    trailing newlines, where a second one must be refused) must fail
#    kunit.py, naming the suite; the name comparison must reject a KTAP
#    with one case dropped.
set -euo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)}
cases=()
while [ $# -gt 0 ]; do
	case $1 in
	--cases) cases+=("$(readlink -f "$2")"); shift 2 ;;
	*) echo "usage: $0 [--cases PROG]..." >&2; exit 2 ;;
	esac
done
. "$root/testing/sh_lib.sh"
test_begin kunit
# check_probes
. "$root/kernel/probes/check.sh"
jobs=$(nproc 2>/dev/null || echo 2)

# The case names per suite: "suite<TAB>case" lines, in order. The userspace
# runners print a suite's cases four spaces deep under '# Subtest: SUITE';
# KUnit prints each suite's one test, "cases", there and its parameters (the
# cases) eight spaces deep, "ok N - name" on 6.1 and "ok N name" later.
case_names() { # case_names DEPTH FILE
	awk -v depth="$1" '
		BEGIN { ind = sprintf("%" depth "s", "") }
		/^    # Subtest: / && !/^     / { suite = $0; sub(/^    # Subtest: /, "", suite); next }
		/^(not )?ok [0-9]+ / { suite = ""; next }
		suite != "" && index($0, ind) == 1 && substr($0, length(ind) + 1) ~ /^(not )?ok [0-9]+ / {
			line = substr($0, length(ind) + 1)
			sub(/^(not )?ok [0-9]+ (- )?/, "", line)
			sub(/ # .*$/, "", line)
			print suite "\t" line
		}' "$2"
}

# The suites the components' shared case files declare (KDS_SUITE in
# <component>/tests/cases*.c): each must run under KUnit and in
# userspace, with at least one case, whatever either side prints.
expected_suites() {
	sed -n 's/^KDS_SUITE([a-z_0-9]*, "\([a-z_0-9]*\)".*/\1/p' "$root"/*/tests/cases*.c | sort -u
}

# compare USER_KTAP KUNIT_KTAP LABEL: every suite the case files declare
# (expected_suites) ran in the userspace document and under KUnit, each
# with at least one case and the same cases in the same order; a suite
# on either side that no case file declares, or a count of suites that is
# not the declared one, fails too.
compare() {
	local user=$1 kunit=$2 label=$3 s nu want got
	case_names 4 "$user" >"$tmp/user.names"
	case_names 8 "$kunit" >"$tmp/kunit.names"
	expected_suites >"$tmp/suites.want"
	want=$(wc -l <"$tmp/suites.want")
	[ "$want" -gt 0 ] || { echo "$label: no case file declares a suite"; return 1; }
	cut -f1 "$tmp/kunit.names" | sort -u >"$tmp/suites.kunit"
	cut -f1 "$tmp/user.names" | sort -u >"$tmp/suites.user"
	for side in kunit user; do
		if ! cmp -s "$tmp/suites.want" "$tmp/suites.$side"; then
			echo "$label: the suites with cases in $side are not the $want the case files declare (< declared, > $side):"
			diff "$tmp/suites.want" "$tmp/suites.$side" | grep '^[<>]' | head -n 10
			return 1
		fi
	done
	for s in $(cat "$tmp/suites.want"); do
		if ! diff <(grep -P "^\\Q$s\\E\t" "$tmp/user.names") \
			<(grep -P "^\\Q$s\\E\t" "$tmp/kunit.names") >"$tmp/names.diff"; then
			echo "$label: suite $s: KUnit's cases differ from userspace's (< userspace, > KUnit):"
			head -n 10 "$tmp/names.diff"
			return 1
		fi
		nu=$(grep -cP "^\\Q$s\\E\t" "$tmp/user.names")
		echo "$label: suite $s: $nu case(s), the same under KUnit"
	done
	got=$(wc -l <"$tmp/suites.kunit")
	echo "$label: $got of $want declared suites, each with cases, in both worlds"
}

# The userspace side, once: each runner's KTAP document.
: >"$tmp/user.ktap"
for prog in "${cases[@]}"; do
	if ! KDS_TEST_STEPS=10 "$prog" >>"$tmp/user.ktap" 2>>"$tmp/user.stderr"; then
		bad "$(basename "$prog") failed in userspace"
	fi
done
[ "${#cases[@]}" -gt 0 ] || echo "note: no --cases program: the case lists are not compared"

# refused SERIES WHAT KTAP MARK: compare must refuse the userspace
# document against KTAP (a planted run: WHAT), saying MARK
refused() {
	if compare "$tmp/user.ktap" "$3" "$1 ($2)" >"$tmp/refused.log"; then
		bad "$1: the comparison accepted a run with $2"
	else
		ok "$1: the comparison rejects a run with $2 ($(grep -m1 "$4" "$tmp/refused.log"))"
	fi
}

kunit_in() { # kunit_in KVER
	local kver=$1 series tarball tree build kunit rc probes
	series=$(printf '%s\n' "$kver" | sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p')
	tarball=/usr/src/linux-source-$series.tar.xz
	[ -f "$tarball" ] || { bad "$tarball missing (apt-get install linux-source-$series)"; return; }
	echo "==== $kver: $tarball"
	step "extracting $tarball"
	tar -xJf "$tarball" -C "$tmp"
	tree=$tmp/linux-source-$series
	build=$tmp/build-$series
	# UML keeps its runtime files under $HOME/.uml and panics without a
	# HOME (Bazel's test environment has none).
	mkdir -p "$tmp/home"
	kunit=(env HOME="$tmp/home" python3 "$tree/tools/testing/kunit/kunit.py")
	"$root/kernel/vendor.sh" "$tree" >/dev/null || { bad "vendor.sh into linux-source-$series failed"; return; }
	[ -f "$tree/lib/kds/.kunitconfig" ] || bad "the vendored copy has no .kunitconfig"

	step "kunit.py build --kunitconfig lib/kds (UML)"
	if ! (cd "$tree" && "${kunit[@]}" build --kunitconfig lib/kds --build_dir "$build" \
		--jobs "$jobs") >"$tmp/build.log" 2>&1; then
		tail -n 40 "$tmp/build.log"; bad "$series: kunit.py build failed"; return
	fi
	if grep -E 'lib/kds/.*(warning|error):' "$tmp/build.log"; then
		bad "$series: lib/kds compiled with warnings"
	fi
	grep -qx 'CONFIG_KDS_KUNIT_TEST=y' "$build/.config" ||
		bad "$series: the UML config lost CONFIG_KDS_KUNIT_TEST"
	# the probes answered in the KUnit build as kernel/probes/expected pins
	# them for this series built for UML (its "uml-" line)
	probes=$build/lib/kds/kernel/kds_probes.h
	[ -f "$probes" ] || probes=$tree/lib/kds/kernel/kds_probes.h
	check_probes "uml-$kver" "$probes"

	step "kunit.py exec, then kunit.py parse"
	(cd "$tree" && "${kunit[@]}" exec --build_dir "$build" --raw_output=kunit) \
		>"$tmp/kunit-$series.ktap" 2>&1 || true
	rc=0
	(cd "$tree" && "${kunit[@]}" parse "$tmp/kunit-$series.ktap") >"$tmp/parse.log" 2>&1 || rc=$?
	cp "$tmp/kunit-$series.ktap" "$tmp/parse.log" "${TEST_UNDECLARED_OUTPUTS_DIR:-$tmp}/" 2>/dev/null || true
	if [ "$rc" = 0 ] && grep -q 'Testing complete' "$tmp/parse.log"; then
		ok "$series: $(grep 'Testing complete' "$tmp/parse.log" | sed 's/^\[[^]]*\] //')"
	else
		tail -n 60 "$tmp/parse.log"; bad "$series: kunit.py parse rejected the run (status $rc)"
	fi
	if [ "${#cases[@]}" -gt 0 ]; then
		compare "$tmp/user.ktap" "$tmp/kunit-$series.ktap" "$series" ||
			bad "$series: the KUnit suites do not run the shared cases"
		# The comparison can fail: one KUnit case dropped, and one suite
		# gone from KUnit's run (a component dropped from the KUnit
		# build, or its suite emptied: its cases left out).
		awk '/^        ok [0-9]+ / && !done { done = 1; next } { print }' \
			"$tmp/kunit-$series.ktap" >"$tmp/dropped.ktap"
		refused "$series" "one case missing" "$tmp/dropped.ktap" 'differ'
		awk '/^    # Subtest: kds_dma_masks$/ { skip = 1 } skip && /^    (not )?ok [0-9]+ / { skip = 0; next } !skip { print }' \
			"$tmp/kunit-$series.ktap" >"$tmp/nosuite.ktap"
		refused "$series" "no kds_dma_masks suite" "$tmp/nosuite.ktap" 'not the'
	fi

	# A fault planted in the vendored copy: kds_dax_parse_id() takes an
	# id it must refuse. KUnit must fail, naming the suite.
	step "planted fault: the dax id parser accepts a second newline"
	plant "$tree/lib/kds/dax_bus/bus.c" || { bad "$series: the fault could not be planted"; return; }
	if ! (cd "$tree" && "${kunit[@]}" run --kunitconfig lib/kds --build_dir "$build" \
		--jobs "$jobs") >"$tmp/planted.log" 2>&1 &&
		grep -q 'FAILED.*kds_dax_ids' "$tmp/planted.log"; then
		ok "$series: the planted fault fails KUnit: $(grep -m1 '\[FAILED\] kds_dax_ids' "$tmp/planted.log" | sed 's/^\[[^]]*\] //; s/=//g')"
	else
		tail -n 30 "$tmp/planted.log"; bad "$series: KUnit passed with a fault planted in the id parser"
	fi
	rm -rf "$tree" "$build"
	step "done with $kver"
}

# plant FILE: make kds_dax_parse_id() take every trailing newline, where
# it must refuse a second one ("dax0.0\n\n" is -EINVAL).
plant() {
	local f=$1
	grep -q 'KDS_KUNIT_PLANT' "$f" && return 1
	sed -i "s|^\(\s*\)if (buf\[len - 1\] == '\\\\n')\$|\1while (len > 1 \&\& buf[len - 1] == '\\\\n') /* KDS_KUNIT_PLANT */|" "$f"
	grep -q 'KDS_KUNIT_PLANT' "$f"
}

test_each_kernel kunit_in
exit $fail
