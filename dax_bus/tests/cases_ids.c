// SPDX-License-Identifier: GPL-2.0
/*
 * cases_ids.c - suite kds_dax_ids: the dax id cases, run in both worlds:
 * the device-name parser, formatter and new_id/remove_id stores against
 * the shared table (id_cases.h) and against the independent model of
 * Linux's do_id_store() (vs_linux_id.h). kds_test.ko runs this suite in
 * the kernel (where dax_bus/tests/kernel/dax_ids_vs_linux.c also writes
 * the table to the kernel's own dax bus); //dax_bus:ids_cases_test runs it in
 * userspace.
 *
 * Includes only the port, the dax bus header, the table and the model.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"
#include "dax_bus/tests/id_cases.h"
#include "dax_bus/tests/vs_linux_id.h"

#define KDS_DAX_FOR_EACH_CASE(e, i, c)					\
	for (i = 0; i < ARRAY_SIZE(kds_dax_id_cases) &&			\
	     ((c) = &kds_dax_id_cases[i]) &&					\
	     (kds_expect_ctx(e, "case %zu (%s)", i, (c)->what), 1); i++)

static void dax_table_is_big_enough(struct kds_expect *e)
{
	size_t bad = 0, i;

	for (i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++)
		bad += kds_dax_id_cases[i].expected != 0;
	KDS_EXPECT(e, bad >= 30);
}

/* Results and outputs; outputs untouched on refusal. */
static void dax_parse_table(struct kds_expect *e)
{
	const struct kds_dax_id_case *c;
	size_t i;

	KDS_DAX_FOR_EACH_CASE(e, i, c) {
		int region = -7, id = -7;

		KDS_EXPECT_EQ(e, kds_dax_parse_id(c->input, c->len, &region, &id), c->expected);
		KDS_EXPECT_EQ(e, region, c->expected ? -7 : c->region);
		KDS_EXPECT_EQ(e, id, c->expected ? -7 : c->id);
	}
}

/* The parser never reads past count: each case copied into an exact-size heap buffer. */
static void dax_never_reads_past_count(struct kds_expect *e)
{
	const struct kds_dax_id_case *c;
	size_t i;

	KDS_DAX_FOR_EACH_CASE(e, i, c) {
		char *copy = kmalloc(c->len ? c->len : 1, GFP_KERNEL);
		int region, id;

		if (!KDS_EXPECT(e, copy))
			return;
		memcpy(copy, c->input, c->len);
		KDS_EXPECT_EQ(e, kds_dax_parse_id(copy, c->len, &region, &id), c->expected);
		kfree(copy);
	}
}

/*
 * The table's upstream column is what the independent model of Linux's
 * do_id_store() says, and kds differs from it only where a number is
 * negative.
 */
static void dax_table_matches_the_linux_model(struct kds_expect *e)
{
	unsigned int differ = 0, nul_accepted = 0;
	const struct kds_dax_id_case *c;
	size_t i;

	KDS_DAX_FOR_EACH_CASE(e, i, c) {
		int region = 7, id = 7;
		bool ok = vs_linux_id_store_accepts(c->input, c->len, &region, &id);

		KDS_EXPECT_EQ(e, ok, c->upstream == 0);
		if (ok) {
			KDS_EXPECT_EQ(e, region, c->region);
			KDS_EXPECT_EQ(e, id, c->id);
		}
		if (c->expected != c->upstream) {
			differ++;
			/* kds differs only on a negative number */
			KDS_EXPECT(e, c->upstream == 0 && (c->region < 0 || c->id < 0));
		}
		if (!c->expected && memchr(c->input, '\0', c->len))
			nul_accepted++;
	}
	kds_expect_ctx(e, "%u negative-number rows, %u accepted rows with a NUL",
		       differ, nul_accepted);
	KDS_EXPECT(e, differ >= 5);
	KDS_EXPECT(e, nul_accepted >= 6);
}

/* The model itself on inputs whose Linux answer is known from its source. */
static void dax_linux_model_spot_checks(struct kds_expect *e)
{
	int r, i;

	KDS_EXPECT(e, vs_linux_id_store_accepts("dax-1.0\n", 8, &r, &i));
	KDS_EXPECT_EQ(e, r, -1);
	/* spaces skipped, no print-back */
	KDS_EXPECT(e, !vs_linux_id_store_accepts("dax 0.0", 7, &r, &i));
	/* wraps to 0 */
	KDS_EXPECT(e, !vs_linux_id_store_accepts("dax4294967296.0", 15, &r, &i));
	KDS_EXPECT(e, vs_linux_id_store_accepts("dax-2147483648.7", 16, &r, &i));
	KDS_EXPECT_EQ(e, r, INT_MIN);
	KDS_EXPECT_EQ(e, i, 7);
	KDS_EXPECT(e, vs_linux_id_store_accepts("dax0.0\0junk", 11, &r, &i));
	KDS_EXPECT(e, !vs_linux_id_store_accepts("", 0, &r, &i));
	KDS_EXPECT(e, !vs_linux_id_store_accepts("dax0.0\n\n", 8, &r, &i));
	/* count 6: dax5.6 */
	KDS_EXPECT(e, vs_linux_id_store_accepts("dax5.67", 6, &r, &i));
	KDS_EXPECT_EQ(e, i, 6);
	/* count 5: dax5., one field */
	KDS_EXPECT(e, !vs_linux_id_store_accepts("dax5.6", 5, &r, &i));
}

