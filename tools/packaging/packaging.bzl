"""libkds.a and libkds.so: every shared component over the userspace port."""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load("//testing/arch:cross.bzl", "kds_cross_transition")

def _archives(deps):
    """The position-independent archive of every library in deps' closure."""
    out = []
    for dep in deps:
        for linker_input in dep[CcInfo].linking_context.linker_inputs.to_list():
            for lib in linker_input.libraries:
                a = lib.pic_static_library or lib.static_library
                if a and a not in out:
                    out.append(a)
    return out

def _kds_libraries_impl(ctx):
    static = ctx.actions.declare_file("lib/libkds.a")
    shared = ctx.actions.declare_file("lib/libkds.so")
    archives = _archives(ctx.attr.deps)
    args = ctx.actions.args()
    args.add(static)
    args.add(shared)
    args.add(ctx.file._version_sh)
    args.add(ctx.file.version_h)
    args.add_all(archives)

    # The configuration's own tools: a cross build (--config=i386, a
    # transition of kds_cross_files) links with that architecture's gcc.
    cc = find_cpp_toolchain(ctx)
    ctx.actions.run(
        executable = ctx.executable._mklibs,
        arguments = [args],
        env = {
            "AR": cc.ar_executable,
            "CC": cc.compiler_executable,
            "NM": cc.nm_executable,
            "PATH": "/usr/bin:/bin",
        },
        inputs = depset(
            archives + [ctx.file._version_sh, ctx.file.version_h],
            transitive = [cc.all_files],
        ),
        outputs = [static, shared],
        mnemonic = "KdsLibraries",
        progress_message = "Linking libkds.a and libkds.so",
    )
    return [DefaultInfo(
        files = depset([static, shared]),
        runfiles = ctx.runfiles(files = [static, shared]),
    )]

kds_libraries = rule(
    implementation = _kds_libraries_impl,
    doc = "lib/libkds.a (every object of deps, PIC) and lib/libkds.so from it " +
          "(soname libkds.so.<major>, the major of version_h).",
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
        "version_h": attr.label(allow_single_file = [".h"], mandatory = True),
        "_version_sh": attr.label(
            default = "//tools:version.sh",
            allow_single_file = True,
        ),
        "_mklibs": attr.label(
            default = "//tools/packaging:mklibs.sh",
            executable = True,
            cfg = "exec",
            allow_single_file = True,
        ),
        "_cc_toolchain": attr.label(
            default = Label("@bazel_tools//tools/cpp:current_cc_toolchain"),
        ),
    },
    fragments = ["cpp"],
)

def _kds_headers_impl(ctx):
    """Public headers at their installed paths under include/.

    kds/<name>.h stays kds/<name>.h (-I include: <kds/genradix.h>); the
    opt-in compat folder goes to kds/compat/ with the userspace port it
    builds on, kds_port.h and kds_atomic.h (-I include/kds/compat: <linux/slab.h>, ...).
    """
    outs = []
    for f in ctx.files.srcs:
        if f.extension != "h":
            continue
        sp = f.short_path
        if sp.startswith("../"):
            # A file of an external repository (@kds in a consumer's
            # workspace): its path inside that repository.
            sp = sp.split("/", 2)[2]
        if sp.startswith("kds/"):
            path = sp
        elif sp.startswith("compat/"):
            path = "kds/" + sp
        elif sp.startswith("user/"):
            path = "kds/compat/" + f.basename
        else:
            fail("not a public header: " + sp)
        out = ctx.actions.declare_file(ctx.attr.dir + "/" + path)
        ctx.actions.symlink(output = out, target_file = f)
        outs.append(out)
    return [DefaultInfo(files = depset(outs))]

kds_headers = rule(
    implementation = _kds_headers_impl,
    doc = "The installed header tree <dir>/kds/... of the given headers.",
    attrs = {
        "srcs": attr.label_list(allow_files = True),
        "dir": attr.string(
            default = "include",
            doc = "the folder, in the package's output tree, that holds kds/...",
        ),
    },
)

def _kds_cross_files_impl(ctx):
    outs = []
    for dep in ctx.attr.srcs:
        for f in dep[DefaultInfo].files.to_list():
            out = ctx.actions.declare_file(ctx.attr.name + "/" + f.short_path)
            ctx.actions.symlink(output = out, target_file = f)
            outs.append(out)
    return [DefaultInfo(
        files = depset(outs),
        runfiles = ctx.runfiles(files = outs),
    )]

kds_cross_files = rule(
    implementation = _kds_cross_files_impl,
    doc = "srcs built for another architecture (cpu: a key of " +
          "testing/arch/cross.bzl's KDS_CROSS), each file at " +
          "<name>/<its path>: beside the host's own in one runfiles tree.",
    attrs = {
        "srcs": attr.label_list(cfg = kds_cross_transition, mandatory = True),
        "cpu": attr.string(mandatory = True),
        "_allowlist_function_transition": attr.label(
            default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
        ),
    },
)
