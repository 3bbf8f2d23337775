// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_space.c - libFuzzer target: random sequences of create, size,
 * mapping, align, bind, unbind, delete, release and mapping faults on one
 * dynamic region, with allocation failures injected, checked after every
 * step against an independent model.
 *
 * The region is 4 GiB + 128 MiB, placed by the input's first byte: 128 MiB
 * past a 1 GiB boundary, ending exactly at 2^64, or on a 1 GiB boundary,
 * so that devices of 1 GiB align meet free runs that start off their
 * align. The model knows nothing of the core's structures: it keeps an
 * owner per 2 MiB unit of the region (the smallest size step; kds takes
 * no range that is not made of whole, aligned units) and each device's
 * ranges as (first unit, units) in page-offset order, and grows a device
 * by its own reading of the rule (take the lowest free block of the
 * device's step that starts on the step; extend the device's last range
 * when the block follows it, else append). After every operation the
 * core's answer must be the model's, every device's ranges must be the
 * model's range for range (start, end, page offset), the region's
 * allocation list must be sorted, disjoint and owned as the model says,
 * and available_size must be the model's free bytes: no byte is lost and
 * none is given twice. And for every device and every unit of its align,
 * the core's kds_dax_pgoff_to_phys() answers an address on the align
 * whose units all belong to that device. The fault op runs a mapping the
 * way the character device does (unmapped area, vma check, fault
 * decision, translation) at any page offset and fault size, and every
 * address it answers must be aligned to the fault and the device's own.
 * An injected allocation failure must answer -ENOMEM and change nothing.
 * After every input, teardown leaves nothing allocated and no warning.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kds_port.h"
#include "kds/dax_bus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define UNITB		(2ULL << 20)		/* 2 MiB: the smallest size step */
#define UNIT		(UNITB / PAGE_SIZE)	/* in pages */
#define GIB		(1ULL << 30)
#define NUNITS		2112			/* 4 GiB + 128 MiB */
#define RSIZE		((u64)NUNITS * UNITB)
#define NDEV		6
#define MAXR		256

/* Where the region lies, by the input's first byte. */
static const u64 bases[] = {
	GIB + (128ULL << 20),		/* 128 MiB past a 1 GiB boundary */
	0 - RSIZE,			/* its last byte is U64_MAX */
	4 * GIB,			/* on a 1 GiB boundary */
};

struct mrange {
	unsigned int first, units;
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
	u64 base;
	struct kds_dax_region *region;
	struct kds_dev_dax dev[NDEV];
	struct mdev m[NDEV];
	int owner[NUNITS];	/* device slot or -1 */
	unsigned int free_units;
};

static void check(bool cond)
{
	if (!cond)
		abort();
}

static u64 u_addr(const struct state *s, unsigned int u)
{
	return s->base + (u64)u * UNITB;
}

static unsigned int m_units(const struct mdev *m)
{
	unsigned int i, n = 0;

	for (i = 0; i < m->nr; i++)
		n += m->r[i].units;
	return n;
}

/* The model's step of an align: the align, at least one unit. */
static u64 m_step(unsigned long align)
{
	return align > UNITB ? align : UNITB;
}

static void m_take(struct state *s, int d, unsigned int first, unsigned int units)
{
	struct mdev *m = &s->m[d];
	unsigned int u;

	for (u = first; u < first + units; u++)
		s->owner[u] = d;
	s->free_units -= units;
	if (m->nr && m->r[m->nr - 1].first + m->r[m->nr - 1].units == first)
		m->r[m->nr - 1].units += units;
	else
		m->r[m->nr++] = (struct mrange){ first, units };
	check(m->nr < MAXR);
}

/* Whether the step-sized block at unit @u starts on the step and is free. */
static bool m_block_free(const struct state *s, unsigned int u, u64 step)
{
	unsigned int n = (unsigned int)(step / UNITB), i;

	if (u_addr(s, u) % step || u + n > NUNITS)
		return false;
	for (i = u; i < u + n; i++)
		if (s->owner[i] != -1)
			return false;
	return true;
}

/* Free bytes in whole, aligned blocks of @step. */
static u64 m_fit(const struct state *s, u64 step)
{
	unsigned int u, n = (unsigned int)(step / UNITB);
	u64 fit = 0;

	for (u = 0; u < NUNITS; u++)
		if (m_block_free(s, u, step)) {
			fit += step;
			u += n - 1;
		}
	return fit;
}

