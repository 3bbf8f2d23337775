// SPDX-License-Identifier: GPL-2.0
/*
 * kds_faults.c - planted bugs the debug kernel's checkers must report.
 *
 * Test-only module for //kernel:vm_debug_detects_faults_test: loaded with
 * faults=LIST (any of lock, leak, uaf, race), it commits each listed bug
 * once at load, in that order, and stays loaded so that the reports can
 * name it:
 *
 *   lock  takes two mutexes in one order and then in the other: lockdep
 *         reports a possible circular locking dependency (no deadlock: one
 *         thread);
 *   leak  allocates 64 bytes and drops the only pointer: kmemleak reports
 *         an unreferenced object allocated here;
 *   uaf   reads a byte of a freed allocation: KASAN reports a
 *         use-after-free;
 *   race  two threads increment one plain counter for a second: KCSAN
 *         (the kcsan debug kernel) reports a data race in
 *         kds_faults_race_fn.
 *
 * Lock first: lockdep turns itself off once the kernel is tainted by a
 * KASAN report, so the inversion must come before the use-after-free.
 */
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

static char *faults = "";
module_param(faults, charp, 0444);
MODULE_PARM_DESC(faults, "comma-separated bugs to commit at load: lock, leak, uaf, race");

static DEFINE_MUTEX(kds_faults_a);
static DEFINE_MUTEX(kds_faults_b);

/* A then B, later B then A. */
static noinline void kds_faults_lock(void)
{
	mutex_lock(&kds_faults_a);
	mutex_lock(&kds_faults_b);
	mutex_unlock(&kds_faults_b);
	mutex_unlock(&kds_faults_a);

	mutex_lock(&kds_faults_b);
	mutex_lock(&kds_faults_a);
	mutex_unlock(&kds_faults_a);
	mutex_unlock(&kds_faults_b);
}

/* The pointer is neither returned nor stored. */
static noinline void kds_faults_leak(void)
{
	char *p = kmalloc(64, GFP_KERNEL);

	if (p)
		memset(p, 0x6b, 64);
	pr_info("kds_faults: leaked a 64-byte allocation\n");
}

static noinline void kds_faults_uaf(void)
{
	char *p = kmalloc(32, GFP_KERNEL);

	if (!p)
		return;
	p[0] = 1;
	kfree(p);
	/* Through a volatile access the compiler cannot drop the read. */
	pr_info("kds_faults: read %d after free\n", READ_ONCE(p[0]));
}

/* Written by two threads with plain accesses: the planted data race. */
static unsigned long kds_faults_counter;
static DECLARE_COMPLETION(kds_faults_race_done);

static noinline int kds_faults_race_fn(void *arg)
{
	unsigned long end = jiffies + HZ;

	while (time_before(jiffies, end)) {
		kds_faults_counter++;
		cond_resched();
	}
	complete(&kds_faults_race_done);
	return 0;
}

static noinline void kds_faults_race(void)
{
	int i, started = 0;

	for (i = 0; i < 2; i++)
		if (!IS_ERR(kthread_run(kds_faults_race_fn, NULL, "kds_faults_race%d", i)))
			started++;
	for (i = 0; i < started; i++)
		wait_for_completion(&kds_faults_race_done);
	pr_info("kds_faults: %d racing thread(s) done, counter %lu\n", started,
		READ_ONCE(kds_faults_counter));
}

static bool kds_faults_wanted(const char *name)
{
	size_t len = strlen(name);
	const char *s = faults;

	while (s && *s) {
		if (!strncmp(s, name, len) && (s[len] == ',' || s[len] == '\0'))
			return true;
		s = strchr(s, ',');
		if (s)
			s++;
	}
	return false;
}

static int __init kds_faults_init(void)
{
	if (kds_faults_wanted("lock"))
		kds_faults_lock();
	if (kds_faults_wanted("leak"))
		kds_faults_leak();
	if (kds_faults_wanted("uaf"))
		kds_faults_uaf();
	if (kds_faults_wanted("race"))
		kds_faults_race();
	return 0;
}

static void __exit kds_faults_exit(void)
{
}

module_init(kds_faults_init);
module_exit(kds_faults_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kds test: planted bugs for the debug kernel's checkers");
