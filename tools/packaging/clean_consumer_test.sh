#!/usr/bin/env bash
# clean_consumer_test: install kds into a fresh prefix and build
# tools/packaging/clean_consumer.c against it with pkg-config, as C
# (-std=gnu11, and -std=c11 -pedantic) and as C++ (-std=gnu++17, and
# -std=c++17 -pedantic), all with -Wall -Wextra -Werror, then run them.
# The program defines its own max() and struct list_head and includes
# <sys/user.h>: it builds only when the public kds headers bring no
# unprefixed kernel names and no construct outside ISO C and C++.
# Every installed kds header outside the compat folder must be among the
# files the program reads (the API headers, the generated components.h and
# the inline implementation under kds/static/), so none escapes these
# checks. Then the kernel-style consumer (tools/packaging/consumer.c, written
# against <linux/generic-radix-tree.h>, <linux/slab.h>, ...) builds with
# kds's flags plus the one -I of the compat folder, and runs.
#
#   clean_consumer_test.sh INSTALL_SH CLEAN_CONSUMER_C KERNEL_STYLE_CONSUMER_C [SANITIZER-FLAG...]
#
# Under a sanitizer configuration libkds is instrumented, so every consumer
# is built with the same -fsanitize flags (the trailing arguments).
set -euo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)}
. "$root/testing/sh_lib.sh"
test_begin clean
install_sh=$1 consumer=$2 kconsumer=$3
shift 3
san=("$@")

prefix=$tmp/prefix
RUNFILES_DIR=${TEST_SRCDIR:-} "$install_sh" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig

build_and_run() { # build_and_run LABEL COMPILER SOURCE FLAGS...
	local label=$1 compiler=$2 src=$3
	shift 3
	# shellcheck disable=SC2046 # pkg-config output is meant to be split
	if ! "$compiler" "$@" "${san[@]}" -Wall -Wextra -Werror "$src" -o "$tmp/$label" \
		$(pkg-config --cflags --libs kds) >"$tmp/$label.log" 2>&1; then
		head -c 4000 "$tmp/$label.log"
		bad "the $label consumer does not compile ($(grep -c 'error:' "$tmp/$label.log") errors)"
		return
	fi
	if LD_LIBRARY_PATH=$prefix/lib "$tmp/$label"; then
		echo "ok: $label consumer"
	else
		bad "the $label consumer failed"
	fi
}
build_and_run C gcc "$consumer" -std=gnu11
# The installed headers the program read, against those installed.
# shellcheck disable=SC2046 # pkg-config output is meant to be split
if gcc -std=gnu11 -M "$consumer" $(pkg-config --cflags kds) >"$tmp/deps" 2>"$tmp/deps.err"; then
	tr ' \\' '\n\n' <"$tmp/deps" | sed -n "s|^$prefix/include/||p" | sort -u >"$tmp/read"
	(cd "$prefix/include" && find kds -path kds/compat -prune -o -name '*.h' -print) | sort >"$tmp/installed"
	unread=$(comm -23 "$tmp/installed" "$tmp/read")
	if [ -z "$unread" ]; then
		echo "ok: the consumer reads every installed kds header ($(wc -l <"$tmp/installed"))"
	else
		# shellcheck disable=SC2086 # one line of names
		bad "installed headers the consumer never reads: $(echo $unread)"
	fi
else
	head -c 2000 "$tmp/deps.err"; bad "gcc -M on the consumer failed"
fi
build_and_run C-pedantic gcc "$consumer" -std=c11 -pedantic
build_and_run C++ g++ "$consumer" -x c++ -std=gnu++17
build_and_run C++-pedantic g++ "$consumer" -x c++ -std=c++17 -pedantic
# The 512-byte-node variant's headers too.
build_and_run C-pedantic-512 gcc "$consumer" -std=c11 -pedantic \
	-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512
# Kernel names, opt-in: one extra -I.
build_and_run kernel-names gcc "$kconsumer" -std=gnu11 -I"$prefix/include/kds/compat"
exit $fail
