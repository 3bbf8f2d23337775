// SPDX-License-Identifier: GPL-2.0
/*
 * stackinit.c - stack variables passed by reference start out zeroed.
 *
 * kds builds both worlds so that every automatic variable is initialised
 * to zero by the compiler (-ftrivial-auto-var-init=zero: the userspace
 * build's .bazelrc, and the Debian kernel's CONFIG_INIT_STACK_ALL_ZERO for
 * kds.ko). A variable whose address is handed to another function before
 * it is written is the case that matters: uninitialised, it would carry
 * whatever an earlier call left on the stack into the callee, and from
 * there into a copy to user memory or a log.
 *
 * Each case calls one probe function twice from the same place, so both
 * calls get the same stack frame. The probe declares a variable of one
 * type and hands its address to a callee without writing it first. On the
 * first call the callee fills the variable with a pattern and notes its
 * address; on the second it counts the bytes that are not zero, padding
 * included, and checks that the variable sits where the pattern was
 * written (otherwise the case proves nothing and says so). The probe and
 * its callees are noinline and noipa: the compiler can neither see what
 * the callee does nor prove the variable unused.
 *
 * Includes only "kds_port.h" and "kds_expect.h": the table runs in the
 * kernel (kds_test.ko, KTAP) and in userspace (//kernel:stackinit_test).
 * Defining KDS_STACKINIT_EXPECT_GARBAGE inverts the expectation: built
 * without auto-initialisation, the cases must see the pattern
 * (//kernel:stackinit_control_test shows that the check can fail).
 */
#include "kds_port.h"
#include "kds_expect.h"

#if defined(__has_attribute)
#if __has_attribute(__noipa__)
#define KDS_STACKINIT_OPAQUE	noinline __attribute__((__noipa__))
#endif
#endif
#ifndef KDS_STACKINIT_OPAQUE
#define KDS_STACKINIT_OPAQUE	noinline
#endif

/* The byte the first call leaves in the variable. */
#define KDS_STACKINIT_PATTERN		0xa5

/**
 * struct kds_stackinit_result - what the inspector saw of one variable.
 * @size: the variable's size in bytes.
 * @nonzero: how many of those bytes were not zero.
 * @covered: whether the variable lay where the first call wrote the pattern.
 */
struct kds_stackinit_result {
	unsigned int size;
	unsigned int nonzero;
	bool covered;
};

/* Where the first call found its variable (an address as an integer). */
static unsigned long kds_stackinit_filled_at;

/*
 * The callees a by-reference variable is handed to. The pointers are not
 * const, so the compiler must assume the callee may write the variable and
 * can neither warn about nor exploit the read of an unwritten object.
 */
static KDS_STACKINIT_OPAQUE void kds_stackinit_fill(void *obj, unsigned int size)
{
	volatile u8 *p = obj;
	unsigned int i;

	for (i = 0; i < size; i++)
		p[i] = KDS_STACKINIT_PATTERN;
	WRITE_ONCE(kds_stackinit_filled_at, (unsigned long)obj);
}

static KDS_STACKINIT_OPAQUE void kds_stackinit_inspect(void *obj, unsigned int size,
						       struct kds_stackinit_result *r)
{
	const volatile u8 *p = obj;
	unsigned int i;

	r->size = size;
	r->nonzero = 0;
	for (i = 0; i < size; i++)
		if (p[i])
			r->nonzero++;
	r->covered = (unsigned long)obj == READ_ONCE(kds_stackinit_filled_at);
}

/* Types with padding, arrays, unions and bit fields, as the kernel's own
 * lib/test_stackinit.c covers. */
struct kds_stackinit_padded {
	u8 one;
	u64 eight;
	u16 two;
};

typedef char kds_stackinit_array_t[24];

union kds_stackinit_union {
	u8 byte;
	u64 quad;
	char text[12];
};

struct kds_stackinit_bits {
	unsigned int low : 3;
	unsigned int high : 9;
	u8 tail;
};

#define KDS_STACKINIT_PROBE(name, type)					\
static KDS_STACKINIT_OPAQUE void						\
kds_stackinit_probe_##name(bool fill, struct kds_stackinit_result *r)	\
{									\
	type var;							\
									\
	if (fill)							\
		kds_stackinit_fill(&var, sizeof(var));			\
	else								\
		kds_stackinit_inspect(&var, sizeof(var), r);		\
}

KDS_STACKINIT_PROBE(u8, u8)
KDS_STACKINIT_PROBE(u16, u16)
KDS_STACKINIT_PROBE(u32, u32)
KDS_STACKINIT_PROBE(u64, u64)
KDS_STACKINIT_PROBE(ptr, void *)
KDS_STACKINIT_PROBE(array, kds_stackinit_array_t)
KDS_STACKINIT_PROBE(padded, struct kds_stackinit_padded)
KDS_STACKINIT_PROBE(union, union kds_stackinit_union)
KDS_STACKINIT_PROBE(bits, struct kds_stackinit_bits)

/* Fill, look again from the same frame, judge. */
static void kds_stackinit_check(struct kds_expect *e, const char *what,
				void (*probe)(bool fill, struct kds_stackinit_result *r))
{
	struct kds_stackinit_result r = { 0 };

	WRITE_ONCE(kds_stackinit_filled_at, 0UL);
	probe(true, &r);
	probe(false, &r);
	if (!KDS_EXPECT(e, r.covered)) {
		kds_expect_note(e, "%s: the variable moved between the calls; nothing proven",
				what);
		return;
	}
#ifdef KDS_STACKINIT_EXPECT_GARBAGE
	KDS_EXPECT(e, r.nonzero > 0);
#else
	if (!KDS_EXPECT_EQ(e, r.nonzero, 0))
		kds_expect_note(e, "%s: %u of %u bytes were not zero before the first write",
				what, r.nonzero, r.size);
#endif
}

#define KDS_STACKINIT_CASE(name)					\
static void stackinit_##name(struct kds_expect *e)			\
{									\
	kds_stackinit_check(e, #name, kds_stackinit_probe_##name);	\
}

KDS_STACKINIT_CASE(u8)
KDS_STACKINIT_CASE(u16)
KDS_STACKINIT_CASE(u32)
KDS_STACKINIT_CASE(u64)
KDS_STACKINIT_CASE(ptr)
KDS_STACKINIT_CASE(array)
KDS_STACKINIT_CASE(padded)
KDS_STACKINIT_CASE(union)
KDS_STACKINIT_CASE(bits)

/* Every by-reference stack variable case, for a runner in either world. */
static const struct kds_case kds_stackinit_cases[] = {
	KDS_CASE(stackinit_u8),
	KDS_CASE(stackinit_u16),
	KDS_CASE(stackinit_u32),
	KDS_CASE(stackinit_u64),
	KDS_CASE(stackinit_ptr),
	KDS_CASE(stackinit_array),
	KDS_CASE(stackinit_padded),
	KDS_CASE(stackinit_union),
	KDS_CASE(stackinit_bits),
};

KDS_SUITE(kds_suite_stackinit, "kds_stackinit", kds_stackinit_cases, NULL);
