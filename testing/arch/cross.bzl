"""The architectures kds's userspace builds for besides the host's.

Bazel cpu name -> (GNU triplet, Debian architecture): the toolchains of
testing/arch/BUILD (--config=i386, --config=arm64) and the packages
//:deb cross-builds (the root BUILD's kds_libs_<arch>) both read it.
"""

KDS_CROSS = {
    "aarch64": ("aarch64-linux-gnu", "arm64"),
    "i686": ("i686-linux-gnu", "i386"),
}
