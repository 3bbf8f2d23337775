// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_space.c - libFuzzer target: random sequences of create, size,
 * mapping, align, bind, unbind, delete and release on one dynamic region,
 * with allocation failures injected, checked after every step against an
 * independent model.
 *
 * The model knows nothing of the core's structures: it keeps an owner per
 * page of the region and each device's ranges as (first page, pages) in
 * page-offset order, and grows a device by its own reading of Linux's
 * rule (take the lowest free run; extend the device's last range when the
 * run starts right after it, else append). After every operation the
 * core's answer must be the model's, every device's ranges must be the
 * model's range for range (start, end, page offset), the region's
 * allocation list must be sorted, disjoint and owned as the model says,
 * and available_size must be the model's free pages: no byte is lost and
 * none is given twice. An injected allocation failure must answer -ENOMEM
 * and change nothing. After every input, teardown leaves nothing
 * allocated and no warning.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kds_port.h"
#include "kds/dax_bus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NPAGES		16384			/* 64 MiB of 4 KiB pages */
#define UNIT		512			/* 2 MiB: the smallest size step */
#define BASE		0x40000000ULL
#define NDEV		6
#define MAXR		256

struct mrange {
	unsigned int first, pages;
};

struct mdev {
	bool live;		/* initialised, not released */
	bool listed;		/* holds its id (not deleted) */
	bool bound;
	int id;
	unsigned long align;
	unsigned int nr;
	struct mrange r[MAXR];
};

struct state {
	struct kds_dax_region *region;
	struct kds_dev_dax dev[NDEV];
	struct mdev m[NDEV];
	int owner[NPAGES];	/* device slot or -1 */
	unsigned int free_pages;
};

static void check(bool cond)
{
	if (!cond)
		abort();
}

static unsigned int m_pages(const struct mdev *m)
{
	unsigned int i, n = 0;

	for (i = 0; i < m->nr; i++)
		n += m->r[i].pages;
	return n;
}

static bool m_divides(unsigned long align, unsigned int pages)
{
	unsigned long unit = align > kds_map_min_size() ? align : kds_map_min_size();

	return ((u64)pages * PAGE_SIZE) % unit == 0;
}

static void m_take(struct state *s, int d, unsigned int first, unsigned int pages)
{
	struct mdev *m = &s->m[d];
	unsigned int p;

	for (p = first; p < first + pages; p++)
		s->owner[p] = d;
	s->free_pages -= pages;
	if (m->nr && m->r[m->nr - 1].first + m->r[m->nr - 1].pages == first &&
	    first > 0 && s->owner[first - 1] == d)
		m->r[m->nr - 1].pages += pages;
	else
		m->r[m->nr++] = (struct mrange){ first, pages };
	check(m->nr < MAXR);
}

/* Linux's growth, read independently: lowest free run first. */
static void m_grow(struct state *s, int d, unsigned int pages)
{
	while (pages) {
		unsigned int p = 0, q, take;

		while (s->owner[p] != -1)
			p++;
		for (q = p; q < NPAGES && s->owner[q] == -1; q++)
			;
		take = q - p < pages ? q - p : pages;
		m_take(s, d, p, take);
		pages -= take;
	}
}

static void m_shrink(struct state *s, int d, unsigned int pages)
{
	struct mdev *m = &s->m[d];

	while (pages) {
		struct mrange *r = &m->r[m->nr - 1];
		unsigned int take = r->pages < pages ? r->pages : pages;
		unsigned int p;

		for (p = r->first + r->pages - take; p < r->first + r->pages; p++)
			s->owner[p] = -1;
		s->free_pages += take;
		r->pages -= take;
		pages -= take;
		if (!r->pages)
			m->nr--;
	}
}

