// SPDX-License-Identifier: GPL-2.0
/*
 * oversize.c - must NOT compile: an entry one byte larger than a node.
 * Built by oversize_test.sh; with OVERSIZE_OK defined the entry fits and
 * the file must compile (proving the failure is the size check).
 */
#include "kds_port.h"
#include "genradix/genradix.h"

#ifdef OVERSIZE_OK
struct big { u8 b[KDS_GENRADIX_NODE_SIZE]; };
#else
struct big { u8 b[KDS_GENRADIX_NODE_SIZE + 1]; };
#endif

void *oversize_use(void);
void *oversize_use(void)
{
	static GENRADIX(struct big) r;

	return genradix_ptr(&r, 1);
}
