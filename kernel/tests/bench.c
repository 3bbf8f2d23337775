// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - the kds_bench suite: kds genradix vs the kernel's genradix vs
 * xarray vs kds flex_array, 8-byte entries, at a few sizes: populate
 * (indices 0..n-1), random lookups (pre-generated indices) and an
 * in-order iteration. Timings are KTAP diagnostics ("# " lines) and never
 * fail the case; only disagreeing checksums or an error do. Under QEMU
 * TCG the figures say little about real hardware (every instruction is
 * emulated); the first line says which accelerator ran the guest.
 */
#include "kds_port.h"
#include "kds_ktap.h"
#include "kds/components.h"
#include "bench_iface.h"

#ifdef CONFIG_X86
#include <asm/processor.h>
#endif

#define KDS_BENCH_LOOKUPS	32768

static const size_t kds_bench_sizes[] = { 1024, 16384, 131072 };

#ifdef KDS_HAVE_GENRADIX
#define KDS_BENCH_GENRADIX_BUILT	true
#else
#define KDS_BENCH_GENRADIX_BUILT	false
#endif
#ifdef KDS_HAVE_FLEX_ARRAY
#define KDS_BENCH_FLEX_ARRAY_BUILT	true
#else
#define KDS_BENCH_FLEX_ARRAY_BUILT	false
#endif

/*
 * @built: whether the structure is part of this build. One that is must
 * run at every size (its error fails the case); one that is not must
 * answer -ENODEV, and is noted as not run.
 */
static const struct {
	const char *name;
	kds_bench_fn fn;
	bool built;
} kds_bench_impls[] = {
	{ "kds genradix", kds_bench_genradix_kds, KDS_BENCH_GENRADIX_BUILT },
	{ "linux genradix", kds_bench_genradix_linux, true },
	{ "linux xarray", kds_bench_xarray_linux, true },
	{ "kds flex_array", kds_bench_flex_array_kds, KDS_BENCH_FLEX_ARRAY_BUILT },
};

/* Which hypervisor the guest runs under, from CPUID leaf 0x40000000. */
static const char *kds_bench_accel(void)
{
#ifdef CONFIG_X86
	unsigned int eax, sig[3];

	if (!boot_cpu_has(X86_FEATURE_HYPERVISOR))
		return "bare metal (timings meaningful)";
	cpuid(0x40000000, &eax, &sig[0], &sig[1], &sig[2]);
	if (!memcmp(sig, "KVMKVMKVM\0\0\0", 12))
		return "KVM (timings meaningful)";
	if (!memcmp(sig, "TCGTCGTCGTCG", 12))
		return "QEMU TCG (emulated: timings not meaningful)";
	return "an unknown hypervisor; QEMU without KVM is TCG (timings not meaningful)";
#else
	return "unknown accelerator";
#endif
}

/* ns per operation, one decimal, without floating point. */
static void kds_bench_per_op(char *buf, size_t size, u64 ns, u64 ops)
{
	u64 tenths = ops ? div64_u64(ns * 10, ops) : 0;

	scnprintf(buf, size, "%llu.%llu", (unsigned long long)(tenths / 10),
		  (unsigned long long)(tenths % 10));
}

static void kds_bench_run(struct kds_expect *e)
{
	u32 *idx = kvmalloc(KDS_BENCH_LOOKUPS * sizeof(*idx), GFP_KERNEL);
	u64 x = kds_test_seed | 1;
	size_t s, k, i;

	KDS_ASSERT(e, idx != NULL);
	kds_expect_note(e, "ns/op, 8-byte entries, %d random lookups, guest under %s",
			KDS_BENCH_LOOKUPS, kds_bench_accel());
	for (s = 0; s < ARRAY_SIZE(kds_bench_sizes); s++) {
		size_t n = kds_bench_sizes[s];
		u64 want_lookup = 0, want_iter = (u64)n * (n - 1) / 2, rem;

		for (i = 0; i < KDS_BENCH_LOOKUPS; i++) {
			/* xorshift64 */
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			div64_u64_rem(x, n, &rem);	/* x % n, also where u64 "%" is no instruction */
			idx[i] = (u32)rem;
			want_lookup += idx[i];
		}
		for (k = 0; k < ARRAY_SIZE(kds_bench_impls); k++) {
			struct kds_bench_res r = { 0 };
			char pop[24], look[24], iter[24];
			int rc = kds_bench_impls[k].fn(n, idx, KDS_BENCH_LOOKUPS, &r);

			if (!kds_bench_impls[k].built) {
				kds_expect_ctx(e, "n=%zu %s, not in this build", n,
					       kds_bench_impls[k].name);
				KDS_EXPECT_EQ(e, rc, -ENODEV);
				kds_expect_note(e, "n=%zu %s: not in this build", n,
						kds_bench_impls[k].name);
				continue;
			}
			kds_expect_ctx(e, "n=%zu %s", n, kds_bench_impls[k].name);
			KDS_EXPECT_EQ(e, rc, 0);
			if (rc)
				continue;
			KDS_EXPECT_U64_EQ(e, r.lookup_sum, want_lookup);
			KDS_EXPECT_U64_EQ(e, r.iterate_sum, want_iter);
			kds_bench_per_op(pop, sizeof(pop), r.populate_ns, n);
			kds_bench_per_op(look, sizeof(look), r.lookup_ns, KDS_BENCH_LOOKUPS);
			kds_bench_per_op(iter, sizeof(iter), r.iterate_ns, n);
			kds_expect_note(e, "n=%zu %-14s populate %s lookup %s iterate %s",
					n, kds_bench_impls[k].name, pop, look, iter);
			cond_resched();
		}
	}
	kvfree(idx);
}

static const struct kds_case kds_bench_cases[] = {
	KDS_CASE(kds_bench_run),
};

KDS_SUITE(kds_suite_bench, "kds_bench", kds_bench_cases, NULL);
