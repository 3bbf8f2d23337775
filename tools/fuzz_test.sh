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
#   -x HEX       an initial corpus entry written as hex bytes (repeatable)
#   -f FLAG      an extra libFuzzer flag such as -max_len=512 (repeatable)
# The kds_fuzz_test() macro in tools/kds.bzl fills these in.
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
secs=15; seed=1; dict=; hexseeds=(); flags=()
while getopts t:s:d:x:f: opt; do
	case $opt in
	t) secs=$OPTARG ;;
	s) seed=$OPTARG ;;
	d) dict=$OPTARG ;;
	x) hexseeds+=("$OPTARG") ;;
	f) flags+=("$OPTARG") ;;
	*) echo "usage: $0 [-t S] [-s N] [-d DICT] [-x HEX]... [-f FLAG]... NAME ARG..." >&2
	   exit 2 ;;
	esac
done
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
mkdir -p "$corpus"
n=0
for hex in "${hexseeds[@]+"${hexseeds[@]}"}"; do
	[[ $hex =~ ^([0-9a-fA-F]{2})+$ ]] ||
		{ echo "$name: -x wants pairs of hex digits, not '$hex'" >&2; exit 2; }
	bytes=
	for ((i = 0; i < ${#hex}; i += 2)); do bytes+="\\x${hex:i:2}"; done
	n=$((n + 1))
	printf %b "$bytes" >"$corpus/seed$n"
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
echo "$name: no crash in ${secs}s"
