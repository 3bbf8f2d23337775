#!/usr/bin/env bash
# deb_test: kds's Debian packages, built and used the way a Debian user
# would, without touching the host's package database.
#
#   deb_test.sh DEB   (DEB: the //:deb launcher, tools/packaging/deb.sh)
#
#  1. //:deb builds libkds0, libkds-dev, kds-dkms, kds-doc and
#     libkds0-dbgsym; a second build from another scratch path, under
#     umask 077, three days later (faketime), on another host name (a UTS
#     namespace), as another user (a user namespace mapping uid 4242),
#     in another locale and time zone, gives the same bytes for every
#     package. (That the library and docs Bazel builds are the same
#     when built again from nothing is tools/packaging/rebuild_test.sh's,
#     run by .ci/run: a Bazel test cannot run Bazel.)
#  2. lintian passes them (the .changes) with no error or warning.
#  3. Each package holds what it must (paths, links, dependencies, the
#     dkms postinst, the doc-base registration), and nothing of another.
#  4. The symbols file guards the library's exports: an export removed
#     from the library (relinked with one symbol hidden), and one the
#     library exports but the file does not list, each fail the package
#     build (both planted).
#     A changelog whose version is not kds/version.h's is refused.
#  5. The packages unpacked with dpkg -x into a throwaway root: the
#     autopkgtest (debian/tests/consumer) builds the consumer there with
#     pkg-config, against libkds.so.0 and libkds.a, and runs it.
#  6. kds-dkms's tree, as unpacked, goes through Debian's dkms for every
#     supported kernel (kernel/dkms_test.sh --tree).
#  7. For each other architecture ARCH (i386, arm64): //:deb --arch ARCH
#     cross-builds libkds0, libkds-dev and libkds0-dbgsym (the same bytes
#     again from a second builder, as in 1), lintian-clean,
#     holding that architecture's library and depending on that
#     architecture's libc6; libkds0 and libkds-dev of ARCH install beside
#     the host's into one dpkg --root (Multi-Arch: same), and a libkds-dev
#     whose shared header differs is refused there (planted); the
#     autopkgtest's consumer is built with ARCH's gcc over the unpacked
#     packages and run (i386 natively, arm64 under qemu-aarch64).
#
#   deb_test.sh DEB ARCH...
set -euo pipefail
deb=$1
shift
cross_arches=("$@")
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root=$TEST_SRCDIR/kds
fi
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

for tool in dpkg-buildpackage dh_dkms lintian pkg-config gcc faketime unshare; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (./bazelw installs it)"; exit 1; }
done
version=$(sh "$root/tools/version.sh" "$root/kds/version.h")
arch=$(dpkg --print-architecture)
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
debs="kds-dkms_${version}_all.deb kds-doc_${version}_all.deb libkds-dev_${version}_${arch}.deb
libkds0-dbgsym_${version}_${arch}.deb libkds0_${version}_${arch}.deb"

# 1. Two builds, the same bytes.
if ! "$deb" "$tmp/out1" >"$tmp/build1.log" 2>&1; then
	tail -n 40 "$tmp/build1.log"
	echo "FAIL: //:deb failed"
	exit 1
