#!/usr/bin/env bash
# bazel_consumer_test.sh - a Bazel workspace outside kds uses kds offline,
# exactly as README.md says: its WORKSPACE is the README's stanza (read
# from README.md, /path/to/kds replaced by this checkout), its BUILD has
# cc_binary targets:
#   app      tools/packaging/consumer.c (the kernel's names: port,
#            genradix, dax bus, dma, version) on @kds//compat:linux;
#   app512   the same with the 512-byte-node genradix;
#   angle    the prefixed API through <kds/...>, on @kds//:kds.
# Built and run with a Bazel of its own (--batch, a private output root),
# so it needs no server of the checkout's and leaves nothing behind.
# Run by .ci/run; by hand: tools/bazel_consumer_test.sh
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kds-bazel-consumer.XXXXXX")
cleanup() { chmod -R u+w "$tmp" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
ws=$tmp/ws
mkdir -p "$ws"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# The stanza: the first ```python block after the marker in README.md.
awk '/<!-- bazel-consumer-workspace -->/ { m = 1; next }
	m && /^```python$/ { on = 1; next }
	on && /^```$/ { exit }
	on { print }' "$root/README.md" >"$tmp/stanza"
grep -q 'name = "kds"' "$tmp/stanza" || { echo "FAIL: no WORKSPACE stanza found in README.md"; exit 1; }
sed "s|/path/to/kds|$root|g" "$tmp/stanza" >"$ws/WORKSPACE"

cp "$root/tools/packaging/consumer.c" "$ws/app.c"
cat >"$ws/angle.c" <<'C'
#include <stdio.h>
#include <kds/version.h>
#include <kds/genradix.h>
#include <kds/dma.h>

int main(void)
{
	KDS_GENRADIX(int) g;
	int *p;

	kds_genradix_init(&g);
	p = kds_genradix_ptr_alloc(&g, 3, KDS_GFP_KERNEL);
	if (!p || KDS_DMA_BIT_MASK(24) != 0xffffffULL)
		return 1;
	kds_genradix_free(&g);
	printf("angle: kds %s ok\n", KDS_VERSION_STRING);
	return kds_alloc_live() != 0;
}
C
cat >"$ws/BUILD" <<'B'
cc_binary(
    name = "app",
    srcs = ["app.c"],
    deps = ["@kds//compat:linux"],
)

cc_binary(
    name = "app512",
    srcs = ["app.c"],
    local_defines = [
        "KDS_GENRADIX_NODE_SHIFT=9",
        "KDS_GENRADIX_VARIANT=512",
    ],
    deps = ["@kds//compat:linux"],
)

cc_binary(
    name = "angle",
    srcs = ["angle.c"],
    deps = ["@kds//:kds"],
)
B

cd "$ws"
if ! bazel --batch --output_user_root="$tmp/bazel-root" build //:app //:app512 //:angle \
	>"$tmp/build.log" 2>&1; then
	tail -n 40 "$tmp/build.log"
	echo "FAIL: the consumer workspace does not build"
	exit 1
fi
echo "ok: a workspace with the README's WORKSPACE stanza builds against @kds//:kds"
bin=$(bazel --batch --output_user_root="$tmp/bazel-root" info bazel-bin 2>/dev/null)
"$bin/app" | grep -q 'port genradix(4096-byte nodes) dax_bus dma: ok' || bad "app failed"
"$bin/app512" | grep -q 'genradix(512-byte nodes) dax_bus dma: ok' || bad "app512 failed"
"$bin/angle" | grep -q 'angle: kds .* ok' || bad "angle failed"
[ "$fail" = 0 ] && echo "ok: app, app512 and angle run"
exit $fail
