// SPDX-License-Identifier: GPL-2.0
/*
 * cases_region.c - regions and the dev_dax lifecycle, run in both worlds:
 * region and device attributes as sysfs prints them, naming and uevent,
 * lookup by name, run/kill and private data. kds_test.ko runs this suite
 * in the kernel; //dax_bus:region_cases_test runs it in userspace
 * (allocation failures: tests/region_test.c).
 *
 * Includes only the port and the dax bus header.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"
#include "cases_dax.h"

/* Region 0: 2 MiB at address 0, node 0, 2 MiB alignment. */
static struct kds_dax_region *dax_small_region(struct kds_expect *e)
{
	struct kds_dax_region *r = kds_dax_region_alloc(NULL, 0, 0, DAX_SZ_2M, 0, DAX_SZ_2M, 0);

	KDS_EXPECT(e, !IS_ERR(r));
	return r;
}

static void dax_region_attributes_as_sysfs_prints_them_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r;
	static const char *const names[] = {
		"id", "size", "align", "target_node", "available_size",
		"seed", "create", "delete",
	};
	static const char *const want[] = {
		"7\n", "1073741824\n", "2097152\n", "3\n", "0\n",
	};

	r = kds_dax_region_alloc(NULL, 7, DAX_SZ_1G, DAX_SZ_1G, 3, DAX_SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dax_region_nr_attrs, ARRAY_SIZE(names));
	for (unsigned int i = 0; i < ARRAY_SIZE(names); i++) {
		kds_expect_ctx(e, "%s", names[i]);
		KDS_EXPECT_STREQ(e, kds_dax_region_attrs[i].name, names[i]);
		if (i >= ARRAY_SIZE(want))
			continue;
		/* a static region: the first five files; seed, create, delete hidden */
		DAX_EXPECT_SHOWN(e, kds_dax_region_attrs[i].show(r, buf), buf, want[i]);
		/* align is root-only, as in Linux 6.1; the others read-only for all */
		KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, i), i == 2 ? 0400 : 0444);
	}
	for (unsigned int i = 5; i < 8; i++)
		KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, i), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "seed", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dax_region_seed_show(r, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 8), 0);
	r->target_node = -1;
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 3), 0);	/* negative node is hidden */
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 0), 0444);
	kds_dax_region_get(r);
	kds_dax_region_unregister(r);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 0), 0);	/* unregistered: nothing visible */
	kds_dax_region_put(r);
	kds_dax_region_put(r);
}

static void dax_region_attributes_as_sysfs_prints_them(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_region_attributes_as_sysfs_prints_them_in);
}

static void dax_region_dev_dax_naming_and_attributes_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r;
	static const char *const shown[][2] = {
		{ "modalias", "dax:t0\n" },
		{ "size", "1073741824\n" },
		{ "target_node", "1\n" },
		{ "align", "2097152\n" },
		{ "resource", "0x40000000\n" },
		{ "numa_node", "1\n" },
	};
	struct kds_dev_dax d = { 0 }, neg = { 0 }, nonode = { 0 };
	ssize_t n;

	r = kds_dax_region_alloc(NULL, 4, DAX_SZ_1G, DAX_SZ_1G, 1, DAX_SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&neg, r, -1, KDS_DEV_DAX_BUS), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&neg, r, 0, (enum kds_dev_dax_subsys)9), -EINVAL);
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 2);	/* a refused device took a reference */
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 5, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_STREQ(e, d.name, "dax4.5");
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 3);
	KDS_EXPECT_EQ(e, kds_dev_dax_size(&d), DAX_SZ_1G);

	KDS_EXPECT_EQ(e, kds_dev_dax_nr_attrs, 8);
	/*
	 * The files a static region's device shows, by index and by name;
	 * align, resource (root only) and numa_node are the 6.1 files
	 * libdaxctl reads. size and align are read-only there.
	 */
	for (unsigned int i = 0; i < ARRAY_SIZE(shown); i++) {
		const char *name = shown[i][0];

		kds_expect_ctx(e, "%s", name);
		KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[i].name, name);
		DAX_EXPECT_SHOWN(e, kds_dev_dax_attr_show(&d, name, buf), buf, shown[i][1]);
		KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, i),
			      strcmp(name, "resource") ? 0444 : 0400);
	}
	/* no mapping file on a static region */
	kds_expect_ctx(e, "a static region's device");
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[6].name, "mapping");
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, 6), 0);
	/* memmap_on_memory: only on a region whose platform offers it */
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[7].name, "memmap_on_memory");
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, 7), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, 8), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "size", "0", 1), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "align", "4096", 4), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "mapping", "0-fff", 5), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "modalias", "x", 1), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&d, DAX_SZ_2M), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_size(&d), DAX_SZ_1G);

	n = kds_dev_dax_uevent(&d, buf, KDS_DAX_ATTR_BUF_SIZE);
	KDS_EXPECT_EQ(e, n, 15);
	KDS_EXPECT_STREQ(e, buf, "MODALIAS=dax:t0");
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(&d, buf, 15), -ENOMEM);
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(&d, buf, 16), 15);

	/* target_node is inherited and hidden when negative */
	r->target_node = -1;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&nonode, r, 6, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, nonode.target_node, -1);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&nonode, 2), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&nonode, 0), 0444);
	/* numa_node stays visible: no node is -1 */
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&nonode, 5), 0444);
	DAX_EXPECT_SHOWN(e, kds_dev_dax_attr_show(&nonode, "numa_node", buf), buf, "-1\n");

	kds_dev_dax_release(&d);
	kds_dev_dax_release(&nonode);
	kds_dax_region_unregister(r);
	kds_dax_region_put(r);
}

