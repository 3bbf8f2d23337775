// SPDX-License-Identifier: GPL-2.0
/*
 * strings.c - the string helpers the kernel has and libc lacks: sysfs
 * comparison and formatting, and kstrto*() with the kernel's rules.
 */
#include "kds_port.h"
#include "port_internal.h"

#include <ctype.h>

/*
 * kds_sysfs_streq - compare two strings the way sysfs input is compared:
 * equal, except that one trailing newline on either side is ignored.
 */
bool kds_sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	if (*s1 == '\n' && !s1[1] && !*s2)
		return true;
	return false;
}

/* The bytes written into @buf of @size, without the NUL, as the kernel's. */
static int kds_vscnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	int n;

	if (!size)
		return 0;
	n = vsnprintf(buf, size, fmt, ap);
	if (n < 0)
		return 0;
	return (size_t)n >= size ? (int)(size - 1) : n;
}

int kds_scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kds_vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* kds_sysfs_emit - format into a PAGE_SIZE sysfs buffer, as sysfs_emit(). */
int kds_sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kds_vscnprintf(buf, PAGE_SIZE, fmt, ap);
	va_end(ap);
	return n;
}

/* The value of digit @c in any base up to 16, or 16 for a non-digit. */
static unsigned int kds_digit(unsigned int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return 16;
}

/*
 * The number at @s in @base (0: picked from the prefix as the kernel's
 * _parse_integer_fixup_radix() does), up to the first byte that is not a
 * digit of the base. Returns the characters read, or -ERANGE on overflow
 * (the kernel reports overflow before trailing garbage).
 */
static int kds_parse_ull(const char *s, unsigned int base,
			 unsigned long long *res)
{
	unsigned long long v = 0;
	bool overflow = false;
	unsigned int d;
	int n;

	/* the kernel reads every digit and flags overflow, it does not stop */
	for (n = 0; (d = kds_digit((unsigned char)s[n])) < base; n++) {
		if (v > (ULLONG_MAX - d) / base)
			overflow = true;
		v = v * base + d;
	}
	if (overflow)
		return -ERANGE;
	*res = v;
	return n;
}

static int kds_kstrtoull_unsigned(const char *s, unsigned int base,
				  unsigned long long *res)
{
	unsigned long long v;
	int n;

	if (base == 0) {
		if (s[0] == '0' && (s[1] | 0x20) == 'x' && isxdigit((unsigned char)s[2]))
			base = 16;
		else if (s[0] == '0')
			base = 8;
		else
			base = 10;
	}
	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	if (base < 2 || base > 16)
		return -EINVAL;
	n = kds_parse_ull(s, base, &v);
	if (n < 0)
		return n;
	if (n == 0)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int kds_kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return kds_kstrtoull_unsigned(s, base, res);
}

int kds_kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int rc;

	if (s[0] == '-') {
		rc = kds_kstrtoull_unsigned(s + 1, base, &v);
		if (rc)
			return rc;
		if ((long long)-v > 0)
			return -ERANGE;
		*res = (long long)-v;
		return 0;
	}
	rc = kds_kstrtoull(s, base, &v);
	if (rc)
		return rc;
	if ((long long)v < 0)
		return -ERANGE;
	*res = (long long)v;
	return 0;
}

int kds_kstrtoint(const char *s, unsigned int base, int *res)
{
	long long v;
	int rc = kds_kstrtoll(s, base, &v);

	if (rc)
		return rc;
	if (v != (int)v)
		return -ERANGE;
	*res = (int)v;
	return 0;
}

int kds_kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long v;
	int rc = kds_kstrtoull(s, base, &v);

	if (rc)
		return rc;
	if (v != (unsigned int)v)
		return -ERANGE;
	*res = (unsigned int)v;
	return 0;
}

int kds_kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		switch (s[1]) {
		case 'n': case 'N':
			*res = true;
			return 0;
		case 'f': case 'F':
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}