/* The core's state against the model's, in full. */
static void invariants(struct state *s)
{
	struct kds_dax_region *rg = s->region;
	u64 used = 0;
	unsigned int i;
	int d;

	check(kds_dax_region_available(rg) == (u64)s->free_pages * PAGE_SIZE);
	for (i = 0; i < rg->nr_ext; i++) {
		const struct kds_dax_extent *x = &rg->ext[i];

		check(x->start <= x->end && x->start >= BASE &&
		      x->end < BASE + (u64)NPAGES * PAGE_SIZE);
		if (i)
			check(rg->ext[i - 1].end < x->start);
		check(x->owner >= &s->dev[0] && x->owner < &s->dev[NDEV]);
		d = (int)(x->owner - &s->dev[0]);
		check(s->owner[(x->start - BASE) / PAGE_SIZE] == d);
		check(s->owner[(x->end - BASE) / PAGE_SIZE] == d);
		used += x->end - x->start + 1;
	}
	check(used + (u64)s->free_pages * PAGE_SIZE == (u64)NPAGES * PAGE_SIZE);
	for (d = 0; d < NDEV; d++) {
		struct mdev *m = &s->m[d];
		struct kds_dev_dax *dev = &s->dev[d];
		u64 pgoff = 0;

		if (!m->live)
			continue;
		check(kds_dev_dax_nr_ranges(dev) == m->nr);
		check(kds_dev_dax_size(dev) == (u64)m_pages(m) * PAGE_SIZE);
		check(kds_dev_dax_get_align(dev) == m->align);
		check(kds_dev_dax_is_bound(dev) == m->bound);
		check(dev->id == m->id);
		for (i = 0; i < m->nr; i++) {
			struct kds_dax_range r;

			check(kds_dev_dax_get_range(dev, i, &r) == 0);
			check(r.start == BASE + (u64)m->r[i].first * PAGE_SIZE);
			check(r.end == r.start + (u64)m->r[i].pages * PAGE_SIZE - 1);
			check(r.pgoff == pgoff);
			pgoff += m->r[i].pages;
		}
	}
}

static int m_lowest_id(struct state *s)
{
	int id = 0, d;
	bool taken;

	do {
		taken = false;
		for (d = 0; d < NDEV; d++)
			if (s->m[d].live && s->m[d].listed && s->m[d].id == id) {
				taken = true;
				id++;
			}
	} while (taken);
	return id;
}

static void op_release(struct state *s, int d)
{
	struct mdev *m = &s->m[d];

	if (!m->live)
		return;
	kds_dev_dax_release(&s->dev[d]);
	m_shrink(s, d, m_pages(m));
	memset(m, 0, sizeof(*m));
	memset(&s->dev[d], 0, sizeof(s->dev[d]));
}

