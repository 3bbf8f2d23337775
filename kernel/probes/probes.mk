# SPDX-License-Identifier: GPL-2.0
#
# probes.mk - kds's kernel API probes, run inside the module's own Kbuild
# pass (out of tree, through DKMS, or vendored in a kernel tree alike).
# Included by every Kbuild that compiles the kernel port; before the
# include, kds-probe-objs names the objects that include kds_port.h, and
# kds-probe-src, where it differs from $(src), the folder holding kernel/
# (a tree vendored in-tree, whose $(src) is relative to the source tree).
#
# Each probe is one file kernel/probes/<api>_<form>.c: a few lines that
# compile against the target kernel's headers only when that kernel has
# the API in that form. Every probe is its own make target, so they run
# in parallel, compiled with the module's flags less kds's extra warnings
# and with -Werror (a prototype mismatch fails the probe). gen.sh turns
# the answers into kernel/kds_probes.h: one KDS_PROBE_<API>_<FORM> 0 or 1
# per probe, read by the kernel port alone (kernel/kds_api_forms.h), with
# #if under -Werror=undef, so a misspelt name fails the build. gen.sh
# stops the build with one line naming the API when the canary fails or
# when an API has no passing form, or more than one.
#
# One question is asked at parse time instead, because its answer is a
# compiler flag: whether the kernel's own headers compile under
# -Wdeclaration-after-statement (the kernel dropped that rule in 6.5; its
# headers have mixed declarations and code since). kds keeps the rule
# wherever the kernel's headers allow it, and always in the userspace
# build of the shared sources.

kds-probe-src ?= $(src)
kds-probe-srcs := $(sort $(wildcard $(kds-probe-src)/kernel/probes/*.c))
kds-probe-oks := $(patsubst $(kds-probe-src)/%.c,$(obj)/%.ok,$(kds-probe-srcs))
kds-probe-warnings := -Wvla -Wdeclaration-after-statement -Wmissing-prototypes \
	-Wstrict-prototypes -Werror=undef

quiet_cmd_kds_probe = PROBE   $(basename $(@F))
      cmd_kds_probe = mkdir -p $(@D); \
	if $(CC) $(filter-out $(kds-probe-warnings),$(c_flags)) -Werror \
		-c -o $(@:.ok=.o) $< >$(@:.ok=.log) 2>&1; \
	then echo 1; else echo 0; fi >$@

$(obj)/kernel/probes/%.ok: $(kds-probe-src)/kernel/probes/%.c FORCE
	$(call cmd,kds_probe)

quiet_cmd_kds_probes_h = GEN     $@
      cmd_kds_probes_h = $(CONFIG_SHELL) $(kds-probe-src)/kernel/probes/gen.sh $@ $(kds-probe-oks)

$(obj)/kernel/kds_probes.h: $(kds-probe-oks) $(kds-probe-src)/kernel/probes/gen.sh FORCE
	$(call cmd,kds_probes_h)

$(addprefix $(obj)/,$(kds-probe-objs)): $(obj)/kernel/kds_probes.h

# The parse-time probe: -Wdeclaration-after-statement where the kernel's
# headers are clean under it (kernel/probes/flags/decl_after_statement.c).
kds-decl-after-statement := $(call try-run,\
	$(CC) $(KBUILD_CPPFLAGS) $(LINUXINCLUDE) $(KBUILD_CFLAGS) -Werror \
		-Wdeclaration-after-statement -x c -c \
		$(kds-probe-src)/kernel/probes/flags/decl_after_statement.c -o "$$TMP",\
	-Wdeclaration-after-statement,)

ccflags-y += -I$(obj)/kernel -Werror=undef $(kds-decl-after-statement)
clean-files += kernel/kds_probes.h kernel/kds_probes.h.tmp \
	$(patsubst $(obj)/%,%,$(kds-probe-oks) $(kds-probe-oks:.ok=.o) $(kds-probe-oks:.ok=.log))
