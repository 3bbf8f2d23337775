#!/usr/bin/env bash
# fuzz.sh NAME SECONDS SOURCE... - build a libFuzzer target with clang from
# the runfiles sources (ASan + UBSan + libFuzzer) and run it for a bounded
# time with a fixed seed. Fails on any crash, abort or sanitizer report.
set -euo pipefail
name=$1; secs=$2; shift 2
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
out=${TEST_TMPDIR:-$(mktemp -d)}
cc=$(command -v clang-14 || command -v clang)
srcs=()
for s in "$@"; do srcs+=("$root/$s"); done
"$cc" -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer -pthread \
	-I"$root/user" -I"$root" -o "$out/$name" "${srcs[@]}"
mkdir -p "$out/corpus"
cd "$out"
"./$name" -seed=1 -max_total_time="$secs" -max_len=256 -timeout=10 \
	-rss_limit_mb=1024 -print_final_stats=1 corpus 2>&1 | tail -n 20
echo "$name: no crash in ${secs}s"
