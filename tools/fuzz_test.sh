#!/usr/bin/env bash
# fuzz_test.sh [OPTION]... NAME [CLANG_ARG|SOURCE]... - build a libFuzzer
# target with clang (ASan + UBSan + libFuzzer) from sources in the runfiles
# and run it for a bounded time with a fixed seed: a reproducible smoke run,
# not a campaign. Fails on any crash, leak, abort or sanitizer report.
#
# Paths are relative to the workspace root (the runfiles root under Bazel).
#   -t SECONDS   time budget (-max_total_time), default 15
#   -s SEED      libFuzzer -seed, default 1
#   -d DICT      libFuzzer dictionary file
#   -c FILE      a seed file of the target's corpus (repeatable): hex bytes,
#                whitespace ignored, '#' starts a comment to the end of line
#   -x HEX       an initial corpus entry written as hex bytes (repeatable)
#   -m N         the least number of inputs the run must execute
#                (libFuzzer's stat::number_of_executed_units); a run that
#                executes fewer (a stalled or early-exiting target) fails
#   -f FLAG      an extra libFuzzer flag such as -max_len=512 (repeatable)
# The kds_fuzz_test() macro in testing/defs.bzl fills these in.
#
# The seeds live in the source tree (<package>/tests/corpus/<target>/*.hex,
# each file saying what it encodes); the run copies them into a temporary
# corpus, so what the fuzzer adds is never written back.
#
# A failing input (crash-*, leak-*, timeout-*, oom-*) is saved in the
# test's undeclared outputs ($TEST_UNDECLARED_OUTPUTS_DIR, which Bazel keeps
# in bazel-testlogs/<package>/<test>/test.outputs/, zipped by default) as
# NAME-crash-<sha1> and so on, and the run prints one line per input that
# copies the outputs (Bazel empties test.outputs/ before the next run of the
# test, `bazel run` included) and replays the input:
#   d=$(mktemp -d) && cp -R bazel-testlogs/<package>/NAME/test.outputs/. "$d" \
#     && KDS_FUZZ_REPLAY="$d/NAME-crash-<sha1>" ./bazelw run //<package>:NAME
# With KDS_FUZZ_REPLAY=FILE the script builds the target and runs that one
# input instead of fuzzing; FILE may also name a member of the outputs.zip
# in FILE's folder, as Bazel leaves it.
set -euo pipefail
secs=15; seed=1; dict=; hexseeds=(); seedfiles=(); floor=0; flags=()
while getopts t:s:d:c:x:m:f: opt; do
	case $opt in
	t) secs=$OPTARG ;;
	s) seed=$OPTARG ;;
	d) dict=$OPTARG ;;
	c) seedfiles+=("$OPTARG") ;;
	x) hexseeds+=("$OPTARG") ;;
	m) floor=$OPTARG ;;
	f) flags+=("$OPTARG") ;;
	*) echo "usage: $0 [-t S] [-s N] [-d DICT] [-c FILE]... [-x HEX]... [-m N] [-f FLAG]... NAME ARG..." >&2
	   exit 2 ;;
	esac
done
[[ $floor =~ ^[0-9]+$ ]] || { echo "$0: -m wants a number, not '$floor'" >&2; exit 2; }
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "$0: need a target name and sources" >&2; exit 2; }
name=$1; shift

