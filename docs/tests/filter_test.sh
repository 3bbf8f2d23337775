#!/usr/bin/env bash
# Runs the kernel-doc filter's unit tests with the system python3; the
# arguments are the component sources whose line counts must be kept.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	here="$TEST_SRCDIR/kds/docs/tests"
fi
exec python3 "$here/filter_test.py" "$@"
