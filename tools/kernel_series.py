#!/usr/bin/env python3
"""kernel_series.py ROOT - the kernel series have one home: kernel/kernels.sh.

Reads the supported series from `kernel/kernels.sh --series` and checks
the source tree at ROOT against them:

  1. a series named anywhere (a Debian kernel package, linux-source-6.1,
     linux-headers-6.12-arm64; a probe-answer row of kernel/probes/expected;
     a kernel/vm/linux_differs/ file; a `series=` assignment) is one
     kernels.sh lists;
  2. every series kernels.sh lists has what the suite needs of it: its
     linux-source package in bazelw, its tarball in WORKSPACE, a row in
     kernel/probes/expected and its kernel/vm/linux_differs/ files;
  3. no kernel release (SERIES.0-ABI-FLAVOUR, SERIES.N+debN-FLAVOUR) or
     kernel package version (SERIES.N-REV) is pinned in code: kernels.sh
     resolves them from apt. Prose (*.md) and captured logs (testdata/)
     may record the kernel they saw.

A line that names a made-up kernel on purpose (a test's refusal of one)
says so with the word not-a-series, on it or on the line before.

Prints one line per finding and exits 1 when there is any, else prints a
summary and exits 0.
"""
import os
import re
import subprocess
import sys

SKIP_DIRS = {".git", "third_party", "testdata"}
PACKAGE = re.compile(r"\blinux-(?:source|headers|image|kbuild)-(\d+\.\d+)\b")
DIFFERS = re.compile(r"\blinux_differs/(\d+\.\d+)\.")
ASSIGN = re.compile(r"\bseries=(\d+\.\d+)\b")
PINNED = re.compile(
    r"\b[3-9]\.\d{1,2}\.\d+"
    r"(?:-\d+-[a-z][a-z0-9-]*|\+deb\d+-[a-z][a-z0-9-]*|-\d+(?:~deb\d+u\d+)?)(?![\w.])")
EXPECTED_ROW = re.compile(r"^(?:[a-z]+-)?(\d+\.\d+)[.*]")
DIFFERS_KINDS = ("align", "devdax", "dyn")


def tree_files(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs
                         if x not in SKIP_DIRS and not x.startswith("bazel-"))
        for f in sorted(files):
            p = os.path.join(d, f)
            if os.path.islink(p) or os.path.getsize(p) > 1 << 20:
                continue
            try:
                with open(p, encoding="utf-8") as fh:
                    yield os.path.relpath(p, root), fh.read()
            except (UnicodeDecodeError, OSError):
                continue


def main():
    if len(sys.argv) != 2:
        print("usage: kernel_series.py ROOT", file=sys.stderr)
        return 2
    root = sys.argv[1]
    home = "kernel/kernels.sh"
    out = subprocess.run(["bash", os.path.join(root, home), "--series"],
                         capture_output=True, text=True, check=False)
    series = out.stdout.split()
    if out.returncode or not series:
        print(f"{home} --series failed: {out.stderr.strip()}")
        return 1
    bad = []

    def unknown(path, line, s, how):
        if s not in series:
            bad.append(f"{path}:{line}: names series {s} ({how}), "
                       f"which {home} does not list ({' '.join(series)})")

    texts = {}
    for path, text in tree_files(root):
        texts[path] = text
        lines = text.splitlines()
        for n, line in enumerate(lines, 1):
            if "not-a-series" in line or (n > 1 and "not-a-series" in lines[n - 2]):
                continue
            for m in PACKAGE.finditer(line):
                unknown(path, n, m.group(1), m.group(0))
            for m in DIFFERS.finditer(line):
                unknown(path, n, m.group(1), m.group(0))
            for m in ASSIGN.finditer(line):
                unknown(path, n, m.group(1), m.group(0))
            if path != home and not path.endswith(".md"):
                for m in PINNED.finditer(line):
                    bad.append(f"{path}:{n}: pins kernel version {m.group(0)} "
                               f"(let {home} resolve it)")

    expected = texts.get("kernel/probes/expected", "")
    rows = set()
    for n, line in enumerate(expected.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        m = EXPECTED_ROW.match(line)
        if m:
            if not line.startswith("uml-"):
                rows.add(m.group(1))
            unknown("kernel/probes/expected", n, m.group(1), line.split()[0])
    differs_dir = os.path.join(root, "kernel/vm/linux_differs")
    differs = os.listdir(differs_dir) if os.path.isdir(differs_dir) else []
    for f in differs:
        m = re.match(r"(\d+\.\d+)\.", f)
        if m:
            unknown("kernel/vm/linux_differs/" + f, 0, m.group(1), f)
    for s in series:
        if f"linux-source-{s}" not in texts.get("bazelw", ""):
            bad.append(f"bazelw: does not install linux-source-{s} "
                       f"({home} lists {s})")
        if f"linux-source-{s}.tar.xz" not in texts.get("WORKSPACE", ""):
            bad.append(f"WORKSPACE: no linux-source-{s}.tar.xz ({home} lists {s})")
        if s not in rows:
            bad.append(f"kernel/probes/expected: no row for {s} ({home} lists {s})")
        for k in DIFFERS_KINDS:
            if f"{s}.{k}" not in differs:
                bad.append(f"kernel/vm/linux_differs/{s}.{k}: missing "
                           f"({home} lists {s})")

    for b in bad[:20]:
        print(b)
    if len(bad) > 20:
        print(f"... and {len(bad) - 20} more")
    if bad:
        return 1
    print(f"series {' '.join(series)}: named only as {home} lists them, "
          f"each complete, no version pinned ({len(texts)} files read)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