root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
# Under `bazel run` (a replay) the sources are in the target's runfiles.
[ -n "$root" ] || [ ! -d "$0.runfiles/kds" ] || root=$0.runfiles/kds
root=${root:-$(cd "$(dirname "$0")/.." && pwd)}
out=${TEST_TMPDIR:-$(mktemp -d)}
replay=${KDS_FUZZ_REPLAY:-}
if [ -n "$replay" ]; then
	# A relative path is relative to where `bazel run` was started.
	case $replay in
	/*) ;;
	*) replay=${BUILD_WORKING_DIRECTORY:-$PWD}/$replay ;;
	esac
	if [ ! -f "$replay" ] && [ -f "$(dirname "$replay")/outputs.zip" ]; then
		member=$(basename "$replay")
		python3 - "$(dirname "$replay")/outputs.zip" "$member" "$out" <<'PY' ||
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    z.extract(sys.argv[2], sys.argv[3])
PY
			{ echo "$name: no $member in $(dirname "$replay")/outputs.zip" >&2
			  exit 2; }
		replay=$out/$member
	fi
	[ -f "$replay" ] || { echo "$name: no input file $replay" >&2; exit 2; }
fi
cc=$(command -v clang-14 || command -v clang || true)
[ -n "$cc" ] || { echo "$name: clang not found" >&2; exit 1; }

cd "$root"
"$cc" -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer -pthread \
	-Iuser -I. -o "$out/$name" "$@"

corpus="$out/corpus_$name"
rm -rf "$corpus"
mkdir -p "$corpus"
# write_seed FILE HEX [WHERE]: HEX (pairs of digits) as bytes into FILE.
write_seed() {
	local file=$1 hex=$2 where=${3:-"-x"} bytes= i
	[[ $hex =~ ^([0-9a-fA-F]{2})+$ ]] ||
		{ echo "$name: $where wants pairs of hex digits, not '$hex'" >&2; exit 2; }
	for ((i = 0; i < ${#hex}; i += 2)); do bytes+="\\x${hex:i:2}"; done
	printf %b "$bytes" >"$file"
}
n=0
for hex in "${hexseeds[@]+"${hexseeds[@]}"}"; do
	n=$((n + 1))
	write_seed "$corpus/seed$n" "$hex"
done
for f in "${seedfiles[@]+"${seedfiles[@]}"}"; do
	[ -f "$f" ] || { echo "$name: no seed file $f" >&2; exit 2; }
	write_seed "$corpus/$(basename "$f" .hex)" \
		"$(sed 's/#.*//' "$f" | tr -d ' \t\r\n')" "seed file $f"
done
[ -z "$dict" ] || flags+=(-dict="$root/$dict")

cd "$out"
if [ -n "$replay" ]; then
	# libFuzzer runs a file argument once, as the input it is.
	echo "$name: replaying $replay"
	exec "./$name" "${flags[@]+"${flags[@]}"}" "$replay"
fi

# Where libFuzzer writes a failing input: kept after the test when Bazel
# gives the test an undeclared-outputs folder.
artifacts=${TEST_UNDECLARED_OUTPUTS_DIR:-$out}
mkdir -p "$artifacts"
log="$out/$name.log"
"./$name" -seed="$seed" -max_total_time="$secs" -print_final_stats=1 \
	-artifact_prefix="$artifacts/$name-" \
	"${flags[@]+"${flags[@]}"}" "$corpus" >"$log" 2>&1 || {
	tail -n 60 "$log"
	echo "$name: the fuzzer found a failure"
	# Where Bazel leaves the undeclared outputs, from the workspace root.
	kept=$artifacts
	if [ -n "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ] && [ -n "${TEST_TARGET:-}" ]; then
		pkg=${TEST_TARGET#//}
		kept=bazel-testlogs/${pkg%%:*}/${pkg#*:}/test.outputs
	fi
	for f in "$artifacts/$name"-*; do
		[ -f "$f" ] || continue
		# Bazel empties test.outputs/ before it runs the test again, `bazel
		# run` included: the replay works on a copy.
		echo "$name: failing input saved as $kept/${f##*/}; replay it with:"
		echo "  d=\$(mktemp -d) && cp -R $kept/. \"\$d\" && KDS_FUZZ_REPLAY=\"\$d/${f##*/}\" ./bazelw run ${TEST_TARGET:-//<package>:$name}"
	done
	exit 1
}
# What the run started from, then its final statistics.
grep -E '^(Dictionary:|INFO: seed corpus:)' "$log" || true
tail -n 25 "$log"
# A run that executed too few inputs proves nothing, whatever its status.
execs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9][0-9]*\)$/\1/p' "$log" | tail -n 1)
if [ -z "$execs" ]; then
	echo "$name: FAIL: libFuzzer printed no stat::number_of_executed_units (the run ended before its final statistics)"
	exit 1
fi
if [ "$execs" -lt "$floor" ]; then
	echo "$name: FAIL: $execs inputs executed in ${secs}s, below the floor of $floor (a stalled or early-exiting target)"
	exit 1
fi
echo "$name: no crash in ${secs}s, $execs inputs executed (floor $floor)"
