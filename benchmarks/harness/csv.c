// SPDX-License-Identifier: GPL-2.0
/*
 * csv.c - results.csv: one row per figure, the ratio to flat-thp at the
 * same workload, entry size and N where it has one.
 */
#include <stdio.h>

#include "benchmarks/harness/harness.h"

void bench_write_csv(FILE *f)
{
	fprintf(f, "workload,structure,entry_bytes,n,unit,median,min,max,reps,"
		"ratio_to_flat_thp\n");
	for (size_t i = 0; i < bench_nr_results; i++) {
		const struct bench_result *r = &bench_results[i];
		const struct bench_result *b = bench_find(r->w, B_BASE, r->esz, r->n);

		fprintf(f, "%s,%s,%zu,%llu,%s,%.6g,%.6g,%.6g,%d,", bench_wl[r->w].key,
			bench_impls[r->impl]->name, r->esz, (unsigned long long)r->n,
			bench_wl[r->w].unit, r->med, r->min, r->max, r->reps);
		if (b && b->med > 0 && r->w != W_CAPACITY && r->w != W_DEPTH)
			fprintf(f, "%.4f", r->med / b->med);
		fputc('\n', f);
	}
}
