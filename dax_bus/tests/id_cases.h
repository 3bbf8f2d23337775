/* SPDX-License-Identifier: GPL-2.0 */
/*
 * id_cases.h - device-name inputs for new_id / remove_id with the expected
 * outcome, shared by the userspace tests and the in-kernel test runner.
 *
 * Each case is a byte buffer and a count, exactly what a sysfs store gets;
 * the count may stop before the end of the literal or include NUL bytes.
 * @expected is the kds_dax_parse_id() result; a store given the same bytes
 * returns @len when it is 0 and @expected otherwise.
 *
 * Includes only the port: no libc, no test framework.
 */
#ifndef KDS_DAX_ID_CASES_H
#define KDS_DAX_ID_CASES_H

#include "kds_port.h"

/**
 * struct kds_dax_id_case - one parser input and its expected outcome.
 * @input: the bytes (not necessarily NUL terminated at @len).
 * @len: the count handed to the parser.
 * @expected: 0 when kds accepts, else the negative errno.
 * @upstream: what Linux 5.1 / 6.1 do_id_store() gives for the same bytes
 *            (0: accepted, the store returns @len). It differs from
 *            @expected only for a name with a negative number.
 * @region: the region number when accepted (by either).
 * @id: the device number when accepted (by either).
 * @what: what the case exercises.
 */
struct kds_dax_id_case {
	const char *input;
	size_t len;
	int expected;
	int upstream;
	int region;
	int id;
	const char *what;
};

/*
 * "dax0.0" and 4090 NUL bytes: a whole page, the most a sysfs store is
 * ever handed; only the C string at its start counts.
 */
static const char kds_dax_id_nul_page[4096] __maybe_unused = "dax0.0";

/* A literal taken whole (embedded NULs included, the final NUL excluded). */
#define KDS_DAX_OK(s, r, i, what)	{ s, sizeof(s) - 1, 0, 0, r, i, what }
#define KDS_DAX_BAD(s, what)		{ s, sizeof(s) - 1, -EINVAL, -EINVAL, 0, 0, what }
/* Accepted by Linux (sscanf "%d" prints back), refused by kds. */
#define KDS_DAX_NEG(s, r, i, what)	{ s, sizeof(s) - 1, -EINVAL, 0, r, i, what }

