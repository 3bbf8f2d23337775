/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vs_linux_id.h - an independent userspace model of what Linux 5.1 / 6.1
 * do_id_store() (drivers/dax/bus.c) accepts on new_id and remove_id, for
 * the tests and the fuzz target: the oracle kds_dax_parse_id() is checked
 * against. It shares no code with kds: its own sscanf("dax%d.%d") (the
 * kernel's vsscanf: skip spaces as the kernel's isspace() sees them, one
 * optional '-', decimal digits without limit, the value taken modulo 2^64,
 * negated, then truncated to int), its own print-back and its own
 * sysfs_streq().
 *
 * Written over the port (kmalloc, snprintf), so the shared case file runs
 * it in the kernel too; a test includes it once.
 */
#ifndef KDS_DAX_VS_LINUX_ID_H
#define KDS_DAX_VS_LINUX_ID_H

#include "kds_port.h"

/* The kernel's isspace(): \t \n \v \f \r, space, and 0xa0 (lib/ctype.c). */
static inline bool vs_linux_isspace(unsigned char c)
{
	return (c >= 9 && c <= 13) || c == ' ' || c == 0xa0;
}

static inline bool vs_linux_isdigit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * One "%d" conversion of the kernel's vsscanf at *@sp. False when the
 * conversion stops the scan (end of string, or no digit after the spaces
 * and an optional '-'); else stores the int and advances *@sp past the
 * digits.
 */
static inline bool vs_linux_scan_int(const unsigned char **sp, int *out)
{
	const unsigned char *s = *sp;
	u64 v = 0;
	bool neg = false;

	if (!*s)
		return false;
	while (vs_linux_isspace(*s))
		s++;
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (!vs_linux_isdigit(*s))
		return false;
	while (vs_linux_isdigit(*s))
		v = v * 10 + (u64)(*s++ - '0');	/* wraps, as the kernel's */
	if (neg)
		v = 0 - v;
	*out = (int)(u32)v;
	*sp = s;
	return true;
}

/* sscanf(s, "dax%d.%d", region, id) == 2 */
static inline bool vs_linux_sscanf_dax(const char *str, int *region, int *id)
{
	const unsigned char *s = (const unsigned char *)str;

	if (s[0] != 'd' || s[1] != 'a' || s[2] != 'x')
		return false;
	s += 3;
	if (!vs_linux_scan_int(&s, region))
		return false;
	if (*s != '.')
		return false;
	s++;
	return vs_linux_scan_int(&s, id);
}

/* sysfs_streq(): equal, or equal but for one trailing newline on one side. */
static inline bool vs_linux_sysfs_streq(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (la && a[la - 1] == '\n' && la - 1 == lb && !memcmp(a, b, lb))
		return true;
	if (lb && b[lb - 1] == '\n' && lb - 1 == la && !memcmp(a, b, la))
		return true;
	return la == lb && !memcmp(a, b, la);
}

/**
 * vs_linux_id_store_accepts() - would Linux's new_id / remove_id accept
 * these bytes?
 * @buf: the bytes written.
 * @count: how many (as a store gets them: sysfs puts a NUL after them).
 * @region: set to the scanned region number when accepted.
 * @id: set to the scanned device number when accepted.
 *
 * Return: true when do_id_store() gets past its sscanf / print-back /
 * sysfs_streq checks (it then returns @count).
 */
static inline bool vs_linux_id_store_accepts(const char *buf, size_t count,
					     int *region, int *id)
{
	char devname[64];
	char *s = kmalloc(count + 1, GFP_KERNEL);
	int r, i;
	bool ok = false;

	if (!s)		/* counted as a refusal; the callers' tables then fail */
		return false;
	memcpy(s, buf, count);
	s[count] = '\0';
	if (vs_linux_sscanf_dax(s, &r, &i)) {
		snprintf(devname, sizeof(devname), "dax%d.%d", r, i);
		ok = vs_linux_sysfs_streq(s, devname);
	}
	kfree(s);
	if (ok) {
		*region = r;
		*id = i;
	}
	return ok;
}

#endif /* KDS_DAX_VS_LINUX_ID_H */