/* The rule, read independently: the lowest free aligned block first. */
static void m_grow(struct state *s, int d, unsigned int units)
{
	u64 step = m_step(s->m[d].align);
	unsigned int n = (unsigned int)(step / UNITB);

	unsigned int u = 0;

	/* no block below the last one taken is free: search on from there */
	while (units) {
		while (!m_block_free(s, u, step)) {
			u++;
			check(u < NUNITS);
		}
		m_take(s, d, u, n);
		units -= n;
		u += n;
	}
}

static void m_shrink(struct state *s, int d, unsigned int units)
{
	struct mdev *m = &s->m[d];

	while (units) {
		struct mrange *r = &m->r[m->nr - 1];
		unsigned int take = r->units < units ? r->units : units;
		unsigned int u;

		for (u = r->first + r->units - take; u < r->first + r->units; u++)
			s->owner[u] = -1;
		s->free_units += take;
		r->units -= take;
		units -= take;
		if (!r->units)
			m->nr--;
	}
}

/*
 * The model's translation of page offset @pgoff for a unit of @size bytes:
 * the range holding it, the unit whole inside it and on its size; else
 * KDS_DAX_NO_PHYS.
 */
static u64 m_phys(const struct state *s, int d, u64 pgoff, u64 size)
{
	const struct mdev *m = &s->m[d];
	u64 at = 0;
	unsigned int i;

	for (i = 0; i < m->nr; i++) {
		u64 pages = (u64)m->r[i].units * UNIT, off, phys;

		if (pgoff >= at + pages) {
			at += pages;
			continue;
		}
		off = (pgoff - at) * PAGE_SIZE;
		phys = u_addr(s, m->r[i].first) + off;
		if (phys % size || off + size > pages * PAGE_SIZE)
			return KDS_DAX_NO_PHYS;
		return phys;
	}
	return KDS_DAX_NO_PHYS;
}

/* Every byte of [phys, phys + size) is a unit the model gives @d. */
static bool m_owns(const struct state *s, int d, u64 phys, u64 size)
{
	u64 a;

	if (phys < s->base || phys - s->base > RSIZE - size)
		return false;
	for (a = phys - s->base; a < phys - s->base + size; a += UNITB)
		if (s->owner[a / UNITB] != d)
			return false;
	/* a size below one unit lies inside the unit checked */
	return true;
}

/*
 * Every unit of the device's align is on the align and the device's: each
 * range (already seen equal to the model's) starts on the step, is whole
 * steps long and is the model's @d's unit for unit, so each of its units
 * is; and the core's own kds_dax_pgoff_to_phys() over the core's ranges
 * answers each range's first, middle and last unit there (at the step and
 * at the align), no address for a unit one page in, and none past the end.
 */
static void check_units(struct state *s, int d)
{
	struct kds_dev_dax *dev = &s->dev[d];
	u64 align = s->m[d].align, step = m_step(align), sp = step / PAGE_SIZE;
	unsigned int i;

	for (i = 0; i < dev->nr_range; i++) {
		const struct kds_dax_range *r = &dev->ranges[i];
		u64 len = r->end - r->start + 1, n = len / step, k;
		const u64 at[] = { 0, n / 2, n - 1 };
		unsigned int j;

		check(r->start % step == 0 && len % step == 0);
		check(m_owns(s, d, r->start, len));
		for (j = 0; j < ARRAY_SIZE(at); j++) {
			u64 pg = r->pgoff + at[j] * sp, phys;

			k = at[j];
			phys = kds_dax_pgoff_to_phys(dev->ranges, dev->nr_range,
						     pg, step);
			check(phys == r->start + k * step);
			check(kds_dax_pgoff_to_phys(dev->ranges, dev->nr_range,
						    pg, align) == phys);
			if (step > PAGE_SIZE)
				check(kds_dax_pgoff_to_phys(dev->ranges,
							    dev->nr_range,
							    pg + 1, step) ==
				      KDS_DAX_NO_PHYS);
		}
	}
	check(kds_dax_pgoff_to_phys(dev->ranges, dev->nr_range,
				    (u64)m_units(&s->m[d]) * UNIT, PAGE_SIZE) ==
	      KDS_DAX_NO_PHYS);
}

