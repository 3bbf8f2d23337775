// SPDX-License-Identifier: GPL-2.0
/*
 * The read-only queries (supported, required mask, negotiation, transfer
 * routing, explanation) share one platform and one device between threads
 * without locking: they keep no state of their own. Each thread checks the
 * mask table's expectations while the others do the same. A plain program,
 * so it also runs under ThreadSanitizer.
 *
 * Userspace only (threads, run under TSan too).
 */
#include <pthread.h>

#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dma.h"
#include "dma/tests/mask_cases.h"

#define NR_THREADS 4
#define ROUNDS 50

static struct kds_dma_platform platforms[ARRAY_SIZE(kds_dma_mask_cases)];
static struct kds_dma_dev devs[ARRAY_SIZE(kds_dma_mask_cases)];
static u64 masks[ARRAY_SIZE(kds_dma_mask_cases)];

static void *worker(void *arg)
{
	struct kds_expect *e = arg;

	for (int round = 0; round < ROUNDS; round++) {
		for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
			const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];
			struct kds_dma_negotiation n;
			struct kds_dma_route r;
			char line[256];

			for (int w = 0; w <= 64; w++)
				KDS_EXPECT_MSG(e, kds_dma_supported(&devs[i], KDS_DMA_BIT_MASK(w)) ==
					       kds_dma_mask_case_expect(c, w), "%s width %d", c->name, w);
			KDS_EXPECT_MSG(e, kds_dma_get_required_mask(&devs[i]) == c->required_mask,
				       "%s", c->name);
			KDS_EXPECT_MSG(e, kds_dma_addressing_limited(&devs[i]) == c->limited_at_32,
				       "%s", c->name);
			KDS_EXPECT_MSG(e, kds_dma_negotiate(&devs[i], KDS_DMA_BIT_MASK(64),
							    KDS_DMA_BIT_MASK(32), &n) == 0, "%s", c->name);
			KDS_EXPECT_MSG(e, n.streaming_err == 0, "%s", c->name);
			KDS_EXPECT_MSG(e, n.coherent_err ==
				       (kds_dma_mask_case_expect(c, 32) ? 0 : -EIO), "%s", c->name);
			KDS_EXPECT_MSG(e, kds_dma_explain(&devs[i], &n, line, sizeof(line)) > 0,
				       "%s", c->name);
			/* Low memory is always reachable with the 32-bit default. */
			KDS_EXPECT_MSG(e, kds_dma_check_transfer(&devs[i],
							       c->platform->dma_offset + 0x1000,
							       0x1000, &r) == KDS_DMA_DIRECT,
				       "%s", c->name);
		}
	}
	return NULL;
}

static void shared_queries(struct kds_expect *e)
{
	pthread_t t[NR_THREADS];
	int n;

	for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		kds_dma_mask_case_platform(&kds_dma_mask_cases[i], &platforms[i]);
		kds_dma_dev_init(&devs[i], kds_dma_mask_cases[i].name, &platforms[i], &masks[i]);
	}
	/* Join the threads that started, even when one could not. */
	for (n = 0; n < NR_THREADS; n++)
		if (!KDS_EXPECT(e, pthread_create(&t[n], NULL, worker, e) == 0))
			break;
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

static const struct kds_case dma_threads_cases[] = { KDS_CASE(shared_queries) };
KDS_SUITE(kds_suite_dma_threads, "kds_dma_threads", dma_threads_cases, NULL);
