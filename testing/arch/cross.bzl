"""The architectures kds's userspace builds for besides the host's.

KDS_CROSS: Bazel cpu name -> (GNU triplet, Debian architecture): the
toolchains of testing/arch/BUILD (--config=i386, --config=arm64), the
packages //:deb cross-builds (the root BUILD's kds_libs_<arch>) and the
tests kds_cross_test runs all read it.

kds_cross_transition builds a dependency as --config=<arch> would (its
testing/arch/ toolchain for the target, the host's for the tools);
kds_cross_test runs a test program built that way, as
testing/arch/run.sh runs it (i386 natively, arm64 under qemu-aarch64),
inside the host's `bazel test //...`.
"""

KDS_CROSS = {
    "aarch64": ("aarch64-linux-gnu", "arm64"),
    "i686": ("i686-linux-gnu", "i386"),
}

def _settings(settings, cpu, tests):
    # As .bazelrc's --config=cross with --cpu: testing/arch/'s toolchains
    # for the target, the host's own for the tools, header paths as given
    # (Bazel's inclusion check).
    # Criterion's headers (the host's /usr/include, after the cross
    # compiler's own) are for the tests only.
    copts = settings["//command_line_option:copt"] + ["-fno-canonical-system-headers"]
    if tests:
        copts = copts + ["-idirafter/usr/include"]
    return {
        "//command_line_option:copt": copts,
        "//command_line_option:cpu": cpu,
        "//command_line_option:crosstool_top": str(Label("//testing/arch:suite")),
        "//command_line_option:host_crosstool_top": "@bazel_tools//tools/cpp:toolchain",
    }

_INPUTS = ["//command_line_option:copt"]
_OUTPUTS = [
    "//command_line_option:copt",
    "//command_line_option:cpu",
    "//command_line_option:crosstool_top",
    "//command_line_option:host_crosstool_top",
]

def _library_settings(settings, attr):
    return _settings(settings, attr.cpu, False)

def _test_settings(settings, attr):
    return _settings(settings, attr.cpu, True)

kds_cross_transition = transition(
    implementation = _library_settings,
    inputs = _INPUTS,
    outputs = _OUTPUTS,
)

_test_transition = transition(
    implementation = _test_settings,
    inputs = _INPUTS,
    outputs = _OUTPUTS,
)

def _kds_cross_test_impl(ctx):
    test = ctx.attr.test[0]
    program = test[DefaultInfo].files_to_run.executable
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        output = script,
        content = "#!/bin/sh\nKDS_TEST_ARCH=%s exec %s %s \"$@\"\n" % (
            KDS_CROSS[ctx.attr.cpu][1],
            ctx.file._run.short_path,
            program.short_path,
        ),
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = [ctx.file._run, program])
    runfiles = runfiles.merge(test[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

kds_cross_test = rule(
    implementation = _kds_cross_test_impl,
    test = True,
    doc = "test (a cc_test) built for cpu (a key of KDS_CROSS) and run by " +
          "testing/arch/run.sh: i386 natively, arm64 under qemu-aarch64.",
    attrs = {
        "test": attr.label(cfg = _test_transition, mandatory = True),
        "cpu": attr.string(mandatory = True, values = KDS_CROSS.keys()),
        "_run": attr.label(default = "//testing/arch:run.sh", allow_single_file = True),
        "_allowlist_function_transition": attr.label(
            default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
        ),
    },
)