static void dax_region_dev_dax_naming_and_attributes(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_region_dev_dax_naming_and_attributes_in);
}

static void dax_region_run_kill_hides_private_data(struct kds_expect *e)
{
	struct kds_dax_region *r = dax_small_region(e);
	struct kds_dev_dax d = { 0 };
	int data = 42;

	if (IS_ERR(r))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(&d));	/* created dead */
	kds_dev_dax_set_private(&d, &data);
	KDS_EXPECT(e, !kds_dev_dax_get_private(&d));	/* private data reachable while dead */
	kds_dev_dax_run(&d);
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(&d), &data);
	kds_dev_dax_kill(&d);
	KDS_EXPECT(e, !kds_dev_dax_get_private(&d));
	kds_dev_dax_run(&d);
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(&d), &data);	/* run again after kill */
	kds_dev_dax_release(&d);
	KDS_EXPECT(e, !kds_dev_dax_get_private(&d));	/* released device is dead */
	kds_dax_region_put(r);
	kds_dax_region_unregister(r);
}

/* Lookup by file name: one answer per name, -ENOENT for no such file. */
static void dax_region_attribute_show_by_name_in(struct kds_expect *e, char *buf)
{
	static const char *const no_region_file[] = {
		"modalias", "", "align\n", "resource", "target_node",
	};
	static const char *const no_dev_file[] = {
		"id", "Size", "available_size", "resource\n", "target_node",
	};
	struct kds_dax_region *r = kds_dax_region_alloc(NULL, 3, 0, DAX_SZ_1G, -1, DAX_SZ_2M, 0);
	struct kds_dev_dax d = { 0 };

	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0);
	DAX_EXPECT_SHOWN(e, kds_dax_region_attr_show(r, "align", buf), buf, "2097152\n");
	DAX_EXPECT_SHOWN(e, kds_dax_region_attr_show(r, "id", buf), buf, "3\n");
	DAX_EXPECT_SHOWN(e, kds_dev_dax_attr_show(&d, "modalias", buf), buf, "dax:t0\n");
	DAX_EXPECT_SHOWN(e, kds_dev_dax_attr_show(&d, "size", buf), buf, "1073741824\n");

	/*
	 * Unknown names, names of the other table, near misses; hidden
	 * files: a negative node hides target_node on both.
	 */
	for (unsigned int i = 0; i < ARRAY_SIZE(no_region_file); i++) {
		kds_expect_ctx(e, "region \"%s\"", no_region_file[i]);
		KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, no_region_file[i], buf), -ENOENT);
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(no_dev_file); i++) {
		kds_expect_ctx(e, "dev_dax \"%s\"", no_dev_file[i]);
		KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, no_dev_file[i], buf), -ENOENT);
	}
	kds_expect_ctx(e, "NULL arguments");
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(NULL, "id", buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, NULL, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "id", NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(NULL, "size", buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, NULL, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "size", NULL), -EINVAL);
	/* Every region file disappears with the registration. */
	KDS_EXPECT_EQ(e, kds_dax_region_unregister(r), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "id", buf), -ENOENT);
	kds_dev_dax_release(&d);
	kds_dax_region_put(r);
}

static void dax_region_attribute_show_by_name(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_region_attribute_show_by_name_in);
}

static void dax_region_no_device_on_unregistered_region(struct kds_expect *e)
{
	struct kds_dax_region *r = dax_small_region(e);
	struct kds_dev_dax d = { 0 };

	if (IS_ERR(r))
		return;
	kds_dax_region_unregister(r);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), -ENXIO);
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 1);
	kds_dax_region_put(r);
}

static const struct kds_case kds_dax_region_cases_run[] = {
	KDS_CASE(dax_region_attributes_as_sysfs_prints_them),
	KDS_CASE(dax_region_dev_dax_naming_and_attributes),
	KDS_CASE(dax_region_run_kill_hides_private_data),
	KDS_CASE(dax_region_attribute_show_by_name),
	KDS_CASE(dax_region_no_device_on_unregistered_region),
};

KDS_SUITE(kds_suite_dax_region, "kds_dax_region", kds_dax_region_cases_run, NULL);
