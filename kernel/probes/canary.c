// SPDX-License-Identifier: GPL-2.0
/*
 * Probe canary: must compile on every kernel. A failure means the probes
 * cannot build here at all (a broken header tree, a flag the compiler
 * lacks), and no other answer would mean anything.
 *
 * api: canary
 */
#include <linux/module.h>

int kds_probe(void);
int kds_probe(void)
{
	return 0;
}
