"""The kds API reference: Doxygen over the public headers, warnings fatal."""

def _documented_sources(files):
    """Headers (the public API) and .c files (kernel-doc at definitions)."""
    return [f for f in files if f.extension in ("h", "c") and f.is_source]

def _kds_doxygen_impl(ctx):
    out = ctx.actions.declare_directory("html")
    hdrs = _documented_sources(ctx.files.srcs)
    args = ctx.actions.args()
    args.add(out.path)
    args.add(ctx.file.doxyfile)
    args.add(ctx.file.filter)
    args.add(ctx.file.mainpage)
    args.add_all(hdrs)
    ctx.actions.run(
        executable = ctx.executable._doxygen_sh,
        arguments = [args],
        inputs = hdrs + [ctx.file.doxyfile, ctx.file.layout, ctx.file.filter, ctx.file.mainpage],
        outputs = [out],
        mnemonic = "Doxygen",
        progress_message = "Building the kds API reference",
    )
    return [DefaultInfo(files = depset([out]))]

kds_doxygen = rule(
    implementation = _kds_doxygen_impl,
    doc = "HTML API reference of the headers in srcs; any Doxygen warning fails.",
    attrs = {
        "srcs": attr.label_list(allow_files = True),
        "doxyfile": attr.label(allow_single_file = True, mandatory = True),
        # Read by doxygen.sh from beside the Doxyfile.
        "layout": attr.label(allow_single_file = True, mandatory = True),
        "filter": attr.label(allow_single_file = True, mandatory = True),
        "mainpage": attr.label(allow_single_file = True, mandatory = True),
        "_doxygen_sh": attr.label(
            default = "//docs:doxygen.sh",
            executable = True,
            cfg = "exec",
            allow_single_file = True,
        ),
    },
)
