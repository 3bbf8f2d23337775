// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_user_test.c - genradix used the way kernel code uses it, written
 * as kernel code with only the include line changed:
 *
 *  - the SCTP stream table (net/sctp/stream.c): GENRADIX of per-stream
 *    structs, genradix_prealloc() to the stream count, then genradix_ptr()
 *    per stream, growing and freeing the table;
 *  - /proc/<pid>/map_files (fs/proc/base.c): GENRADIX(struct
 *    map_files_info) filled with genradix_ptr_alloc() in a loop, then read
 *    back by index and by genradix_for_each.
 */
#include "kds_testing.h"
#include <linux/generic-radix-tree.h>

KDS_TEST_SUITE(genradix_kernel_user);

/* ------------------------------------------------- SCTP stream table */

struct sctp_stream_out_ext {
	u64 abandoned_unsent[3];
	u64 abandoned_sent[3];
	struct list_head outq;
};

struct sctp_stream_out {
	union {
		u32 mid;
		u16 ssn;
	};
	u32 mid_uo;
	struct sctp_stream_out_ext *ext;
	u8 state;
};

struct sctp_stream_in {
	union {
		u32 mid;
		u16 ssn;
	};
	u32 mid_uo;
	u32 fsn;
	u32 fsn_uo;
	char pd_mode;
	char pd_mode_uo;
};

struct sctp_stream {
	GENRADIX(struct sctp_stream_out) out;
	GENRADIX(struct sctp_stream_in) in;
	u16 outcnt;
	u16 incnt;
};

#define SCTP_STREAM_CLOSED	0
#define SCTP_STREAM_OPEN	1
#define SCTP_SO(s, i)	genradix_ptr(&(s)->out, (i))
#define SCTP_SI(s, i)	genradix_ptr(&(s)->in, (i))

static int sctp_stream_alloc_out(struct sctp_stream *stream, u16 outcnt, gfp_t gfp)
{
	int ret;

	if (outcnt <= stream->outcnt)
		goto out;

	ret = genradix_prealloc(&stream->out, outcnt, gfp);
	if (ret)
		return ret;

out:
	stream->outcnt = outcnt;
	return 0;
}

static int sctp_stream_alloc_in(struct sctp_stream *stream, u16 incnt, gfp_t gfp)
{
	int ret;

	if (incnt <= stream->incnt)
		goto out;

	ret = genradix_prealloc(&stream->in, incnt, gfp);
	if (ret)
		return ret;

out:
	stream->incnt = incnt;
	return 0;
}

static int sctp_stream_init(struct sctp_stream *stream, u16 outcnt, u16 incnt, gfp_t gfp)
{
	int i, ret;

	gfp |= __GFP_NOWARN;

	ret = sctp_stream_alloc_out(stream, outcnt, gfp);
	if (ret)
		return ret;

	for (i = 0; i < stream->outcnt; i++)
		SCTP_SO(stream, i)->state = SCTP_STREAM_OPEN;

	if (!incnt)
		return 0;

	return sctp_stream_alloc_in(stream, incnt, gfp);
}

static void sctp_stream_free(struct sctp_stream *stream)
{
	int i;

	for (i = 0; i < stream->outcnt; i++)
		kfree(SCTP_SO(stream, i)->ext);
	genradix_free(&stream->out);
	genradix_free(&stream->in);
}

static int sctp_stream_init_ext(struct sctp_stream *stream, u16 sid)
{
	struct sctp_stream_out_ext *soute;

	soute = kzalloc(sizeof(*soute), GFP_KERNEL);
	if (!soute)
		return -ENOMEM;
	SCTP_SO(stream, sid)->ext = soute;
	INIT_LIST_HEAD(&soute->outq);
	return 0;
}

Test(genradix_kernel_user, sctp_stream_table)
{
	struct sctp_stream stream;
	int i;

	memset(&stream, 0, sizeof(stream));
	genradix_init(&stream.out);
	genradix_init(&stream.in);

	cr_assert_eq(sctp_stream_init(&stream, 10, 20, GFP_KERNEL), 0);
	for (i = 0; i < 10; i++)
		cr_assert_eq(SCTP_SO(&stream, i)->state, SCTP_STREAM_OPEN);
	for (i = 0; i < 20; i++) {
		cr_assert_not_null(SCTP_SI(&stream, i));
		cr_assert_eq(SCTP_SI(&stream, i)->fsn, 0);
	}
	/* Streams are independent entries. */
	SCTP_SO(&stream, 3)->mid = 77;
	cr_assert_eq(SCTP_SO(&stream, 4)->mid, 0);
	cr_assert_eq(sctp_stream_init_ext(&stream, 3), 0);
	cr_assert(list_empty(&SCTP_SO(&stream, 3)->ext->outq));

	/* Growing to 65535 streams (the u16 maximum) keeps existing state. */
	cr_assert_eq(sctp_stream_init(&stream, 65535, 0, GFP_KERNEL), 0);
	cr_assert_eq(SCTP_SO(&stream, 3)->mid, 77);
	cr_assert_not_null(SCTP_SO(&stream, 3)->ext);
	cr_assert_eq(SCTP_SO(&stream, 65534)->state, SCTP_STREAM_OPEN);
	/* prealloc(outcnt) covers outcnt + 1 entries, as in Linux. */
	cr_assert_not_null(SCTP_SO(&stream, 65535));
	sctp_stream_free(&stream);
	cr_assert_null(SCTP_SO(&stream, 0));
}

