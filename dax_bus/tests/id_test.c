// SPDX-License-Identifier: GPL-2.0
/* id_test.c - the device-name parser against the shared case table. */
#include "kds_testing.h"
#include "kds/dax_bus.h"
#include "dax_bus/tests/id_cases.h"
#include "dax_bus/tests/upstream_id.h"

KDS_TEST_SUITE(dax_id);

Test(dax_id, table_is_big_enough)
{
	size_t bad = 0, i;

	for (i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++)
		bad += kds_dax_id_cases[i].expected != 0;
	cr_assert_geq(bad, 30, "only %zu malformed cases", bad);
}

Test(dax_id, parse_table)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		int region = -7, id = -7;
		int rc = kds_dax_parse_id(c->input, c->len, &region, &id);

		cr_expect_eq(rc, c->expected, "case %zu (%s): got %d, want %d",
			     i, c->what, rc, c->expected);
		if (c->expected == 0) {
			cr_expect_eq(region, c->region, "case %zu (%s)", i, c->what);
			cr_expect_eq(id, c->id, "case %zu (%s)", i, c->what);
		} else {
			cr_expect_eq(region, -7, "case %zu: output touched", i);
			cr_expect_eq(id, -7, "case %zu: output touched", i);
		}
	}
}

/* The parser never reads past count: each case copied into an exact-size heap buffer. */
Test(dax_id, never_reads_past_count)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		char *copy = malloc(c->len ? c->len : 1);
		int region, id;

		memcpy(copy, c->input, c->len);
		cr_expect_eq(kds_dax_parse_id(copy, c->len, &region, &id),
			     c->expected, "case %zu (%s)", i, c->what);
		free(copy);
	}
}

/*
 * The table's upstream column is what the independent model of Linux's
 * do_id_store() says, and kds differs from it only where a number is
 * negative.
 */
Test(dax_id, table_matches_the_upstream_model)
{
	unsigned int differ = 0, nul_accepted = 0;

	for (size_t i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		int region = 7, id = 7;
		bool ok = upstream_id_store_accepts(c->input, c->len, &region, &id);

		cr_expect_eq(ok, c->upstream == 0, "case %zu (%s): model %s, table %d",
			     i, c->what, ok ? "accepts" : "refuses", c->upstream);
		if (ok) {
			cr_expect_eq(region, c->region, "case %zu (%s)", i, c->what);
			cr_expect_eq(id, c->id, "case %zu (%s)", i, c->what);
		}
		if (c->expected != c->upstream) {
			differ++;
			cr_expect(c->upstream == 0 && (c->region < 0 || c->id < 0),
				  "case %zu (%s): kds differs without a negative number",
				  i, c->what);
		}
		if (!c->expected && memchr(c->input, '\0', c->len))
			nul_accepted++;
	}
	cr_expect_geq(differ, 5, "only %u negative-number rows", differ);
	cr_expect_geq(nul_accepted, 6, "only %u accepted rows with a NUL", nul_accepted);
}

/* The model itself on inputs whose Linux answer is known from its source. */
Test(dax_id, upstream_model_spot_checks)
{
	int r, i;

	cr_expect(upstream_id_store_accepts("dax-1.0\n", 8, &r, &i));
	cr_expect_eq(r, -1);
	cr_expect(!upstream_id_store_accepts("dax 0.0", 7, &r, &i), "spaces skipped, no print-back");
	cr_expect(!upstream_id_store_accepts("dax4294967296.0", 15, &r, &i), "wraps to 0");
	cr_expect(upstream_id_store_accepts("dax-2147483648.7", 16, &r, &i));
	cr_expect_eq(r, INT_MIN);
	cr_expect_eq(i, 7);
	cr_expect(upstream_id_store_accepts("dax0.0\0junk", 11, &r, &i));
	cr_expect(!upstream_id_store_accepts("", 0, &r, &i));
	cr_expect(!upstream_id_store_accepts("dax0.0\n\n", 8, &r, &i));
	cr_expect(upstream_id_store_accepts("dax5.67", 6, &r, &i), "count 6: dax5.6");
	cr_expect_eq(i, 6);
	cr_expect(!upstream_id_store_accepts("dax5.6", 5, &r, &i), "count 5: dax5., one field");
}

Test(dax_id, null_buffer_is_einval)
{
	int region, id;

	cr_assert_eq(kds_dax_parse_id(NULL, 6, &region, &id), -EINVAL);
}

/* Every accepted input prints back to itself, as sysfs_streq compares it. */
Test(dax_id, accepted_inputs_print_back)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		char name[KDS_DAX_NAME_LEN], in[64];
		size_t len = strnlen(c->input, c->len);
		int region, id;

		if (c->expected)
			continue;
		cr_assert_eq(kds_dax_parse_id(c->input, c->len, &region, &id), 0);
		cr_assert_gt(kds_dax_format_name(name, sizeof(name), region, id), 0);
		cr_assert_lt(len, sizeof(in), "case %zu: string of %zu bytes", i, len);
		memcpy(in, c->input, len);
		in[len] = '\0';
		cr_expect(kds_sysfs_streq(in, name), "case %zu: %s vs %s", i, in, name);
	}
}

Test(dax_id, format_name)
{
	char buf[KDS_DAX_NAME_LEN];

	cr_assert_eq(kds_dax_format_name(buf, sizeof(buf), 3, 14), 7);
	cr_assert_str_eq(buf, "dax3.14");
	cr_assert_eq(kds_dax_format_name(buf, sizeof(buf), INT_MAX, INT_MAX), 24);
	cr_assert_str_eq(buf, "dax2147483647.2147483647");
	cr_assert_eq(kds_dax_format_name(buf, sizeof(buf), -1, 0), -EINVAL);
	cr_assert_eq(kds_dax_format_name(buf, sizeof(buf), 0, -1), -EINVAL);
	cr_assert_eq(kds_dax_format_name(buf, 7, 3, 14), -ENAMETOOLONG);
	cr_assert_eq(kds_dax_format_name(buf, 8, 3, 14), 7);
}

/* The store returns count or the table's error and changes the list only when accepted. */
Test(dax_id, new_id_store_table)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver drv = { .name = "kmem" };
	unsigned int want;

	kds_dax_bus_init(&bus);
	cr_assert_eq(kds_dax_driver_register(&bus, &drv), 0);
	for (size_t i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		ssize_t rc = kds_dax_new_id_store(&drv, c->input, c->len);

		if (c->expected == 0) {
			cr_expect_eq(rc, (ssize_t)c->len, "case %zu (%s)", i, c->what);
			if (!kds_dax_driver_has_id(&drv, c->region, c->id))
				cr_expect_fail("case %zu: id not listed", i);
		} else {
			cr_expect_eq(rc, c->expected, "case %zu (%s)", i, c->what);
		}
	}
	/*
	 * Distinct accepted names: dax0.0, dax1.2, dax10.20,
	 * dax2147483647.2147483647, dax3.4, dax12.3
	 */
	want = 6;
	cr_expect_eq(kds_dax_driver_nr_ids(&drv), want);
	for (size_t i = 0; i < ARRAY_SIZE(kds_dax_id_cases); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];

		cr_expect_eq(kds_dax_remove_id_store(&drv, c->input, c->len),
			     c->expected ? c->expected : (ssize_t)c->len,
			     "case %zu (%s)", i, c->what);
	}
	cr_expect_eq(kds_dax_driver_nr_ids(&drv), 0);
	kds_dax_driver_unregister(&drv);
	kds_dax_bus_destroy(&bus);
}
