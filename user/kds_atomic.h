/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_atomic.h - the kernel's atomic idioms over the compiler's __atomic
 * builtins: READ_ONCE/WRITE_ONCE, acquire/release, barriers, the cmpxchg
 * family, xchg, atomic_t and atomic_long_t.
 *
 * Part of the userspace port (kds_port.h includes it), kept on its own
 * because it depends on nothing else: code built in userspace outside the
 * port, such as the shim that compiles Linux's own genradix for the
 * differential test, takes the same definitions from here instead of
 * writing its own.
 */
#ifndef KDS_ATOMIC_H
#define KDS_ATOMIC_H

#include <stdbool.h>

#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#define smp_load_acquire(p)	__atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v)	__atomic_store_n((p), (v), __ATOMIC_RELEASE)
/* kds_load_dependent(): kds/types.h (an acquire load here). */
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()		__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb()		__atomic_thread_fence(__ATOMIC_RELEASE)

/* cmpxchg family: return the value found at *p (== @old on success). */
#define __kds_cmpxchg(p, o, n, order) ({				\
	__typeof__(*(p)) _kds_old = (o);				\
	__atomic_compare_exchange_n((p), &_kds_old, (n), false,		\
				    (order), __ATOMIC_ACQUIRE);		\
	_kds_old;							\
})
#define cmpxchg(p, o, n)	 __kds_cmpxchg(p, o, n, __ATOMIC_SEQ_CST)
#define cmpxchg_acquire(p, o, n) __kds_cmpxchg(p, o, n, __ATOMIC_ACQUIRE)
#define cmpxchg_release(p, o, n) ({					\
	__typeof__(*(p)) _kds_old = (o);				\
	__atomic_compare_exchange_n((p), &_kds_old, (n), false,		\
				    __ATOMIC_RELEASE, __ATOMIC_RELAXED);\
	_kds_old;							\
})
#define cmpxchg_relaxed(p, o, n) ({					\
	__typeof__(*(p)) _kds_old = (o);				\
	__atomic_compare_exchange_n((p), &_kds_old, (n), false,		\
				    __ATOMIC_RELAXED, __ATOMIC_RELAXED);\
	_kds_old;							\
})
#define xchg(p, v)		__atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST)

/** typedef atomic_t - a counter manipulated only through atomic_*(). */
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_set(v, i)	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)
#define atomic_inc(v)		((void)__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_RELAXED))
#define atomic_dec(v)		((void)__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_RELAXED))
#define atomic_add(i, v)	((void)__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_sub(i, v)	((void)__atomic_sub_fetch(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_inc_return(v)	__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_dec_return(v)	__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_add_return(i, v)	__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST)
#define atomic_dec_and_test(v)	(atomic_dec_return(v) == 0)
#define atomic_cmpxchg(v, o, n)	cmpxchg(&(v)->counter, o, n)
#define atomic_long_read(v)	atomic_read(v)
#define atomic_long_set(v, i)	atomic_set(v, i)
#define atomic_long_inc(v)	atomic_inc(v)
#define atomic_long_dec(v)	atomic_dec(v)
#define atomic_long_add(i, v)	atomic_add(i, v)
#define atomic_long_sub(i, v)	atomic_sub(i, v)

#endif /* KDS_ATOMIC_H */
