"""Build macros shared by every kds package."""

load("@rules_cc//cc:defs.bzl", "cc_test")

# Test code is userspace-only and uses Criterion's assertion macros, which
# declare variables mid-block; the shared sources keep the kernel's rule.
KDS_TEST_COPTS = ["-Wno-declaration-after-statement"]

def kds_cc_test(name, srcs, deps = [], copts = [], size = "small", **kwargs):
    """A Criterion test with the leak-checking harness of //user:testing.

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

# Packages whose top-level sources are shared by the userspace library and
# kds.ko. Each provides a cc_library named after the package and a filegroup
# ":shared_srcs" of its top-level .c/.h files; listing it here puts it in
# //:kds (libkds.a, libkds.so), the docs, the seam checks and the module build.
KDS_SHARED_PACKAGES = [
    "//dma",
    "//genradix",
    "//dax_bus",
    "//benchmarks/flex_array",
]
