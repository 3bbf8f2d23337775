/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gr_kernel_user.h - genradix used the way kernel code uses it, written as
 * that kernel code (over Linux's genradix names):
 *
 *  - the SCTP stream table (net/sctp/stream.c): GENRADIX of per-stream
 *    structs, genradix_prealloc() to the stream count, then genradix_ptr()
 *    per stream, growing and freeing the table;
 *  - /proc/<pid>/map_files (fs/proc/base.c): GENRADIX(struct
 *    map_files_info) filled with genradix_ptr_alloc() in a loop, then read
 *    back by index.
 *
 * cases_api.c runs them in both worlds; failure_test.c makes their
 * allocations fail (userspace only).
 */
#ifndef GR_KERNEL_USER_H
#define GR_KERNEL_USER_H

#include "kds_port.h"
#include "compat/kds_genradix_names.h"

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

static inline int sctp_stream_alloc_out(struct sctp_stream *stream, u16 outcnt, gfp_t gfp)
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

static inline int sctp_stream_alloc_in(struct sctp_stream *stream, u16 incnt, gfp_t gfp)
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

static inline int sctp_stream_init(struct sctp_stream *stream, u16 outcnt, u16 incnt, gfp_t gfp)
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

static inline void sctp_stream_free(struct sctp_stream *stream)
{
	int i;

	for (i = 0; i < stream->outcnt; i++)
		kfree(SCTP_SO(stream, i)->ext);
	genradix_free(&stream->out);
	genradix_free(&stream->in);
}

static inline int sctp_stream_init_ext(struct sctp_stream *stream, u16 sid)
{
	struct sctp_stream_out_ext *soute;

	soute = kzalloc(sizeof(*soute), GFP_KERNEL);
	if (!soute)
		return -ENOMEM;
	SCTP_SO(stream, sid)->ext = soute;
	INIT_LIST_HEAD(&soute->outq);
	return 0;
}

/* ------------------------------------------------------ /proc map_files */

struct map_files_info {
	unsigned long	start;
	unsigned long	end;
	unsigned int	mode;
};

struct fake_vma {
	unsigned long vm_start, vm_end;
	bool has_file;
	unsigned int f_mode;
};

/* Collect the file-backed mappings, then report them in order. */
static inline int proc_map_files_collect(const struct fake_vma *vmas, int nr_vmas,
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

#endif /* GR_KERNEL_USER_H */
