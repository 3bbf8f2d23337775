// SPDX-License-Identifier: GPL-2.0
/*
 * kds_kunit.c - the components' shared case files as KUnit suites, built
 * into kds (the module or the kernel) with CONFIG_KDS_KUNIT_TEST in a tree
 * kds is vendored into (kernel/vendor.sh):
 *
 *	./tools/testing/kunit/kunit.py run --kunitconfig lib/kds
 *
 * Each suite of <component>/tests/cases*.c (the cases kds_test.ko and the
 * userspace programs run) becomes one KUnit suite of the same name with
 * one parameterized test, "cases", whose parameters are the suite's cases
 * in order: KUnit reports every case by name. A case runs under the
 * shared runner's checks (kds_expect_run(): its expectations, and no
 * allocation of kds's left behind), its diagnostics go to the test's log,
 * and a failed case fails its KUnit parameter.
 *
 * What KUnit does not judge: kernel warnings. kds_test.ko's runner
 * (kernel/vm/run.sh) fails on any WARNING outside an expect-warning
 * bracket; under KUnit the brackets are only printed.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "kds_port.h"
#include "kds_expect.h"
#include "kds/components.h"

unsigned long kds_test_seed = 0x6b64735f67720001UL;
module_param_named(kunit_seed, kds_test_seed, ulong, 0444);
MODULE_PARM_DESC(kunit_seed, "KUnit: seed of the genradix operation sequences");

unsigned long kds_test_steps = 3000;
module_param_named(kunit_steps, kds_test_steps, ulong, 0444);
MODULE_PARM_DESC(kunit_steps, "KUnit: length of each genradix operation sequence");

/* The KUnit test running a case: its diagnostics go to that test's log. */
static struct kunit *kds_kunit_test;

/* KTAP into the test's log (the other primitives: testing/kernel/expect.c). */
void kds_ktap_printf(const char *fmt, ...)
{
	char line[256];
	const char *p = line;
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	n = vscnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n && line[n - 1] == '\n')
		line[n - 1] = '\0';
	if (!kds_kunit_test) {
		pr_info("%s\n", line);
		return;
	}
	/* The runner indents for its own document; KUnit's is deeper. */
	p = skip_spaces(line);
	kunit_log(KERN_INFO, kds_kunit_test,
		  KUNIT_SUBTEST_INDENT KUNIT_SUBTEST_INDENT "%s\n", p);
}

/* The next case of @suite after @prev (NULL: the first), named in @desc. */
static const void *kds_kunit_next(const struct kds_suite *suite,
				  const void *prev, char *desc)
{
	const struct kds_case *c = prev ? (const struct kds_case *)prev + 1 :
					  suite->cases;

	if (c >= suite->cases + suite->nr_cases)
		return NULL;
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
	return c;
}

/* One parameter: one case of a kds suite. */
static void kds_kunit_run(struct kunit *test)
{
	const struct kds_case *c = test->param_value;
	bool ok;

	kds_kunit_test = test;
	ok = kds_expect_run(c);
	kds_kunit_test = NULL;
	if (!ok)
		KUNIT_FAIL(test, "%s failed (its diagnostics are above)", c->name);
}

/*
 * KDS_KUNIT_SUITE() - a KUnit suite named @kname over the kds suite @var,
 * which must carry the same name (checked before the suite runs).
 */
#define KDS_KUNIT_SUITE(var, kname)					\
	extern const struct kds_suite var;				\
	static const void *var##_kunit_next(const void *prev, char *desc) \
	{								\
		return kds_kunit_next(&var, prev, desc);		\
	}								\
	static int var##_kunit_init(struct kunit_suite *suite)		\
	{								\
		return strcmp(var.name, kname) ? -EINVAL : 0;		\
	}								\
	static struct kunit_case var##_kunit_cases[] = {		\
		{ .run_case = kds_kunit_run, .name = "cases",		\
		  .generate_params = var##_kunit_next },		\
		{}							\
	};								\
	static struct kunit_suite var##_kunit = {			\
		.name = kname,						\
		.suite_init = var##_kunit_init,				\
		.test_cases = var##_kunit_cases,			\
	}

#ifdef KDS_HAVE_GENRADIX
KDS_KUNIT_SUITE(kds_suite_genradix, "kds_genradix");
KDS_KUNIT_SUITE(kds_suite_genradix_api, "kds_genradix_api");
#endif
#ifdef KDS_HAVE_DAX_BUS
KDS_KUNIT_SUITE(kds_suite_dax_ids, "kds_dax_ids");
KDS_KUNIT_SUITE(kds_suite_dax_bus, "kds_dax_bus");
KDS_KUNIT_SUITE(kds_suite_dax_region, "kds_dax_region");
KDS_KUNIT_SUITE(kds_suite_dax_kmem, "kds_dax_kmem");
KDS_KUNIT_SUITE(kds_suite_dax_mapping, "kds_dax_mapping");
KDS_KUNIT_SUITE(kds_suite_dax_space, "kds_dax_space");
#endif
#ifdef KDS_HAVE_DMA
KDS_KUNIT_SUITE(kds_suite_dma_masks, "kds_dma_masks");
#endif

#ifdef KDS_HAVE_GENRADIX
kunit_test_suites(&kds_suite_genradix_kunit, &kds_suite_genradix_api_kunit);
#endif
#ifdef KDS_HAVE_DAX_BUS
kunit_test_suites(&kds_suite_dax_ids_kunit, &kds_suite_dax_bus_kunit,
		  &kds_suite_dax_region_kunit, &kds_suite_dax_kmem_kunit,
		  &kds_suite_dax_mapping_kunit, &kds_suite_dax_space_kunit);
#endif
#ifdef KDS_HAVE_DMA
kunit_test_suites(&kds_suite_dma_masks_kunit);
#endif
