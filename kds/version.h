/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds version
 *
 * The one place the kds version is written. kds.ko's MODULE_VERSION, the
 * dkms package version, the userspace library's soname
 * (libkds.so.KDS_VERSION_MAJOR) and the pkg-config version are all read
 * from the three numbers below.
 *
 * The header is self-contained and defines only KDS_-prefixed macros, so
 * it can be included from the kernel, from userspace C and from C++::
 *
 *	#include "kds/version.h"
 *
 *	#if KDS_VERSION_CODE < KDS_VERSION(0, 1, 0)
 *	#error "kds 0.1.0 or newer is needed"
 *	#endif
 */
#ifndef KDS_VERSION_H
#define KDS_VERSION_H

/** KDS_VERSION_MAJOR - the major version; part of the library's soname. */
#define KDS_VERSION_MAJOR	0
/** KDS_VERSION_MINOR - the minor version. */
#define KDS_VERSION_MINOR	1
/** KDS_VERSION_PATCH - the patch level. */
#define KDS_VERSION_PATCH	0

#define __KDS_VERSION_STR(x)	#x
#define __KDS_VERSION_XSTR(x)	__KDS_VERSION_STR(x)

/**
 * KDS_VERSION() - one comparable number from a version triple.
 * @major: major version (0..255 compare correctly).
 * @minor: minor version (0..255).
 * @patch: patch level (0..255).
 *
 * Laid out as the kernel's KERNEL_VERSION(): a constant expression when
 * the arguments are.
 *
 * Return: (@major << 16) + (@minor << 8) + @patch.
 */
#define KDS_VERSION(major, minor, patch)				\
	(((major) << 16) + ((minor) << 8) + (patch))

/** KDS_VERSION_CODE - this version as KDS_VERSION() of its three numbers. */
#define KDS_VERSION_CODE						\
	KDS_VERSION(KDS_VERSION_MAJOR, KDS_VERSION_MINOR, KDS_VERSION_PATCH)

/** KDS_VERSION_STRING - this version as text, "major.minor.patch". */
#define KDS_VERSION_STRING						\
	__KDS_VERSION_XSTR(KDS_VERSION_MAJOR) "."			\
	__KDS_VERSION_XSTR(KDS_VERSION_MINOR) "."			\
	__KDS_VERSION_XSTR(KDS_VERSION_PATCH)

#endif /* KDS_VERSION_H */
