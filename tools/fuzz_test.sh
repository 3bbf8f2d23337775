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
root=${root:-$(cd "$(dirname "$0")/.." && pwd)}
out=${TEST_TMPDIR:-$(mktemp -d)}
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
log="$out/$name.log"
"./$name" -seed="$seed" -max_total_time="$secs" -print_final_stats=1 \
	"${flags[@]+"${flags[@]}"}" "$corpus" >"$log" 2>&1 || {
	tail -n 60 "$log"
	echo "$name: the fuzzer found a failure"
	exit 1
}
# What the run started from, then its final statistics.
grep -E '^(Dictionary:|INFO: seed corpus:)' "$log" || true
tail -n 25 "$log"
echo "$name: no crash in ${secs}s"
