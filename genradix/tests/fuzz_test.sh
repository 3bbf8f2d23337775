#!/usr/bin/env bash
# fuzz_test.sh VARIANT - build the genradix libFuzzer target with clang from
# the runfiles sources and run it for a bounded time with a fixed seed.
#   VARIANT: "default" (PAGE_SIZE nodes) or "512" (512-byte nodes).
# Fails on any crash, sanitizer report, model divergence or leak.
set -euo pipefail
variant=${1:-default}
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=${TEST_TMPDIR:-$(mktemp -d)}
secs=${GR_FUZZ_SECONDS:-10}

defs=()
if [ "$variant" = 512 ]; then
	defs=(-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512)
fi
command -v clang >/dev/null || { echo "clang not found"; exit 1; }

bin="$tmp/fuzz_ops_$variant"
clang -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -Wall -Wextra -Werror -Wno-unused-parameter \
	-Wno-sign-compare -Wno-missing-field-initializers -Wvla \
	"${defs[@]}" -I"$root/user" -I"$root" -I"$root/genradix/tests" \
	"$root/genradix/genradix.c" "$root/genradix/tests/fuzz_ops.c" \
	"$root/genradix/tests/gr_ops.c" "$root/genradix/tests/gr_model.c" \
	"$root/user/port.c" -o "$bin" -pthread

corpus="$tmp/corpus_$variant"
mkdir -p "$corpus"
# A few seeds so the run starts from meaningful sequences.
printf '\x00\x00\x05\x00\x01\x00\x05\x00\x04\x00\x05\x00\x05\x10\x00' >"$corpus/seed1"
printf '\x03\x0b\xff\xff\xff\xff\xff\xff\xff\x07\x00\x06\xff\x00\x01' >"$corpus/seed2"
printf '\x06\x08\x00\x00\x00\x4b\x01\x00\x09\x00\x00\x00' >"$corpus/seed3"

"$bin" -seed=1 -max_total_time="$secs" -max_len=2048 -rss_limit_mb=2048 \
	-timeout=30 -print_final_stats=1 "$corpus" 2>"$tmp/fuzz.log" || {
	tail -60 "$tmp/fuzz.log"
	echo "fuzz_test: the fuzzer found a failure (variant $variant)"
	exit 1
}
grep -E 'stat::number_of_executed_units|Done' "$tmp/fuzz.log" || true
echo "fuzz_test: $variant: no failure in ${secs}s"
