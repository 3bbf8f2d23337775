// SPDX-License-Identifier: GPL-2.0
/*
 * compile_checks.c - snippets that must, or must not, compile; built by
 * compile_test.sh with -Wall -Werror, one case at a time:
 *
 *   CASE_OK             node-sized entries, correctly typed loops: compiles
 *   CASE_OVERSIZE       an entry one byte larger than a node: refused
 *   CASE_ZERO_STRUCT    an empty struct as the entry type: refused
 *   CASE_ZERO_ARRAY     a zero-length array as the entry type: refused
 *   CASE_FOR_EACH       int * loop pointer over GENRADIX(u64): refused
 *   CASE_FOR_EACH_FROM  the same with genradix_for_each_from()
 *   CASE_FOR_EACH_REV   the same with genradix_for_each_reverse()
 */
#include "kds_port.h"
#include <linux/generic-radix-tree.h>

void *compile_check(void);

#if defined(CASE_OK)
struct node_sized { u8 b[KDS_GENRADIX_NODE_SIZE]; };

void *compile_check(void)
{
	static GENRADIX(struct node_sized) big;
	static GENRADIX(u64) r;
	struct genradix_iter iter;
	u64 *p, sum = 0;

	genradix_for_each(&r, iter, p)
		sum += *p;
	genradix_for_each_from(&r, iter, p, 3)
		sum += *p;
	genradix_for_each_reverse(&r, iter, p)
		sum += *p;
	/* Two loops in one scope: each declares its own hidden cursor. */
	genradix_for_each(&r, iter, p)
		genradix_for_each(&r, iter, p)
			sum += *p;
	return sum ? genradix_ptr(&big, 1) : NULL;
}
#elif defined(CASE_OVERSIZE) || defined(CASE_ZERO_STRUCT) || defined(CASE_ZERO_ARRAY)
#if defined(CASE_OVERSIZE)
typedef struct { u8 b[KDS_GENRADIX_NODE_SIZE + 1]; } entry_t;
#elif defined(CASE_ZERO_STRUCT)
typedef struct { } entry_t;
#else
typedef u8 entry_t[0];
#endif

void *compile_check(void)
{
	static GENRADIX(entry_t) r;

	return genradix_ptr(&r, 1);
}
#else
void *compile_check(void)
{
	static GENRADIX(u64) r;
	struct genradix_iter iter;
	int *p, sum = 0;

#if defined(CASE_FOR_EACH)
	genradix_for_each(&r, iter, p)
#elif defined(CASE_FOR_EACH_FROM)
	genradix_for_each_from(&r, iter, p, 3)
#elif defined(CASE_FOR_EACH_REV)
	genradix_for_each_reverse(&r, iter, p)
#else
#error "no CASE_ defined"
#endif
		sum += *p;
	return sum ? &r : NULL;
}
#endif