/* One step; @fail: an allocation failure is injected into it. */
static void step(struct state *s, uint8_t op, uint8_t a, uint8_t b, uint8_t c,
		 bool fail)
{
	int d = a % NDEV;
	struct mdev *m = &s->m[d];
	struct kds_dev_dax *dev = &s->dev[d];
	char buf[48];
	int want, rc;

	switch (op % 8) {
	case 0: {	/* create: may_create, init with id -1, created */
		int id = m_lowest_id(s);

		if (m->live)
			return;
		rc = kds_dax_region_may_create(s->region, "1\n", 3);
		if (fail && rc == -ENOMEM)
			return;	/* the text's copy failed */
		check(rc == (s->free_pages ? 0 : -ENOSPC));
		if (rc)
			return;
		check(kds_dev_dax_init(dev, s->region, -1, KDS_DEV_DAX_BUS) == 0);
		kds_dev_dax_created(dev);
		m->live = m->listed = true;
		m->id = id;
		m->align = PAGE_SIZE;
		break;
	}
	case 1: {	/* size */
		/* whole 2 MiB steps, one page more when b is odd */
		unsigned int pages = (c % (NPAGES / UNIT + 2)) * UNIT + (b & 1);
		unsigned int cur = m_pages(m);

		if (!m->live)
			return;
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)pages * PAGE_SIZE);
		rc = (int)kds_dev_dax_size_store(dev, buf, strlen(buf));
		if (fail && rc == -ENOMEM)
			break;	/* the text's copy, or a range: nothing changed */
		if (!m_divides(m->align, pages))
			want = -EINVAL;
		else if (!m->listed)
			want = -ENXIO;
		else if (m->bound)
			want = -EBUSY;
		else if (pages > cur && pages - cur > s->free_pages)
			want = -ENOSPC;
		else
			want = 0;
		check(rc == (want ? want : (int)strlen(buf)));
		if (want)
			break;
		if (pages < cur)
			m_shrink(s, d, cur - pages);
		else
			m_grow(s, d, pages - cur);
		break;
	}
	case 2: {	/* mapping: an exact range */
		/* any first page; whole steps, one page more when b >= 0x80 */
		unsigned int first = ((unsigned int)b << 8 | c) % (NPAGES + 64);
		unsigned int pages = UNIT * (1 + (c & 7)) + (b >> 7);
		unsigned int p;

		if (!m->live)
			return;
		snprintf(buf, sizeof(buf), "%llx-%llx",
			 BASE + (unsigned long long)first * PAGE_SIZE,
			 BASE + (unsigned long long)(first + pages) * PAGE_SIZE - 1);
		rc = (int)kds_dev_dax_mapping_store(dev, buf, strlen(buf) + 1);
		if (fail && rc == -ENOMEM)
			break;
		if (!m->listed)
			want = -ENXIO;
		else if (m->bound)
			want = -EBUSY;
		else if (!m_divides(m->align, pages))
			want = -ENXIO;
		else if (first + pages > NPAGES)
			want = -ENOMEM;
		else {
			want = 0;
			for (p = first; p < first + pages; p++)
				if (s->owner[p] != -1)
					want = -ENOMEM;
		}
		check(rc == (want ? want : (int)strlen(buf) + 1));
		if (want)
			break;
		for (p = first; p < first + pages; p++)
			s->owner[p] = d;
		s->free_pages -= pages;
		m->r[m->nr++] = (struct mrange){ first, pages };	/* never merged */
		check(m->nr < MAXR);
		break;
	}
	case 3: {	/* align */
		static const unsigned long aligns[] = { 4096, 2097152, 12288, 1073741824 };
		unsigned long al = aligns[b % 4];
		unsigned int i;

		if (!m->live)
			return;
		snprintf(buf, sizeof(buf), "%lu\n", al);
		rc = (int)kds_dev_dax_align_store(dev, buf, strlen(buf));
		if (fail && rc == -ENOMEM)
			break;
		if (al == 12288)
			want = -EINVAL;
		else if (!m->listed)
			want = -ENXIO;
		else if (m->bound)
			want = -EBUSY;
		else {
			want = 0;
			for (i = 0; i < m->nr; i++)
				if (!m_divides(al, m->r[i].pages))
					want = -EINVAL;
		}
		check(rc == (want ? want : (int)strlen(buf)));
		if (!want)
			m->align = al;
		break;
	}
	case 4:		/* bind, the probe succeeding or not */
		if (!m->live)
			return;
		rc = kds_dev_dax_bind_start(dev);
		want = (!m->listed || !m->nr) ? -ENXIO : m->bound ? -EBUSY : 0;
		check(rc == want);
		if (rc)
			break;
		kds_dev_dax_bind_finish(dev, (b & 1) ? -ENODEV : 0);
		m->bound = !(b & 1);
		if (m->bound && s->region->seed == dev)
			check(0);
		break;
	case 5:		/* unbind */
		if (!m->live)
			return;
		kds_dev_dax_unbind(dev);
		m->bound = false;
		break;
	case 6:		/* delete, then release what was deleted */
		if (!m->live)
			return;
		rc = kds_dev_dax_delete(dev);
		want = !m->listed ? -ENXIO :
		       (m->bound || m->nr || m->id == 0) ? -EBUSY : 0;
		check(rc == want);
		if (rc)
			break;
		m->listed = false;
		if (b & 1)
			op_release(s, d);
		break;
	case 7:		/* the device goes (region teardown, final put) */
		if (m->bound) {
			kds_dev_dax_unbind(dev);
			m->bound = false;
		}
		if (m->live) {
			check(kds_dev_dax_free_ranges(dev) == 0);
			m_shrink(s, d, m_pages(m));
		}
		op_release(s, d);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state *s = calloc(1, sizeof(*s));
	unsigned long warns = kds_warn_count();
	size_t i;
	int d;

	check(s != NULL);
	s->region = kds_dax_region_alloc(NULL, 0, BASE, (u64)NPAGES * PAGE_SIZE,
					 0, PAGE_SIZE, KDS_DAX_REGION_DYNAMIC);
	check(!IS_ERR(s->region));
	for (i = 0; i < NPAGES; i++)
		s->owner[i] = -1;
	s->free_pages = NPAGES;
	for (i = 0; i + 4 <= size; i += 4) {
		bool fail = (data[i] & 0x80) != 0;

		if (fail)
			kds_alloc_fail_nth(1 + (data[i + 3] % 3));
		step(s, data[i] & 0x7f, data[i + 1], data[i + 2], data[i + 3], fail);
		kds_alloc_fail_off();
		invariants(s);
	}
	for (d = 0; d < NDEV; d++) {
		if (s->m[d].bound)
			kds_dev_dax_unbind(&s->dev[d]);
		op_release(s, d);
	}
	check(s->free_pages == NPAGES);
	check(s->region->nr_ext == 0);
	kds_dax_region_unregister(s->region);
	kds_dax_region_put(s->region);
	free(s);
	check(kds_alloc_live() == 0);
	check(kds_warn_count() == warns);
	return 0;
}
