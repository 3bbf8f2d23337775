"""kds_case_test: shared suites run in userspace as a plain program."""

load("@rules_cc//cc:defs.bzl", "cc_test")

def kds_case_test(name, srcs, suite, deps = [], copts = [], local_defines = [], size = "small", **kwargs):
    """Runs the suite of a shared case file over the userspace port.

    The case file (e.g. <component>/tests/cases.c, written over the port and
    kds_expect.h) is the one kds_test.ko compiles too; here
    kernel/tests/user/main.c runs its suite and prints the same KTAP
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
        srcs = srcs + ["//kernel:tests/user/main.c"],
        deps = deps + ["//kernel:expect_user"],
        copts = copts,
        local_defines = local_defines + ["KDS_RUN_SUITES=" + "".join(
            ["KDS_RUN(%s)" % s for s in ([suite] if type(suite) == "string" else suite)],
        )],
        size = size,
        **kwargs
    )
