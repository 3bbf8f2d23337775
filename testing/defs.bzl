"""The test macros of every kds package: the harness both worlds share.

kds_case_test: a shared case file (kds_expect.h) run in userspace as a
plain KTAP program, the same suite kds_test.ko runs in the kernel.
kds_cc_test: a Criterion test with the leak-checking glue of
//testing:criterion. kds_fuzz_test: a bounded libFuzzer run from a seed
corpus kept in the tree. See testing/README.md.
"""

load("@rules_cc//cc:defs.bzl", "cc_test")
load("//testing/arch:cross.bzl", "KDS_CROSS", "kds_cross_test")

# Test code is userspace-only and uses Criterion's assertion macros, which
# declare variables mid-block; the shared sources keep the kernel's rule.
KDS_TEST_COPTS = ["-Wno-declaration-after-statement"]

def kds_cc_test(name, srcs, deps = [], copts = [], size = "small", **kwargs):
    """A Criterion test with the leak-checking harness of //testing:criterion.

    Criterion cannot start under ThreadSanitizer: skipped under --config=tsan.
    Nor under qemu-aarch64 (--config=arm64): it runs each test in a worker
    it spawns, which qemu-user cannot start ("Could not spawn test
    instance: Protocol error"); the case tables run there instead.

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
        deps = deps + ["//testing:criterion"],
        copts = KDS_TEST_COPTS + copts,
        size = size,
        target_compatible_with = select({
            "//tools:tsan": ["//tools:incompatible"],
            "//tools:arm64": ["//tools:incompatible"],
            "//conditions:default": [],
        }),
        **kwargs
    )
    kds_cross_tests(name, size = size, criterion = True)

def kds_case_test(name, srcs, suite, deps = [], copts = [], local_defines = [], size = "small", **kwargs):
    """Runs the suite of a shared case file over the userspace port.

    The case file (e.g. <component>/tests/cases*.c, written over the port and
    kds_expect.h) is the one kds_test.ko compiles too; here
    testing/user/main.c runs its suite and prints the same KTAP
    document, exiting non-zero when a case fails. No Criterion: it runs
    under every configuration, --config=tsan included.

    Args:
      name: target name.
      srcs: the case file and any header it includes.
      suite: the variable the case file defines with KDS_SUITE(), or a
        list of such variables: one program runs them all, in order.
      deps: libraries under test.
      copts: extra compiler options.
      local_defines: extra preprocessor definitions.
      size: Bazel test size.
      **kwargs: passed to cc_test.
    """
    cc_test(
        name = name,
        srcs = srcs + ["//testing:user/main.c"],
        deps = deps + ["//testing:expect_user"],
        copts = copts,
        local_defines = local_defines + ["KDS_RUN_SUITES=" + "".join(
            ["KDS_RUN(%s)" % s for s in ([suite] if type(suite) == "string" else suite)],
        )],
        size = size,
        **kwargs
    )
    kds_cross_tests(name, size = size)

def kds_cross_tests(test, size = "small", criterion = False):
    """test (a cc_test of this package) again for every other architecture.

    <test>_<arch> for each Debian architecture of KDS_CROSS: the program
    built with that architecture's cross compiler and run by
    testing/arch/run.sh (i386 natively, arm64 under qemu-aarch64), in the
    host's configuration: `bazel test //...` runs them all. Only the host's
    build carries the sanitizers (the sanitizer configurations skip these).

    Args:
      test: the cc_test's name.
      size: its Bazel test size.
      criterion: the test is a Criterion one (kds_cc_test), which
        qemu-user cannot run (see kds_cc_test): no arm64 test.
    """
    for cpu, (_, arch) in KDS_CROSS.items():
        if criterion and arch == "arm64":
            continue
        kds_cross_test(
            name = test + "_" + arch,
            test = ":" + test,
            cpu = cpu,
            size = size,
            target_compatible_with = KDS_UNSANITIZED,
        )

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

    The target links srcs and the userspace port (//user:port_srcs) with
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
    files = list(srcs) + data + corpus + ["//user:port_headers", "//user:port_srcs", "//user:port_internal.h", "//:public_headers"]
    if dict:
        args += ["-d", "$(rootpath %s)" % dict]
        files.append(dict)
    args.append(name)
    args += ["-D" + d for d in defines]
    args += ["-I" + (pkg + "/" + i if pkg else i) for i in includes]
    args += copts
    args += ["$(rootpath %s)" % s for s in srcs]
    args.append("$(rootpaths //user:port_srcs)")
    native.sh_test(
        name = name,
        size = size,
        srcs = ["//tools:fuzz_test.sh"],
        args = args,
        data = files,
        target_compatible_with = _NOT_UNDER_SANITIZERS,
        **kwargs
    )

# What the sanitizer configurations skip: tests that run no userspace kds
# code (a kernel build, a VM boot) would only run again unchanged, and
# what only the host's unsanitized build makes (the cross-built libraries).
KDS_UNSANITIZED = select({
    "//tools:asan": ["//tools:incompatible"],
    "//tools:tsan": ["//tools:incompatible"],
    "//conditions:default": [],
})

def kds_cases_args(tests):
    """The arguments that hand a test the programs of kds_case_tests.

    A test that compares another world's run with the userspace runners'
    (the VM guests, KUnit) takes each program as "--cases PATH".

    Args:
      tests: labels of kds_case_test targets (also in the test's data).

    Returns:
      The argument list.
    """
    return [a for t in tests for a in ("--cases", "$(rootpath %s)" % t)]

def kds_host_test(
        name,
        srcs,
        data = [],
        tags = [],
        kernel = False,
        userspace = True,
        **kwargs):
    """An sh_test that reads the host: never replayed from Bazel's cache.

    What such a test checks lives partly outside Bazel's inputs: the
    installed kernel headers (/lib/modules), the kernel images and debug
    kernels in kds's cache, QEMU, daxctl, dkms, Doxygen, /usr/src. A
    Debian update changes none of the test's declared inputs, so a cached
    pass would be the old host's: the test carries the tag "external"
    (always run) and "no-sandbox" (it reads those paths and the cache).

    Args:
      name: target name.
      srcs: the test script.
      data: the files it reads beyond what `kernel` adds.
      tags: further tags ("vm" for a test that boots a kernel, "slow", ...).
      kernel: the test builds kds.ko: adds kds.ko's sources
        (//kernel:kernel_srcs and //:shared_srcs) to data.
      userspace: false for a test that runs no userspace kds code: the
        sanitizer configurations skip it.
      **kwargs: passed to sh_test.
    """
    native.sh_test(
        name = name,
        srcs = srcs,
        data = data + (["//kernel:kernel_srcs", "//:shared_srcs"] if kernel else []),
        tags = tags + ["external", "no-sandbox"],
        target_compatible_with = [] if userspace else KDS_UNSANITIZED,
        **kwargs
    )
