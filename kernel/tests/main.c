// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - kds_test.ko: the kds test module.
 *
 * Built by kernel/build.sh --tests from the same shared sources as kds.ko
 * (its own copy, with its own allocation counter) plus the sources in
 * kernel/tests/.
 * Loading it runs every suite and prints one KTAP document; unloading it
 * reports any allocation kds code made and never freed. Both are read by
 * the VM runner (kernel/vm/run.sh).
 *
 * Module parameter inject= (comma-separated: fail, leak, warn) plants
 * faults so the runner's own failure detection can be tested.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "kds_port.h"
#include "kds_ktap.h"
#include "kds/components.h"

static char *inject = "";
module_param(inject, charp, 0444);
MODULE_PARM_DESC(inject, "faults to plant for testing the runner: fail,leak,warn");

/* Truncated to its low half where unsigned long has 32 bits. */
unsigned long kds_test_seed = (unsigned long)0x6b64735f67720001ULL;
module_param_named(seed, kds_test_seed, ulong, 0444);
MODULE_PARM_DESC(seed, "seed of the genradix operation sequences");

unsigned long kds_test_steps = 3000;
module_param_named(steps, kds_test_steps, ulong, 0444);
MODULE_PARM_DESC(steps, "length of each genradix operation sequence");

/* Set from inject= before the suites run; read by the injected suite. */
bool kds_test_inject_fail;
bool kds_test_inject_warn;

static const struct kds_suite *const kds_test_suites[] = {
	&kds_suite_port,
	/* A component's own case file is built only with the component. */
#ifdef KDS_HAVE_GENRADIX
	&kds_suite_genradix,
	&kds_suite_genradix_api,
	&kds_suite_genradix_vs_linux,
	&kds_suite_genradix_concurrent,
#endif
#ifdef KDS_HAVE_DAX_BUS
	&kds_suite_dax_ids,
	&kds_suite_dax_bus,
	&kds_suite_dax_region,
	&kds_suite_dax_kmem,
	&kds_suite_dax_mapping,
	&kds_suite_dax_space,
#endif
	&kds_suite_dax_ids_via_sysfs,
	&kds_suite_dax_ids_vs_linux,
#ifdef KDS_HAVE_DAX_BUS
	&kds_suite_dax_iomem,
#endif
#ifdef KDS_HAVE_DMA
	&kds_suite_dma_masks,
#endif
	&kds_suite_dma_vs_linux,
	&kds_suite_stackinit,
	&kds_suite_bench,
	&kds_suite_injected,
};

/* KTAP on the log (the other primitives: testing/kernel/expect.c). */
void kds_ktap_printf(const char *fmt, ...)
{
	struct va_format vaf;
	va_list ap;

	va_start(ap, fmt);
	vaf.fmt = fmt;
	vaf.va = &ap;
	pr_info("%pV", &vaf);
	va_end(ap);
}

/* An allocation deliberately never freed (inject=leak). */
static void *kds_test_leaked;

static bool kds_test_has(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ','))
			return true;
		p += n;
	}
	return false;
}

static int __init kds_test_init(void)
{
	int failed;

	kds_test_inject_fail = kds_test_has(inject, "fail");
	kds_test_inject_warn = kds_test_has(inject, "warn");
	failed = kds_ktap_run(kds_test_suites, ARRAY_SIZE(kds_test_suites));
	pr_info("kds_test: %d suite(s) failed\n", failed);
	if (kds_test_has(inject, "leak"))
		kds_test_leaked = kmalloc(32, GFP_KERNEL);
	/*
	 * Load succeeds even when tests fail: the KTAP document carries the
	 * verdict, and the module must stay loaded so its unload leak check
	 * runs too.
	 */
	return 0;
}

static void __exit kds_test_exit(void)
{
	kds_alloc_report_unload("kds_test");
}

module_init(kds_test_init);
module_exit(kds_test_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kds: in-kernel tests (KTAP) and cross-checks against the kernel");