static const struct kds_dax_id_case kds_dax_id_cases[] __maybe_unused = {
	/* accepted */
	KDS_DAX_OK("dax0.0", 0, 0, "plain name"),
	KDS_DAX_OK("dax0.0\n", 0, 0, "one trailing newline (echo)"),
	KDS_DAX_OK("dax1.2", 1, 2, "non-zero numbers"),
	KDS_DAX_OK("dax10.20\n", 10, 20, "two-digit numbers"),
	KDS_DAX_OK("dax2147483647.2147483647", 2147483647, 2147483647,
		   "INT_MAX twice, the longest name"),
	KDS_DAX_OK("dax2147483647.2147483647\n", 2147483647, 2147483647,
		   "longest name plus newline: the longest input"),
	{ "dax1.23", 6, 0, 0, 1, 2, "count stops before the end of the buffer" },
	{ "dax3.4\n\n", 7, 0, 0, 3, 4, "count excludes the second newline" },

	/* a NUL ends the string: libdaxctl writes strlen(name) + 1 bytes */
	KDS_DAX_OK("dax0.0\0", 0, 0, "trailing NUL counted (libdaxctl)"),
	KDS_DAX_OK("dax12.3\n\0", 12, 3, "newline and NUL"),
	KDS_DAX_OK("dax0.0\0junk", 0, 0, "NUL then junk"),
	KDS_DAX_OK("dax0.0\n\0junk", 0, 0, "newline, NUL, junk"),
	KDS_DAX_OK("dax0.0\0\n\n", 0, 0, "NUL then two newlines"),
	KDS_DAX_OK("dax2147483647.2147483647\n\0",
		   2147483647, 2147483647, "longest string plus NUL"),
	{ kds_dax_id_nul_page, sizeof(kds_dax_id_nul_page), 0, 0, 0, 0,
	  "name then 4090 NULs (a whole page)" },

	/* empty and truncated */
	KDS_DAX_BAD("", "empty"),
	KDS_DAX_BAD("\n", "only a newline"),
	KDS_DAX_BAD("dax", "prefix only"),
	KDS_DAX_BAD("dax0", "no device number"),
	KDS_DAX_BAD("dax0.", "empty device number"),
	KDS_DAX_BAD("dax.0", "empty region number"),
	KDS_DAX_BAD("dax0.0.0", "three numbers"),
	KDS_DAX_BAD("ax0.0", "truncated prefix"),
	KDS_DAX_BAD("daxdax0.0", "doubled prefix"),
	KDS_DAX_BAD("dax0,0", "comma separator"),

	/* whitespace */
	KDS_DAX_BAD("dax0.0\n\n", "two trailing newlines"),
	KDS_DAX_BAD("dax0.0 ", "trailing space"),
	KDS_DAX_BAD(" dax0.0", "leading space"),
	KDS_DAX_BAD("\tdax0.0", "leading tab"),
	KDS_DAX_BAD("\ndax0.0", "leading newline"),
	KDS_DAX_BAD("dax 0.0", "space before the region (sscanf would skip it)"),
	KDS_DAX_BAD("dax0. 0", "space before the device number"),
	KDS_DAX_BAD("dax0.0\r\n", "CRLF"),
	KDS_DAX_BAD("dax0.0\v", "trailing vertical tab"),

	/* case and digits that do not print back */
	KDS_DAX_BAD("DAX0.0", "uppercase"),
	KDS_DAX_BAD("Dax0.0", "capitalised"),
	KDS_DAX_BAD("dax00.0", "leading zero in the region"),
	KDS_DAX_BAD("dax0.00", "leading zero in the device number"),
	KDS_DAX_BAD("dax01.1", "leading zero before a digit"),
	KDS_DAX_BAD("dax+1.0", "plus sign"),
	KDS_DAX_BAD("dax0x1.0", "hexadecimal"),
	KDS_DAX_BAD("dax1e3.0", "exponent"),

	/* negative numbers: print back identically, refused by kds */
	KDS_DAX_NEG("dax-1.0", -1, 0, "negative region"),
	KDS_DAX_NEG("dax0.-1", 0, -1, "negative device number"),
	KDS_DAX_NEG("dax-1.0\n", -1, 0, "negative region with newline"),
	KDS_DAX_NEG("dax-1.0\0", -1, 0, "negative region with NUL"),
	KDS_DAX_NEG("dax-2147483648.0", -2147483647 - 1, 0, "INT_MIN region"),
	KDS_DAX_NEG("dax-12.-34", -12, -34, "both negative"),
	KDS_DAX_BAD("dax-0.0", "minus zero (prints back as dax0.0)"),
	KDS_DAX_BAD("dax--1.0", "two minus signs"),
	KDS_DAX_BAD("dax-2147483649.0", "below INT_MIN (wraps)"),

	/* int overflow */
	KDS_DAX_BAD("dax2147483648.0", "INT_MAX + 1 region"),
	KDS_DAX_BAD("dax0.2147483648", "INT_MAX + 1 device number"),
	KDS_DAX_BAD("dax4294967296.0", "2^32 region (wraps to 0 in 32 bits)"),
	KDS_DAX_BAD("dax4294967297.1", "2^32 + 1 region (wraps to 1)"),
	KDS_DAX_BAD("dax12345678901.0", "eleven-digit region"),
	KDS_DAX_BAD("dax9999999999999999999.0", "past 2^64"),

	/* overlong */
	KDS_DAX_BAD("dax2147483647.2147483647\n\n", "longest name, two newlines"),
	KDS_DAX_BAD("dax1.0000000000000000000000000000000",
		    "longer than any name"),
	KDS_DAX_BAD("dax0.0                                  \n",
		    "padded far past the name buffer"),

	/* a NUL before the name is complete */
	KDS_DAX_BAD("\0", "only a NUL"),
	KDS_DAX_BAD("\0\0\0\0\0\0\0\0", "only NULs"),
	KDS_DAX_BAD("dax0\0.0", "NUL inside the name"),
	KDS_DAX_BAD("dax0.\0" "0", "NUL before the device number"),
	KDS_DAX_BAD("dax\0" "0.0", "NUL after the prefix"),
	KDS_DAX_BAD("\0dax0.0", "leading NUL"),
	KDS_DAX_BAD("dax0.0\n\n\0", "two newlines, then NUL"),
	KDS_DAX_BAD("dax0.0 \0", "space, then NUL"),

	/* what the kernel's sscanf skips as space but never prints back */
	KDS_DAX_BAD("dax\n0.0", "newline before the region"),
	KDS_DAX_BAD("dax0.\t0", "tab before the device number"),
	KDS_DAX_BAD("dax\xa0" "0.0", "0xa0 (a space to the kernel's isspace)"),

	/* non-ASCII */
	KDS_DAX_BAD("dax\xc2\xb9.0", "superscript one"),
	KDS_DAX_BAD("dax\xd9\xa0.0", "Arabic-Indic digit zero"),
	KDS_DAX_BAD("dax0.0\xff", "trailing 0xff"),
	KDS_DAX_BAD("d\xe1x0.0", "accented letter in the prefix"),
	KDS_DAX_BAD("dax0\xef\xbc\x8e" "0", "fullwidth full stop"),
};

#undef KDS_DAX_OK
#undef KDS_DAX_BAD

#endif /* KDS_DAX_ID_CASES_H */