fi
mkdir -p "$tmp/elsewhere/deeper"
# elsewhere COMMAND...: COMMAND as a second builder runs it, with what
# differs between two builders' machines. The user namespace maps uid and
# gid 4242 onto this user, so the build sees another user with this one's
# access to the files.
elsewhere() {
	(umask 077 && export TMPDIR=$tmp/elsewhere/deeper TZ=Pacific/Kiritimati \
		LC_ALL=C.UTF-8 LANG=C.UTF-8 FAKETIME_DONT_FAKE_MONOTONIC=1 &&
		unshare --uts sh -c 'hostname kds-elsewhere &&
			exec unshare --user --map-user=4242 --map-group=4242 faketime -f +3d "$@"' sh "$@")
}
if ! elsewhere "$deb" "$tmp/out2" >"$tmp/build2.log" 2>&1; then
	tail -n 40 "$tmp/build2.log"
	echo "FAIL: the second //:deb build failed"
	exit 1
fi
got=$(cd "$tmp/out1" && ls -- *.deb | sort | tr '\n' ' ')
want=$(tr ' ' '\n' <<<"$debs" | grep . | sort | tr '\n' ' ')
[ "$got" = "$want" ] || bad "the build made '$got', want '$want'"
for f in $debs; do
	[ -f "$tmp/out1/$f" ] || continue
	if cmp -s "$tmp/out1/$f" "$tmp/out2/$f"; then
		echo "ok: $f: the same bytes twice ($(stat -c %s "$tmp/out1/$f") bytes)"
	else
		bad "$f differs between two builds of the same tree"
	fi
done

# 2. lintian, at its default level: no error, no warning.
changes=$tmp/out1/kds_${version}_${arch}.changes
if lintian --fail-on error,warning "$changes" >"$tmp/lintian.out" 2>&1 &&
	! grep -qE '^[EW]: ' "$tmp/lintian.out"; then
	echo "ok: lintian: no error or warning ($(grep -c '^[IPX]: ' "$tmp/lintian.out" || true) lower-level tags)"
else
	bad "lintian: $(grep -E '^[EW]: ' "$tmp/lintian.out" | head -n 10)"
fi

# 3. What each package holds.
contents() { dpkg-deb -c "$tmp/out1/$1" | awk '{ p = $6; sub(/^\./, "", p); print p ($7 == "->" ? " -> " $8 : "") }'; }
field() { dpkg-deb -f "$tmp/out1/$1" "$2"; }
lib=usr/lib/$triplet
has() { # has DEB PATH...: each PATH is in DEB
	local d=$1 p
	shift
	contents "$d" >"$tmp/contents"
	for p in "$@"; do
		grep -qxF -- "$p" "$tmp/contents" || bad "$d does not hold $p"
	done
}
lacks() { # lacks DEB REGEX: no path of DEB matches (a link's target aside)
	contents "$1" | sed 's/ -> .*//' >"$tmp/paths"
	if grep -qE -- "$2" "$tmp/paths"; then bad "$1 holds $(grep -E -- "$2" "$tmp/paths" | head -n 3 | tr '\n' ' ')"; fi
}
l0=libkds0_${version}_${arch}.deb dev=libkds-dev_${version}_${arch}.deb
dkms=kds-dkms_${version}_all.deb doc=kds-doc_${version}_all.deb
has "$l0" "/$lib/libkds.so.$version" "/$lib/libkds.so.0 -> libkds.so.$version" /usr/share/doc/libkds0/copyright
lacks "$l0" '^/usr/(include|src)/|libkds\.a|pkgconfig|libkds\.so$'
has "$dev" "/$lib/libkds.a" "/$lib/libkds.so -> libkds.so.0" "/$lib/pkgconfig/kds.pc" \
	"/$lib/pkgconfig/kds-linux.pc" /usr/include/kds/genradix.h /usr/include/kds/static/genradix.h \
	/usr/include/kds/components.h /usr/include/kds/compat/linux/generic-radix-tree.h
lacks "$dev" 'libkds\.so\.0|^/usr/src/|/html/|/usr/share/kds/'
has "$dkms" "/usr/src/kds-$version/dkms.conf" "/usr/src/kds-$version/Kbuild" "/usr/src/kds-$version/kds/genradix.h"
lacks "$dkms" '^/usr/(lib|include)/'
has "$doc" /usr/share/doc/kds-doc/html/index.html /usr/share/doc-base/kds-doc.kds
lacks "$doc" '^/usr/(lib|include|src)/'
for d in "$l0" "$dev" "$doc"; do
	if field "$d" Depends | grep -q dkms; then bad "$d depends on dkms: $(field "$d" Depends)"; fi
done
field "$dev" Depends | grep -qF "libkds0 (= $version)" || bad "libkds-dev does not depend on libkds0 (= $version): $(field "$dev" Depends)"
field "$dkms" Depends | grep -q '^dkms\b\|, dkms\b' || bad "kds-dkms does not depend on dkms: $(field "$dkms" Depends)"
dpkg-deb -I "$tmp/out1/$dkms" postinst 2>/dev/null | grep -q "DKMS_VERSION=$version" ||
	bad "kds-dkms's postinst does not hand kds $version to dkms"
dpkg-deb --fsys-tarfile "$tmp/out1/$dkms" | tar -xO "./usr/src/kds-$version/dkms.conf" |
	grep -qx "PACKAGE_VERSION=\"$version\"" || bad "kds-dkms's dkms.conf does not say version $version"
[ "$(field "$l0" Multi-Arch)" = same ] || bad "libkds0 is not Multi-Arch: same"
[ "$(field "$l0" Version)" = "$version" ] || bad "libkds0's version is $(field "$l0" Version), not kds/version.h's $version"

# 4. The symbols file fails the build on any change of the exports; a
# changelog of another version is refused. Each is built from a copy of
# the runfiles whose debian/ or library differs in one symbol or line
# (architecture-dependent packages only: -B).
plant() { # plant NAME: a runfiles tree with its own debian/ and lib/
	local rf=$tmp/plant-$1/kds e
	mkdir -p "$rf"
	for e in "$root"/* "$root"/.[!.]*; do
		[ -e "$e" ] || continue
		case $(basename "$e") in
		debian|lib) cp -RL "$e" "$rf/" ;;
		*) ln -s "$e" "$rf/" ;;
		esac
	done
	chmod -R u+w "$rf/debian" "$rf/lib"
	echo "$rf"
}
# planted NAME RUNFILES REGEX WHAT: the build from RUNFILES must fail, and
# its output must match REGEX (the failure named for its own reason).
planted() {
	local name=$1 rf=$2 regex=$3 what=$4
	if RUNFILES_DIR=$(dirname "$rf") DPKG_BUILDPACKAGE_FLAGS=-B "$deb" "$tmp/out-$name" >"$tmp/$name.log" 2>&1; then
		bad "planted $name: the package build passed"
	elif grep -qE -- "$regex" "$tmp/$name.log"; then
		echo "ok: $what"
	else
		bad "planted $name: the build failed for another reason: $(tail -n 5 "$tmp/$name.log")"
	fi
}
# The library relinked from the same objects with one export hidden.
rf=$(plant gone)
printf '{ global: *; local: kds_dax_parse_id; };\n' >"$tmp/hide.map"
gcc -shared -o "$rf/lib/libkds.so" -Wl,-soname,libkds.so.0 -Wl,--version-script="$tmp/hide.map" \
	-Wl,--whole-archive "$rf/lib/libkds.a" -Wl,--no-whole-archive -pthread
if nm -D --defined-only "$rf/lib/libkds.so" | grep -q ' kds_dax_parse_id$'; then
	bad "the relinked library still exports kds_dax_parse_id"
else
	planted gone "$rf" 'MISSING.*kds_dax_parse_id@Base' \
		"an export removed from the library fails the build (dpkg-gensymbols)"
fi
rf=$(plant new)
grep -q ' kds_dax_parse_id@Base ' "$rf/debian/libkds0.symbols" || bad "the symbols file does not list kds_dax_parse_id"
sed -i '/ kds_dax_parse_id@Base /d' "$rf/debian/libkds0.symbols"
planted new "$rf" '^\+ *kds_dax_parse_id@Base' \
	"an export the symbols file does not list fails the build (dpkg-gensymbols -c4)"
rf=$(plant changelog)
sed -i "1s/($version)/($version.1)/" "$rf/debian/changelog"
planted changelog "$rf" "debian/changelog's version is $version\\.1" \
	"a changelog of another version than kds/version.h's is refused"

# 5. The autopkgtest's consumer over the packages unpacked with dpkg -x.
sysroot=$tmp/root
for d in "$l0" "$dev" "$dkms" "$doc"; do
	dpkg -x "$tmp/out1/$d" "$sysroot"
done
mkdir -p "$tmp/adt"
if (cd "$root" && env PKG_CONFIG_SYSROOT_DIR="$sysroot" PKG_CONFIG_LIBDIR="$sysroot/$lib/pkgconfig" \
	LD_LIBRARY_PATH="$sysroot/$lib" AUTOPKGTEST_TMP="$tmp/adt" \
	KDS_CONSUMER_C="$root/tools/packaging/consumer.c" sh debian/tests/consumer) >"$tmp/consumer.out" 2>&1; then
	n=$(grep -c '^ok: ' "$tmp/consumer.out" || true)
	if [ "$n" = 3 ]; then
		echo "ok: debian/tests/consumer over the unpacked packages: $(grep '^ok: ' "$tmp/consumer.out" | tr '\n' ' ')"
	else
		bad "debian/tests/consumer passed with $n of 3 builds: $(head -c 600 "$tmp/consumer.out")"
	fi
else
	bad "debian/tests/consumer: $(head -c 800 "$tmp/consumer.out")"
fi
grep -qx "Tests: consumer" "$root/debian/tests/control" || bad "debian/tests/control does not run consumer"

# 6. dkms builds the packaged tree for every supported kernel.
if "$root/kernel/dkms_test.sh" --tree "$sysroot/usr/src/kds-$version" >"$tmp/dkms.out" 2>&1; then
	grep -E '^ok: |^kernels covered' "$tmp/dkms.out" | sed 's/^/dkms: /'
else
	tail -n 30 "$tmp/dkms.out"
	bad "dkms did not build kds-dkms's tree"
fi
# 7. The other architectures' packages.
[ "${#cross_arches[@]}" -gt 0 ] || bad "no other architecture to build packages for"
# dpkg_root DIR: an empty dpkg database at DIR (the host's stays as it is).
dpkg_root() {
	mkdir -p "$1/var/lib/dpkg/info" "$1/var/lib/dpkg/updates"
	: >"$1/var/lib/dpkg/status"
}
# co_install ROOT ARCH DEB...: dpkg --root installs the DEBs (libc6 is not
# there: --force-depends) and names its refusal.
co_install() {
	local r=$1 a=$2
	shift 2
	dpkg_root "$r"
	# (dpkg checks that the tools it may run, ldconfig among them, are on PATH)
	PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg --root="$r" --force-not-root --add-architecture "$a" &&
		PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg --root="$r" --force-not-root --force-depends \
			--log=/dev/null -i "$@" >"$r.log" 2>&1
}
for a in "${cross_arches[@]}"; do
	out=$tmp/out-$a
	if ! "$deb" --arch "$a" "$out" >"$tmp/build-$a.log" 2>&1; then
		tail -n 30 "$tmp/build-$a.log"
		bad "//:deb --arch $a failed"
		continue
	fi
	got=$(cd "$out" && find . -maxdepth 1 -name '*.deb' | sed 's|^\./||' | sort | tr '\n' ' ')
	want="libkds-dev_${version}_$a.deb libkds0-dbgsym_${version}_$a.deb libkds0_${version}_$a.deb "
	[ "$got" = "$want" ] || bad "//:deb --arch $a made '$got', want '$want'"
	# The same bytes from a second builder, handed the libc6 tree the
	# first one used (its own apt would see lists three days old and
	# fetch them again, which a user namespace cannot).
	if KDS_CROSS_LIBC_TREE=$("$root/testing/arch/sysroot.sh" "$a") elsewhere "$deb" --arch "$a" "$out.2" \
		>"$tmp/build-$a.2.log" 2>&1; then
		same=1
		for f in $want; do
			cmp -s "$out/$f" "$out.2/$f" || { bad "$f differs between two builds of the same tree"; same=0; }
		done
		[ "$same" = 0 ] || echo "ok: $a: the same bytes from a second builder: $want"
	else
		tail -n 30 "$tmp/build-$a.2.log"
		bad "the second //:deb --arch $a build failed"
	fi
	if lintian --fail-on error,warning "$out/kds_${version}_$a.changes" >"$tmp/lintian-$a.out" 2>&1 &&
		! grep -qE '^[EW]: ' "$tmp/lintian-$a.out"; then
		echo "ok: $a: lintian: no error or warning"
	else
		bad "$a: lintian: $(grep -E '^[EW]: ' "$tmp/lintian-$a.out" | head -n 10)"
	fi
	l0a=$out/libkds0_${version}_$a.deb deva=$out/libkds-dev_${version}_$a.deb
	ma=$(dpkg-architecture -a"$a" -qDEB_HOST_MULTIARCH 2>/dev/null)
	gnu=$(dpkg-architecture -a"$a" -qDEB_HOST_GNU_TYPE 2>/dev/null)
	r=$tmp/root-$a
	dpkg -x "$l0a" "$r"
	dpkg -x "$deva" "$r"
	machine=$(readelf -h "$r/usr/lib/$ma/libkds.so.$version" 2>/dev/null | sed -n 's/^ *Machine: *//p' || true)
	case $a:$machine in
	i386:"Intel 80386" | arm64:AArch64) echo "ok: $a: libkds0 holds /usr/lib/$ma/libkds.so.$version for $machine" ;;
	*) bad "$a: libkds0's /usr/lib/$ma/libkds.so.$version is for '$machine'" ;;
	esac
	[ "$(dpkg-deb -f "$l0a" Architecture)" = "$a" ] || bad "$a: libkds0 is for $(dpkg-deb -f "$l0a" Architecture)"
	[ "$(dpkg-deb -f "$l0a" Multi-Arch)" = same ] || bad "$a: libkds0 is not Multi-Arch: same"
	# The libc6 of ARCH, not the host's biarch libc6-i386 or a cross package.
	if dpkg-deb -f "$l0a" Depends | grep -qE '^libc6 \(>= [0-9.]+\)$'; then
		echo "ok: $a: libkds0 depends on $(dpkg-deb -f "$l0a" Depends)"
	else
		bad "$a: libkds0 depends on '$(dpkg-deb -f "$l0a" Depends)', not libc6 (>= ...)"
	fi
	# Multi-Arch: same, as dpkg checks it: beside the host's packages.
	if co_install "$tmp/ma-$a" "$a" "$tmp/out1/$l0" "$tmp/out1/$dev" "$l0a" "$deva"; then
		echo "ok: $a: libkds0 and libkds-dev install beside the host's ($arch) in one dpkg --root"
	else
		bad "$a: the packages do not install beside the host's: $(grep -i error "$tmp/ma-$a.log" | head -n 3)"
	fi
	# ... and a shared file that differs is what dpkg refuses.
	mkdir -p "$tmp/plant-$a"
	dpkg-deb -R "$deva" "$tmp/plant-$a/dev"
	echo "/* differs */" >>"$tmp/plant-$a/dev/usr/include/kds/genradix.h"
	dpkg-deb -b "$tmp/plant-$a/dev" "$tmp/plant-$a/dev.deb" >/dev/null
	if co_install "$tmp/ma-plant-$a" "$a" "$tmp/out1/$l0" "$tmp/out1/$dev" "$l0a" "$tmp/plant-$a/dev.deb"; then
		bad "$a: a libkds-dev whose genradix.h differs from the host's installed beside it"
	elif grep -q "trying to overwrite shared '/usr/include/kds/genradix.h'" "$tmp/ma-plant-$a.log"; then
		echo "ok: $a: a libkds-dev whose shared header differs is refused (planted)"
	else
		bad "$a: the planted libkds-dev failed for another reason: $(tail -n 3 "$tmp/ma-plant-$a.log")"
	fi
	# The autopkgtest's consumer, built for ARCH and run over $r.
	run=
	if [ "$a" = arm64 ]; then
		# qemu-aarch64 with the cross libc, which also holds the loader
		# the consumer runs as ldd would.
		run=$tmp/run-$a
		# shellcheck disable=SC2016 # the script's own $p and $@
		printf '#!/bin/sh\np=$1\nshift\n[ -e "$p" ] || p=/usr/%s$p\nexec qemu-aarch64 -L /usr/%s "$p" "$@"\n' \
			"$gnu" "$gnu" >"$run"
		chmod +x "$run"
	fi
	mkdir -p "$tmp/adt-$a"
	if (cd "$root" && env CC="$gnu-gcc" KDS_CONSUMER_RUN="$run" PKG_CONFIG_SYSROOT_DIR="$r" \
		PKG_CONFIG_LIBDIR="$r/usr/lib/$ma/pkgconfig" LD_LIBRARY_PATH="$r/usr/lib/$ma" \
		AUTOPKGTEST_TMP="$tmp/adt-$a" KDS_CONSUMER_C="$root/tools/packaging/consumer.c" \
		sh debian/tests/consumer) >"$tmp/consumer-$a.out" 2>&1 &&
		[ "$(grep -c '^ok: ' "$tmp/consumer-$a.out")" = 3 ]; then
		echo "ok: $a: debian/tests/consumer over the unpacked packages: $(grep '^ok: ' "$tmp/consumer-$a.out" | tr '\n' ' ')"
	else
		bad "$a: debian/tests/consumer: $(head -c 800 "$tmp/consumer-$a.out")"
	fi
	m=$(readelf -h "$tmp/adt-$a/shared" 2>/dev/null | sed -n 's/^ *Machine: *//p')
	[ "$m" = "$machine" ] || bad "$a: the consumer was built for '$m', not $machine"
done

[ "$fail" = 0 ] && echo "ok: kds $version's Debian packages"
exit $fail
