#!/usr/bin/env bash
# clean_consumer_test: install kds into a fresh prefix and build
# tools/packaging/clean_consumer.c against it with pkg-config, as C
# (-std=gnu11) and as C++ (-x c++ -std=gnu++17), both with -Wall -Wextra
# -Werror, then run both. The program defines its own max() and
# struct list_head and includes <sys/user.h>: it builds only when the
# public kds headers bring no unprefixed kernel names.
#
#   clean_consumer_test.sh INSTALL_SH CLEAN_CONSUMER_C
set -euo pipefail
install_sh=$1 consumer=$2
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-clean.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

prefix=$tmp/prefix
RUNFILES_DIR=${TEST_SRCDIR:-} "$install_sh" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig

build_and_run() { # build_and_run LABEL COMPILER FLAGS...
	local label=$1 compiler=$2
	shift 2
	# shellcheck disable=SC2046 # pkg-config output is meant to be split
	if ! "$compiler" "$@" -Wall -Wextra -Werror "$consumer" -o "$tmp/$label" \
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
build_and_run C gcc -std=gnu11
build_and_run C++ g++ -x c++ -std=gnu++17
exit $fail
