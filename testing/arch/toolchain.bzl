"""A C toolchain of Debian's cross compilers, for the userspace tests on
another architecture (.bazelrc's --config=i386 and --config=arm64).

The compiler is Debian's gcc-<triplet> with its libc (libc6-dev-*-cross),
run through cc.sh (gcc_<arch>.sh); Criterion's headers are the host's
(the same on every architecture, found after the compiler's own
directories: .bazelrc's -idirafter), its libraries come from
testing/arch/sysroot.sh.
"""

load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")
load(
    "@bazel_tools//tools/cpp:cc_toolchain_config_lib.bzl",
    "feature",
    "flag_group",
    "flag_set",
    "tool_path",
)

# Position-independent objects where Bazel asks for them (its "pic"
# variable): libkds.so is linked from the libraries' PIC archives, which
# arm64's linker requires and i386's would otherwise patch at load time.
_PIC_FEATURES = [
    feature(name = "supports_pic", enabled = True),
    feature(
        name = "pic",
        enabled = True,
        flag_sets = [flag_set(
            actions = [ACTION_NAMES.c_compile, ACTION_NAMES.cpp_compile],
            flag_groups = [flag_group(flags = ["-fPIC"], expand_if_available = "pic")],
        )],
    ),
]

def _impl(ctx):
    t = ctx.attr.triplet
    tools = [tool_path(name = "gcc", path = ctx.attr.gcc)] + [
        tool_path(name = name, path = "/usr/bin/%s-%s" % (t, name))
        for name in ["ld", "ar", "cpp", "gcov", "nm", "objdump", "strip"]
    ]
    return cc_common.create_cc_toolchain_config_info(
        ctx = ctx,
        toolchain_identifier = t,
        host_system_name = "x86_64-linux-gnu",
        target_system_name = t,
        target_cpu = ctx.attr.cpu,
        target_libc = "glibc",
        compiler = "gcc",
        abi_version = "gcc",
        abi_libc_version = "glibc",
        tool_paths = tools,
        features = _PIC_FEATURES,
        cxx_builtin_include_directories = [
            "/usr/lib/gcc-cross/%s/12/include" % t,
            "/usr/lib/gcc-cross/%s/12/include-fixed" % t,
            "/usr/%s/include" % t,
            "/usr/include",
        ],
    )

kds_cross_toolchain_config = rule(
    implementation = _impl,
    attrs = {
        "cpu": attr.string(mandatory = True),
        "gcc": attr.string(mandatory = True),
        "triplet": attr.string(mandatory = True),
    },
    provides = [CcToolchainConfigInfo],
)
