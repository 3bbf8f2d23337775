"""The kds component manifest: the one list of shared components.

Every consumer reads this list: the Bazel macros (tools/kds.bzl loads it),
kernel/build.sh (which folders go into kds.ko and kds_test.ko; it writes
the Kbuild fragment components.mk and the header kds/components.h from it),
kernel/vendor.sh, the seam check, the docs and the packaging. Shell and
Make read it through tools/components.sh.

One component per line, as a dict of string values, nothing else on the
line (tools/components.sh parses these lines; //tools:components_test
checks that it sees what Starlark sees). Keys:
  name    the component's name: its Bazel library (//<folder>:<name>) and
          KDS_HAVE_<NAME> in kds/components.h.
  folder  its folder: every top-level .c and .h file there is a shared
          source, built into the userspace library and into kds.ko.
  header  its public header, as a shared source includes it.
  public  "yes": part of //:kds, libkds and the installed headers, and
          exported from kds.ko; "no": built and tested, not public API.
  kernel  optional: a folder of kernel-only glue for it (top-level .c
          files built into kds.ko only, never into the userspace library).
"""

KDS_COMPONENTS = [
    {"name": "genradix", "folder": "genradix", "header": "kds/genradix.h", "public": "yes"},
    {"name": "dax_bus", "folder": "dax_bus", "header": "kds/dax_bus.h", "public": "yes", "kernel": "kernel/dax_bus"},
    {"name": "dma", "folder": "dma", "header": "kds/dma.h", "public": "yes"},
    {"name": "flex_array", "folder": "benchmarks/flex_array", "header": "benchmarks/flex_array/flex_array.h", "public": "no"},
]
