// SPDX-License-Identifier: GPL-2.0
/*
 * dax_ids_vs_linux.c - suite kds_dax_ids_vs_linux: the dax id case table
 * (dax_bus/tests/id_cases.h) written to the running kernel's own dax bus
 * (/sys/bus/dax/drivers/device_dax/new_id and remove_id) and to kds's
 * stores: each must give its column of the table. Kernel only; the
 * table's cases that need no running kernel are dax_bus/tests/cases_ids.c,
 * run in both worlds, and kds.ko's own sysfs files are
 * dax_ids_via_sysfs.c's. Which device a driver then binds is compared by
 * the VM's daxctl program (kernel/vm/daxctl.c).
 */
#include "kds_port.h"
#include "kds/components.h"
#include "kds_ktap.h"

#ifdef KDS_HAVE_DAX_BUS
#include "dax_id_writes.h"

/*
 * The same bytes through kds's new_id and the running kernel's: each side
 * must give its own column of the table (@expected for kds, @upstream for
 * Linux, which differ only on negative numbers), except that sysfs answers
 * a zero-length write with 0 before any store runs. Every difference
 * between the two is printed.
 *
 * The summary counts what the two kernels answered, not what the table
 * says: the comparison means something only if both accepted some input
 * alike, both refused some input alike, and Linux accepted an input with
 * a NUL in it (its store parses up to the NUL and answers the whole
 * length). A run in which the answers never reach those cases fails.
 */
static void dax_new_id_vs_linux(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver drv = { .name = "kds_test_dax" };
	unsigned int both_accept = 0, both_refuse = 0, negative = 0, nul = 0;
	size_t i;

	kds_dax_bus_init(&bus);
	KDS_ASSERT(e, kds_dax_driver_register(&bus, &drv) == 0);
	for (i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		ssize_t want_kds = c->expected ? c->expected : (ssize_t)c->len;
		ssize_t want_linux = !c->len ? 0 : c->upstream ? c->upstream : (ssize_t)c->len;
		struct kds_dax_id_writes w;

		kds_dax_write_case(&drv, KDS_DAX_KERNEL_DRV, c, &w);
		if (w.core_new != want_kds || w.core_remove != want_kds)
			kds_expect_fail(e, __FILE__, __LINE__,
					"case %zu (%s): kds new_id %zd remove_id %zd, want %zd",
					i, c->what, w.core_new, w.core_remove, want_kds);
		if (w.sysfs_new != want_linux || w.sysfs_remove != want_linux)
			kds_expect_fail(e, __FILE__, __LINE__,
					"case %zu (%s): Linux new_id %zd remove_id %zd, want %zd",
					i, c->what, w.sysfs_new, w.sysfs_remove, want_linux);
		if (!c->len)
			continue;	/* sysfs answers before any store runs */
		if (w.sysfs_new == w.core_new && w.sysfs_remove == w.core_remove) {
			both_accept += w.sysfs_new == (ssize_t)c->len;
			both_refuse += w.sysfs_new < 0;
		} else if (w.sysfs_new == (ssize_t)c->len && w.core_new < 0) {
			negative++;
			kds_expect_note(e, "Linux accepts, kds refuses (negative number): case %zu (%s)",
					i, c->what);
		}
		if (w.sysfs_new == (ssize_t)c->len && memchr(c->input, '\0', c->len))
			nul++;
	}
	kds_expect_note(e, "%zu inputs: %u accepted and %u refused by both, %u negative-number differences, %u accepted by Linux with a NUL",
			ARRAY_SIZE(kds_dax_id_cases), both_accept, both_refuse, negative, nul);
	KDS_EXPECT(e, both_accept > 0);
	KDS_EXPECT(e, both_refuse > 0);
	KDS_EXPECT(e, nul > 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&drv), 0);
	kds_dax_driver_unregister(&drv);
	kds_dax_bus_destroy(&bus);
}

static const struct kds_case kds_dax_vs_linux_cases[] = {
	KDS_CASE(dax_new_id_vs_linux),
};

static const char *kds_dax_vs_linux_skip(void)
{
	if (!kds_test_path_exists(KDS_DAX_KERNEL_DRV "new_id"))
		return "the kernel's device_dax driver is not loaded";
	return NULL;
}

#else /* the dax bus component is not part of this build */

static void dax_absent(struct kds_expect *e)
{
}

static const struct kds_case kds_dax_vs_linux_cases[] = { KDS_CASE(dax_absent) };

static const char *kds_dax_vs_linux_skip(void)
{
	return "dax_bus is not part of this build";
}

#endif

KDS_SUITE(kds_suite_dax_ids_vs_linux, "kds_dax_ids_vs_linux", kds_dax_vs_linux_cases,
	  kds_dax_vs_linux_skip);
