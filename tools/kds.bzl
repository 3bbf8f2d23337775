"""Build macros shared by every kds package."""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//tools:components.bzl", "KDS_COMPONENTS")

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
    the same rule (tests/*.h and tests/cases*.c, the shared cases, and
    tests/kernel/*.c and *.h, the component's kernel-only tests); empty
    for a component with neither. A vendored copy carries the shared
    cases too, for its KUnit suite (kernel/vendor.sh). kds_component() declares both; a package that
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
        srcs = native.glob(
            [
                "tests/*.h",
                "tests/cases*.c",
                "tests/kernel/*.c",
                "tests/kernel/*.h",
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

# Their ":kernel_case_srcs" filegroups: the case files and tables, and the
# kernel-only tests, that kds_test.ko compiles (the VM test's inputs).
KDS_KERNEL_CASE_SRCS = ["//%s:kernel_case_srcs" % c["folder"] for c in KDS_COMPONENTS]

KDS_PUBLIC_SRCS = [
    "//%s:shared_srcs" % c["folder"]
    for c in KDS_COMPONENTS
    if c["public"] == "yes"
]