static void dax_null_buffer_is_einval(struct kds_expect *e)
{
	int region, id;

	KDS_EXPECT_EQ(e, kds_dax_parse_id(NULL, 6, &region, &id), -EINVAL);
}

/* Every accepted input prints back to itself, as sysfs_streq compares it. */
static void dax_accepted_inputs_print_back(struct kds_expect *e)
{
	const struct kds_dax_id_case *c;
	size_t i;

	KDS_DAX_FOR_EACH_CASE(e, i, c) {
		char name[KDS_DAX_NAME_LEN], in[64];
		size_t len = strnlen(c->input, c->len);
		int region, id;

		if (c->expected)
			continue;
		KDS_ASSERT(e, kds_dax_parse_id(c->input, c->len, &region, &id) == 0);
		KDS_ASSERT(e, kds_dax_format_name(name, sizeof(name), region, id) > 0);
		KDS_ASSERT(e, len < sizeof(in));
		memcpy(in, c->input, len);
		in[len] = '\0';
		if (!KDS_EXPECT(e, sysfs_streq(in, name)))
			kds_expect_note(e, "%s prints back as %s", in, name);
	}
}

static void dax_format_name(struct kds_expect *e)
{
	char buf[KDS_DAX_NAME_LEN];

	KDS_EXPECT_EQ(e, kds_dax_format_name(buf, sizeof(buf), 3, 14), 7);
	KDS_EXPECT_STREQ(e, buf, "dax3.14");
	KDS_EXPECT_EQ(e, kds_dax_format_name(buf, sizeof(buf), INT_MAX, INT_MAX), 24);
	KDS_EXPECT_STREQ(e, buf, "dax2147483647.2147483647");
	KDS_EXPECT_EQ(e, kds_dax_format_name(buf, sizeof(buf), -1, 0), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_format_name(buf, sizeof(buf), 0, -1), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_format_name(buf, 7, 3, 14), -ENAMETOOLONG);
	KDS_EXPECT_EQ(e, kds_dax_format_name(buf, 8, 3, 14), 7);
}

/*
 * The stores return count or the table's error and change the list only
 * when accepted: every case added, then every case removed, then each
 * case added and removed on its own.
 */
static void dax_new_remove_id_table(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver drv = { .name = "kds_test_dax" };
	const struct kds_dax_id_case *c;
	size_t i;

	kds_dax_bus_init(&bus);
	KDS_ASSERT(e, kds_dax_driver_register(&bus, &drv) == 0);
	KDS_DAX_FOR_EACH_CASE(e, i, c) {
		ssize_t want = c->expected ? c->expected : (ssize_t)c->len;

		KDS_EXPECT_EQ(e, kds_dax_new_id_store(&drv, c->input, c->len), want);
		if (!c->expected)
			KDS_EXPECT(e, kds_dax_driver_has_id(&drv, c->region, c->id));
	}
	/*
	 * Distinct accepted names: dax0.0, dax1.2, dax10.20,
	 * dax2147483647.2147483647, dax3.4, dax12.3
	 */
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&drv), 6);
	KDS_DAX_FOR_EACH_CASE(e, i, c)
		KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&drv, c->input, c->len),
			      c->expected ? c->expected : (ssize_t)c->len);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&drv), 0);
	KDS_DAX_FOR_EACH_CASE(e, i, c) {
		ssize_t want = c->expected ? c->expected : (ssize_t)c->len;

		KDS_EXPECT_EQ(e, kds_dax_new_id_store(&drv, c->input, c->len), want);
		KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&drv, c->input, c->len), want);
		if (!c->expected)
			KDS_EXPECT(e, !kds_dax_driver_has_id(&drv, c->region, c->id));
	}
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&drv), 0);
	kds_dax_driver_unregister(&drv);
	kds_dax_bus_destroy(&bus);
}

static const struct kds_case kds_dax_id_cases_run[] = {
	KDS_CASE(dax_table_is_big_enough),
	KDS_CASE(dax_parse_table),
	KDS_CASE(dax_never_reads_past_count),
	KDS_CASE(dax_table_matches_the_linux_model),
	KDS_CASE(dax_linux_model_spot_checks),
	KDS_CASE(dax_null_buffer_is_einval),
	KDS_CASE(dax_accepted_inputs_print_back),
	KDS_CASE(dax_format_name),
	KDS_CASE(dax_new_remove_id_table),
};

KDS_SUITE(kds_suite_dax_ids, "kds_dax_ids", kds_dax_id_cases_run, NULL);
