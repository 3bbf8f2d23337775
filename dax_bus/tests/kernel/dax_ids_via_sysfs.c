// SPDX-License-Identifier: GPL-2.0
/*
 * dax_ids_via_sysfs.c - suite kds_dax_ids_via_sysfs: the dax id case table
 * (dax_bus/tests/id_cases.h) written to kds.ko's own sysfs files
 * (/sys/bus/kds_dax/drivers/kds_device_dax/new_id and remove_id) must give
 * what kds's core stores give. Kernel only; the same table against the
 * running kernel's dax bus is dax_ids_vs_linux.c.
 */
#include "kds_port.h"
#include "kds/components.h"
#include "kds_ktap.h"

#ifdef KDS_HAVE_DAX_BUS
#include "dax_id_writes.h"

/*
 * The same bytes written to kds.ko's own bus (/sys/bus/kds_dax, the glue in
 * kernel/dax_bus/) must give what the core store gives, except that sysfs
 * answers an empty write with 0 before any store runs.
 */
static void dax_kds_sysfs_matches_core(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver drv = { .name = "kds_test_dax" };
	unsigned int accepted = 0;
	size_t i;

	kds_dax_bus_init(&bus);
	KDS_ASSERT(e, kds_dax_driver_register(&bus, &drv) == 0);
	for (i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		struct kds_dax_id_writes w;

		kds_dax_write_case(&drv, KDS_DAX_KDS_DRV, c, &w);
		if (!c->len) {
			w.core_new = 0;
			w.core_remove = 0;
		}
		if (w.core_new != w.sysfs_new || w.core_remove != w.sysfs_remove)
			kds_expect_fail(e, __FILE__, __LINE__,
					"case %zu (%s): new_id core %zd sysfs %zd, remove_id core %zd sysfs %zd",
					i, c->what, w.core_new, w.sysfs_new,
					w.core_remove, w.sysfs_remove);
		accepted += w.sysfs_new > 0;
	}
	kds_expect_note(e, "%zu inputs, %u accepted through /sys/bus/kds_dax",
			ARRAY_SIZE(kds_dax_id_cases), accepted);
	KDS_EXPECT(e, accepted > 0);
	kds_dax_driver_unregister(&drv);
	kds_dax_bus_destroy(&bus);
}

static const struct kds_case kds_dax_sysfs_cases[] = {
	KDS_CASE(dax_kds_sysfs_matches_core),
};

static const char *kds_dax_sysfs_skip(void)
{
	if (!kds_test_path_exists(KDS_DAX_KDS_DRV "new_id"))
		return "kds.ko (with its kds_dax bus) is not loaded";
	return NULL;
}

#else /* the dax bus component is not part of this build */

static void dax_absent(struct kds_expect *e)
{
}

static const struct kds_case kds_dax_sysfs_cases[] = { KDS_CASE(dax_absent) };

static const char *kds_dax_sysfs_skip(void)
{
	return "dax_bus is not part of this build";
}

#endif

KDS_SUITE(kds_suite_dax_ids_via_sysfs, "kds_dax_ids_via_sysfs", kds_dax_sysfs_cases,
	  kds_dax_sysfs_skip);
