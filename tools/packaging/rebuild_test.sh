#!/usr/bin/env bash
# rebuild_test.sh - kds's Debian packages come out the same when
# everything is built again from nothing: two Bazel builds of //:deb, each
# with a Bazel of its own (--batch, a private output root: no cache, no
# server of the checkout's), each from its own copy of the checkout's
# files (so the checkout's bazel-* links are left alone), the second at
# another path, later, on another host name, in another locale and time
# zone, under umask 077; every .deb of the two runs must be the same
# bytes. deb_test varies the packaging step alone over one Bazel
# build; this one rebuilds the library and the API reference too, so a
# time or a path stamped into a shipped file by any step fails it.
# Run by .ci/run (a Bazel test cannot run Bazel); by hand:
#   tools/packaging/rebuild_test.sh
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kds-rebuild.XXXXXX")
cleanup() { chmod -R u+w "$tmp" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# One date for both builds' packages (deb.sh takes the commit's when run
# from a checkout; the copy below is none): the builds must not differ by
# anything else.
SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct HEAD)
export SOURCE_DATE_EPOCH

# build N SRC: //:deb from SRC with a Bazel of its own, into $tmp/debN
build() {
	local n=$1 src=$2
	if ! (cd "$src" && bazel --batch --output_user_root="$tmp/bazel-root$n" \
		run //:deb -- "$tmp/deb$n") >"$tmp/build$n.log" 2>&1; then
		tail -n 40 "$tmp/build$n.log"
		echo "FAIL: build $n of //:deb failed"
		exit 1
	fi
}

# copy DIR: the checkout's tracked files into DIR
copy() {
	mkdir -p "$1"
	git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$1")
}
copy "$tmp/kds"
build 1 "$tmp/kds"
# The second: another absolute path in every compile, another host name,
# locale, time zone and umask.
copy "$tmp/elsewhere/kds-copy"
(umask 077 && export TZ=Pacific/Kiritimati LC_ALL=C.UTF-8 LANG=C.UTF-8 &&
	unshare --uts sh -c 'hostname kds-rebuild && exec "$@"' sh \
		bash -c "$(declare -f build); tmp='$tmp'; build 2 '$tmp/elsewhere/kds-copy'")

n=0
for f in "$tmp"/deb1/*.deb; do
	b=$(basename "$f")
	n=$((n + 1))
	if cmp -s "$f" "$tmp/deb2/$b"; then
		echo "ok: $b: the same bytes from two builds from nothing"
	else
		bad "$b differs between two builds from nothing"
		# which member differs, for the log (bounded)
		mkdir -p "$tmp/x1" "$tmp/x2"
		{ dpkg-deb -x "$f" "$tmp/x1/$b" && dpkg-deb -x "$tmp/deb2/$b" "$tmp/x2/$b" &&
			diff -rq "$tmp/x1/$b" "$tmp/x2/$b" | head -n 5; } || true
	fi
done
[ "$n" -ge 5 ] || bad "only $n .deb file(s) from the first build"
[ "$(ls "$tmp"/deb2/*.deb | wc -l)" = "$n" ] || bad "the two builds made different sets of packages"
[ "$fail" = 0 ] && echo "ok: $n packages, the same bytes from two builds from nothing"
exit $fail
