"""Build macros shared by every kds package."""

load("@rules_cc//cc:defs.bzl", "cc_library", "cc_test")
load("//tools:components.bzl", "KDS_COMPONENTS")

# Test code is userspace-only and uses Criterion's assertion macros, which
# declare variables mid-block; the shared sources keep the kernel's rule.
KDS_TEST_COPTS = ["-Wno-declaration-after-statement"]

def kds_cc_test(name, srcs, deps = [], copts = [], size = "small", **kwargs):
    """A Criterion test with the leak-checking harness of //user:testing.

    Criterion cannot start under ThreadSanitizer: skipped under --config=tsan.

    Args:
      name: target name.
      srcs: test sources.
      deps: libraries under test.
      copts: extra compiler options.
      size: Bazel test size.
      **kwargs: passed to cc_test.
    """
    cc_test(
        name = name,
        srcs = srcs,
        deps = deps + ["//user:testing"],
        copts = KDS_TEST_COPTS + copts,
        size = size,
        target_compatible_with = select({
            "//tools:tsan": ["//tools:incompatible"],
            "//conditions:default": [],
        }),
        **kwargs
    )

def kds_component(name, hdrs, srcs = None, **kwargs):
    """A shared component: its library over the userspace port and :shared_srcs.

    The package must be listed in tools/components.bzl under this name.
    The filegroup ":shared_srcs" holds the package's top-level
    .c and .h files, which kernel/build.sh builds into kds.ko.

    Args:
      name: the library's name (the package's name).
      hdrs: its public headers.
      srcs: its .c files; by default every top-level .c file, as in kds.ko.
      **kwargs: passed to cc_library.
    """
    pkg = native.package_name()
    listed = [c for c in KDS_COMPONENTS if c["folder"] == pkg]
    if not listed:
        fail("%s is not in the component manifest, tools/components.bzl" % pkg)
    if listed[0]["name"] != name:
        fail("//%s: the manifest names this component %s, not %s" % (pkg, listed[0]["name"], name))
    cc_library(
        name = name,
        srcs = native.glob(["*.c"]) if srcs == None else srcs,
        hdrs = hdrs,
        deps = ["//user:port"],
        **kwargs
    )
    kds_component_filegroups()

def kds_component_filegroups():
    """The filegroups every component package provides to the module build.

    ":shared_srcs": the package's top-level .c and .h files, built into the
    userspace library and kds.ko. ":kernel_case_srcs": what kernel/build.sh
    --tests copies into kds_test.ko from the package's tests/ folder, by
    the same rule (tests/*.h and tests/cases*.c); empty for a component
    with no shared cases. kds_component() declares both; a package that
    builds its libraries itself (genradix, two node sizes) calls this.
    """
    native.filegroup(
        name = "shared_srcs",
        srcs = native.glob([
            "*.c",
            "*.h",
        ]),
    )
    native.filegroup(
        name = "kernel_case_srcs",
        testonly = True,
        srcs = native.glob(
            [
                "tests/*.h",
                "tests/cases*.c",
            ],
            allow_empty = True,
        ),
    )

# The public components: their libraries and headers are what a consumer
# gets (//:kds for Bazel; libkds and include/kds/ after //:install). From
# the manifest, tools/components.bzl ("public": "yes").
KDS_PUBLIC_PACKAGES = [
    "//%s:%s" % (c["folder"], c["name"])
    for c in KDS_COMPONENTS
    if c["public"] == "yes"
]

# Every component of the manifest: packages whose top-level sources are
# shared by the userspace library and kds.ko. Each provides a cc_library
# named after the component and a filegroup ":shared_srcs" of its
# top-level .c/.h files, which puts it in the docs, the seam checks and
# the module build. The flex_array baseline is shared too, but it is the
# benchmarks' yardstick, not public API ("public": "no"): it stays out of
# //:kds, the installed library and headers.
KDS_SHARED_PACKAGES = ["//%s:%s" % (c["folder"], c["name"]) for c in KDS_COMPONENTS]

# Their ":shared_srcs" filegroups: every shared source, and those of the
# public components (the API reference reads these).
KDS_SHARED_SRCS = ["//%s:shared_srcs" % c["folder"] for c in KDS_COMPONENTS]