Test(genradix_kernel_user, sctp_stream_table_enomem)
{
	struct sctp_stream stream;

	kds_warn_set_quiet(true);
	memset(&stream, 0, sizeof(stream));
	genradix_init(&stream.out);
	genradix_init(&stream.in);
	cr_assert_eq(sctp_stream_init(&stream, 8, 0, GFP_KERNEL), 0);
	kds_alloc_fail_after(1);
	cr_assert_eq(sctp_stream_init(&stream, 4000, 0, GFP_KERNEL), -ENOMEM);
	kds_alloc_fail_off();
	cr_assert_eq(stream.outcnt, 8, "the stream count is unchanged on failure");
	cr_assert_eq(SCTP_SO(&stream, 7)->state, SCTP_STREAM_OPEN);
	sctp_stream_free(&stream);
}

/* ------------------------------------------------------ /proc map_files */

typedef unsigned int fmode_t;

struct map_files_info {
	unsigned long	start;
	unsigned long	end;
	fmode_t		mode;
};

struct fake_vma {
	unsigned long vm_start, vm_end;
	bool has_file;
	fmode_t f_mode;
};

/* Collect the file-backed mappings, then report them in order. */
static int proc_map_files_collect(const struct fake_vma *vmas, int nr_vmas,
				  char *out, size_t outlen, int *nr_out)
{
	GENRADIX(struct map_files_info) fa;
	struct map_files_info *p;
	unsigned long nr_files, i;
	size_t used = 0;
	int ret = 0, v;

	genradix_init(&fa);

	nr_files = 0;
	for (v = 0; v < nr_vmas; v++) {
		if (!vmas[v].has_file)
			continue;

		p = genradix_ptr_alloc(&fa, nr_files++, GFP_KERNEL);
		if (!p) {
			ret = -ENOMEM;
			goto out;
		}

		p->start = vmas[v].vm_start;
		p->end = vmas[v].vm_end;
		p->mode = vmas[v].f_mode;
	}

	for (i = 0; i < nr_files; i++) {
		char buf[4 * sizeof(long) + 2];	/* max: %lx-%lx\0 */
		int len;

		p = genradix_ptr(&fa, i);
		len = snprintf(buf, sizeof(buf), "%lx-%lx", p->start, p->end);
		if (used + len + 2 > outlen)
			break;
		memcpy(out + used, buf, len);
		used += len;
		out[used++] = '\n';
	}
	out[used] = '\0';
	*nr_out = (int)nr_files;
out:
	genradix_free(&fa);
	return ret;
}

Test(genradix_kernel_user, proc_map_files)
{
	struct fake_vma vmas[400];
	char out[32 * 400];
	int nr = 0, i, files = 0;

	for (i = 0; i < 400; i++) {
		vmas[i].vm_start = 0x400000UL + i * 0x1000UL;
		vmas[i].vm_end = vmas[i].vm_start + 0x1000UL;
		vmas[i].has_file = i % 3 != 0;
		vmas[i].f_mode = i;
		files += vmas[i].has_file;
	}
	cr_assert_eq(proc_map_files_collect(vmas, 400, out, sizeof(out), &nr), 0);
	cr_assert_eq(nr, files);
	cr_assert_eq(strncmp(out, "401000-402000\n402000-403000\n404000-405000\n", 42), 0,
		     "got %.42s", out);
}

Test(genradix_kernel_user, proc_map_files_enomem)
{
	struct fake_vma vmas[600];
	char out[64];
	int nr = -1, i;

	kds_warn_set_quiet(true);
	for (i = 0; i < 600; i++) {
		vmas[i].vm_start = i * 0x2000UL;
		vmas[i].vm_end = vmas[i].vm_start + 0x1000UL;
		vmas[i].has_file = true;
		vmas[i].f_mode = 0;
	}
	/* The second leaf fails: the whole collection fails, nothing leaks. */
	kds_alloc_fail_nth(2);
	cr_assert_eq(proc_map_files_collect(vmas, 600, out, sizeof(out), &nr), -ENOMEM);
	cr_assert_eq(nr, -1);
}

Test(genradix_kernel_user, map_files_for_each)
{
	GENRADIX(struct map_files_info) fa;
	struct map_files_info *p;
	struct genradix_iter iter;
	unsigned long n = 0;

	genradix_init(&fa);
	for (n = 0; n < 1000; n++) {
		p = genradix_ptr_alloc(&fa, n, GFP_KERNEL);
		cr_assert_not_null(p);
		p->start = n << 12;
		p->end = (n + 1) << 12;
		p->mode = 1;
	}
	n = 0;
	genradix_for_each(&fa, iter, p) {
		if (!p->mode)
			break;	/* entries past the last written one read as zero */
		cr_assert_eq(iter.pos, n);
		cr_assert_eq(p->start, n << 12);
		n++;
	}
	cr_assert_eq(n, 1000);
	n = 0;
	genradix_for_each_reverse(&fa, iter, p) {
		if (p->mode) {
			cr_assert_eq(p->start, iter.pos << 12);
			n++;
		}
	}
	cr_assert_eq(n, 1000);
	genradix_free(&fa);
}