/* The core's state against the model's, in full. */
static void invariants(struct state *s)
{
	struct kds_dax_region *rg = s->region;
	u64 used = 0;
	unsigned int i;
	int d;

	check(kds_dax_region_available(rg) == (u64)s->free_units * UNITB);
	for (i = 0; i < rg->nr_ext; i++) {
		const struct kds_dax_extent *x = &rg->ext[i];

		check(x->start <= x->end && x->start >= s->base &&
		      x->end - s->base < RSIZE);
		check((x->start - s->base) % UNITB == 0 &&
		      (x->end - x->start + 1) % UNITB == 0);
		if (i)
			check(rg->ext[i - 1].end < x->start);
		check(x->owner >= &s->dev[0] && x->owner < &s->dev[NDEV]);
		d = (int)(x->owner - &s->dev[0]);
		check(s->owner[(x->start - s->base) / UNITB] == d);
		check(s->owner[(x->end - s->base) / UNITB] == d);
		used += x->end - x->start + 1;
	}
	check(used + (u64)s->free_units * UNITB == RSIZE);
	for (d = 0; d < NDEV; d++) {
		struct mdev *m = &s->m[d];
		struct kds_dev_dax *dev = &s->dev[d];
		u64 pgoff = 0;

		if (!m->live)
			continue;
		check(kds_dev_dax_nr_ranges(dev) == m->nr);
		check(kds_dev_dax_size(dev) == (u64)m_units(m) * UNITB);
		check(kds_dev_dax_get_align(dev) == m->align);
		check(kds_dev_dax_is_bound(dev) == m->bound);
		check(dev->id == m->id);
		for (i = 0; i < m->nr; i++) {
			struct kds_dax_range r;

			check(kds_dev_dax_get_range(dev, i, &r) == 0);
			check(r.start == u_addr(s, m->r[i].first));
			check(r.end == r.start + (u64)m->r[i].units * UNITB - 1);
			check(r.pgoff == pgoff);
			/* the device's own rule: ranges on its step */
			check(r.start % m_step(m->align) == 0 &&
			      (r.end - r.start + 1) % m_step(m->align) == 0);
			pgoff += (u64)m->r[i].units * UNIT;
		}
		check_units(s, d);
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
	m_shrink(s, d, m_units(m));
	memset(m, 0, sizeof(*m));
	memset(&s->dev[d], 0, sizeof(s->dev[d]));
}

/*
 * A mapping of device @d as the character device makes one: the area the
 * mm would give (widened and fitted to the align), the vma check, then a
 * fault of each size at one address. Every address the core answers must
 * be the model's, on the fault's size, and the device's.
 */
static void op_fault(struct state *s, int d, uint8_t b, uint8_t c)
{
	static const u64 sizes[] = { PAGE_SIZE, 2ULL << 20, GIB };
	struct kds_dev_dax *dev = &s->dev[d];
	unsigned long align = s->m[d].align;
	u64 dev_pages = (u64)m_units(&s->m[d]) * UNIT;
	/* a page offset on a unit of the align, one page off when b & 1 */
	u64 pgoff = (u64)(c % 8) * (align / PAGE_SIZE) + (b & 1);
	u64 len = (u64)(1 + (c >> 3) % 4) * align;
	u64 hint = 0x7f0000000000ULL + (u64)b * PAGE_SIZE, wide, start, addr;
	struct kds_dax_vma v;
	unsigned int i;

	if (!s->m[d].live)
		return;
	wide = kds_dax_unmapped_area_len(len, pgoff, align);
	start = wide ? kds_dax_unmapped_area_fit(hint, pgoff, align) : hint;
	if (wide)
		check(start - hint < align &&
		      (start - (pgoff << PAGE_SHIFT)) % align == 0);
	v = (struct kds_dax_vma){ .start = start, .end = start + len,
				  .shared = true, .dax = true };
	if (kds_dax_check_vma(true, align, &v, NULL))
		return;		/* an unaligned area: mmap refuses it */
	addr = start + ((u64)b * 7919 * PAGE_SIZE) % len;
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		u64 base = 0, pg, phys;
		int r = kds_dax_fault_decide(align, (unsigned long)sizes[i],
					     v.start, v.end, addr, &base);

		if (r != KDS_DAX_FAULT_INSERT)
			continue;
		check(sizes[i] == align && base % sizes[i] == 0 &&
		      base >= v.start && v.end - base >= sizes[i]);
		pg = pgoff + (base - v.start) / PAGE_SIZE;
		phys = kds_dax_pgoff_to_phys(dev->ranges, dev->nr_range, pg,
					     sizes[i]);
		check(phys == m_phys(s, d, pg, sizes[i]));
		if (phys == KDS_DAX_NO_PHYS)
			continue;
		check(phys % sizes[i] == 0 && pg + sizes[i] / PAGE_SIZE <= dev_pages);
		check(m_owns(s, d, phys & ~(UNITB - 1),
			     sizes[i] > UNITB ? sizes[i] : UNITB));
	}
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

	switch (op % 9) {
	case 0: {	/* create: may_create, init with id -1, created */
		int id = m_lowest_id(s);

		if (m->live)
			return;
		rc = kds_dax_region_may_create(s->region, "1\n", 3);
		if (fail && rc == -ENOMEM)
			return;	/* the text's copy failed */
		check(rc == (s->free_units ? 0 : -ENOSPC));
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
		/*
		 * c 2 MiB units (b & 6 == 0), c 8 MiB steps (b & 6 == 2) or
		 * c % 6 GiB (b & 4), one page more when b is odd
		 */
		u64 bytes = (b & 4) ? (u64)(c % 6) * GIB :
			    (b & 2) ? (u64)c * 4 * UNITB : (u64)(c % 64) * UNITB;
		u64 step = m_step(m->align), cur = (u64)m_units(m) * UNITB;

		bytes += (b & 1) * PAGE_SIZE;
		if (!m->live)
			return;
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)bytes);
		rc = (int)kds_dev_dax_size_store(dev, buf, strlen(buf));
		if (fail && rc == -ENOMEM)
			break;	/* the text's copy, or a range: nothing changed */
		if (bytes % step)
			want = -EINVAL;
		else if (!m->listed)
			want = -ENXIO;
		else if (m->bound)
			want = -EBUSY;
		else if (bytes > cur && bytes - cur > m_fit(s, step))
			want = -ENOSPC;
		else
			want = 0;
		check(rc == (want ? want : (int)strlen(buf)));
		if (want)
			break;
		if (bytes < cur)
			m_shrink(s, d, (unsigned int)((cur - bytes) / UNITB));
		else
			m_grow(s, d, (unsigned int)((bytes - cur) / UNITB));
		break;
	}
	case 2: {	/* mapping: an exact range */
		/*
		 * any unit, one page in when b & 0x40; 1 to 8 units, or 1 GiB
		 * when b & 0x20; one page more when b >= 0x80
		 */
		u64 first = (((u64)b << 8 | c) % (NUNITS + 32)) * UNITB +
			    ((b & 0x40) ? PAGE_SIZE : 0);
		u64 len = ((b & 0x20) ? GIB : (1 + (c & 7)) * UNITB) +
			  ((b & 0x80) ? PAGE_SIZE : 0);
		u64 start = s->base + first, end = start + len - 1, step;
		unsigned int u;

		if (!m->live || end < start)
			return;	/* past 2^64: no text says it */
		step = m_step(m->align);
		snprintf(buf, sizeof(buf), "%llx-%llx",
			 (unsigned long long)start, (unsigned long long)end);
		rc = (int)kds_dev_dax_mapping_store(dev, buf, strlen(buf) + 1);
		if (fail && rc == -ENOMEM)
			break;
		if (!m->listed)
			want = -ENXIO;
		else if (m->bound)
			want = -EBUSY;
		else if (len % step)
			want = -ENXIO;
		else if (start % step)
			want = -EINVAL;
		else if (first + len > RSIZE)
			want = -ENOMEM;
		else {
			want = 0;
			for (u = first / UNITB; u < (first + len) / UNITB; u++)
				if (s->owner[u] != -1)
					want = -ENOMEM;
		}
		check(rc == (want ? want : (int)strlen(buf) + 1));
		if (want)
			break;
		for (u = first / UNITB; u < (first + len) / UNITB; u++)
			s->owner[u] = d;
		s->free_units -= (unsigned int)(len / UNITB);
		/* never merged */
		m->r[m->nr++] = (struct mrange){ (unsigned int)(first / UNITB),
						 (unsigned int)(len / UNITB) };
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
				if (u_addr(s, m->r[i].first) % m_step(al) ||
				    ((u64)m->r[i].units * UNITB) % m_step(al))
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
			m_shrink(s, d, m_units(m));
		}
		op_release(s, d);
		break;
	case 8:		/* a mapping and its faults */
		op_fault(s, d, b, c);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state *s;
	unsigned long warns = kds_warn_count();
	size_t i;
	int d;

	if (!size)
		return 0;
	s = calloc(1, sizeof(*s));
	check(s != NULL);
	s->base = bases[data[0] % ARRAY_SIZE(bases)];
	s->region = kds_dax_region_alloc(NULL, 0, s->base, RSIZE, 0, PAGE_SIZE,
					 KDS_DAX_REGION_DYNAMIC);
	check(!IS_ERR(s->region));
	for (i = 0; i < NUNITS; i++)
		s->owner[i] = -1;
	s->free_units = NUNITS;
	for (i = 1; i + 4 <= size; i += 4) {
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
	check(s->free_units == NUNITS);
	check(s->region->nr_ext == 0);
	kds_dax_region_unregister(s->region);
	kds_dax_region_put(s->region);
	free(s);
	check(kds_alloc_live() == 0);
	check(kds_warn_count() == warns);
	return 0;
}