# Their ":kernel_case_srcs" filegroups: the case files and tables that
# kds_test.ko compiles (the VM test's inputs).
KDS_KERNEL_CASE_SRCS = ["//%s:kernel_case_srcs" % c["folder"] for c in KDS_COMPONENTS]

KDS_PUBLIC_SRCS = [
    "//%s:shared_srcs" % c["folder"]
    for c in KDS_COMPONENTS
    if c["public"] == "yes"
]

# The fuzz build carries its own ASan + UBSan, whatever Bazel's
# configuration: under --config=asan it would be the same run again and
# under --config=tsan an ASan run, not a TSan one. Fuzz tests run in the
# default configuration only.
_NOT_UNDER_SANITIZERS = select({
    "//tools:asan": ["//tools:incompatible"],
    "//tools:tsan": ["//tools:incompatible"],
    "//conditions:default": [],
})

def kds_fuzz_test(
        name,
        srcs,
        corpus,
        min_execs,
        data = [],
        seconds = 15,
        seed = 1,
        dict = None,
        max_len = 256,
        timeout_secs = 10,
        rss_limit_mb = 1024,
        defines = [],
        includes = [],
        copts = [],
        size = "medium",
        **kwargs):
    """A libFuzzer smoke run: //tools:fuzz_test.sh builds srcs with clang.

    The target links srcs and user/port.c with
    -fsanitize=fuzzer,address,undefined and runs for `seconds` with a fixed
    seed, starting from the seed corpus kept in the source tree; any crash,
    leak or sanitizer report fails the test, and so does a run that
    executes fewer than `min_execs` inputs (a target that stalls or exits
    early). The failing input is kept in the test's undeclared outputs, and
    the log ends with a one-line command that replays it (see
    tools/fuzz_test.sh). Default configuration only: the build carries its
    own ASan + UBSan, so the sanitizer configurations skip it.

    Args:
      name: target name, also the fuzzer binary's name.
      srcs: the C files to compile (labels).
      corpus: the seed files (labels, at least one), usually
        glob(["tests/corpus/<target>/*.hex"]): hex bytes with '#' comments
        saying what each input encodes.
      min_execs: the least number of inputs the run must execute
        (libFuzzer's stat::number_of_executed_units).
      data: headers and other files the compilation reads.
      seconds: time budget (-max_total_time).
      seed: libFuzzer -seed.
      dict: optional libFuzzer dictionary (label).
      max_len: libFuzzer -max_len.
      timeout_secs: libFuzzer -timeout for one input.
      rss_limit_mb: libFuzzer -rss_limit_mb.
      defines: preprocessor definitions (NAME or NAME=VALUE).
      includes: include directories relative to this package.
      copts: extra clang options.
      size: Bazel test size.
      **kwargs: passed to sh_test.
    """
    if not corpus:
        fail("kds_fuzz_test %s: give it a seed corpus (corpus = [...])" % name)
    if min_execs < 1:
        fail("kds_fuzz_test %s: min_execs must be at least 1" % name)
    pkg = native.package_name()
    args = ["-t", str(seconds), "-s", str(seed), "-m", str(min_execs)]
    for flag in [
        "-max_len=%d" % max_len,
        "-timeout=%d" % timeout_secs,
        "-rss_limit_mb=%d" % rss_limit_mb,
    ]:
        args += ["-f", flag]
    for f in corpus:
        args += ["-c", "$(rootpath %s)" % f]
    files = list(srcs) + data + corpus + ["//user:port_headers", "//user:port.c", "//kds:public_headers"]
    if dict:
        args += ["-d", "$(rootpath %s)" % dict]
        files.append(dict)
    args.append(name)
    args += ["-D" + d for d in defines]
    args += ["-I" + (pkg + "/" + i if pkg else i) for i in includes]
    args += copts
    args += ["$(rootpath %s)" % s for s in srcs]
    args.append("$(rootpath //user:port.c)")
    native.sh_test(
        name = name,
        size = size,
        srcs = ["//tools:fuzz_test.sh"],
        args = args,
        data = files,
        target_compatible_with = _NOT_UNDER_SANITIZERS,
        **kwargs
    )
