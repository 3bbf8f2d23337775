// SPDX-License-Identifier: GPL-2.0
/*
 * stress.c - kds-devdax stress (see devdax.h for the program).
 *
 * stress, while RUN_FILE exists, opens DEV, maps LENGTH bytes at OFFSET,
 * stamps every page (a magic, the page's device offset, WRITER (0 or 1)
 * and the round), unmaps, maps the device again from offset 0 (so that
 * each page lies elsewhere in the mapping than where it was stamped) and
 * checks every stamp of its own, then every stamp of the other writer's
 * LENGTH bytes at PEER_OFFSET: each must name its own page and the other
 * writer. Again and again, while the device is unbound, bound, handed to
 * kmem, deleted and created under it (kernel/vm/stress.sh). Each round
 * first reads its own pages through the new mapping, before stamping: no
 * churn step clears the device's memory, so every page stamped once must
 * still hold the stamp of its last round, whichever binding or region
 * maps it now (a mapping that lands outside the memory stamped before
 * finds none, and fails). The peer's pages must hold the peer's stamp of
 * a round no older than the last seen there. No page is excused. CHURN_FILE
 * holds a counter the churn loop makes odd while a step is in flight and
 * even between steps. A refusal a vanishing device explains (open ENOENT
 * or ENXIO, mmap ENXIO, SIGBUS) is counted only when a step was in flight
 * at some point since the round's open; any other errno, a refusal with
 * no step in flight, or a missing or wrong stamp fails, reported for the
 * first 3 and counted.
 */
#include "devdax.h"

/*
 * The mapping stress. Each page's first 32 bytes carry a stamp: a magic,
 * the page's offset in the device, the writer's number and the writer's
 * round. Stores go magic last, so that a reader that sees the magic sees
 * the rest of a stamp its writer completed.
 */
#define STAMP_MAGIC	0x6b64732d7374616dULL	/* "kds-stam" */

struct stamp {
	uint64_t magic, devoff, writer, seq;
};

/*
 * Write @s to the page at @p (magic last) or read it from there: 1 when an
 * access faults with SIGBUS (the stamp is then partly done), 0 when done.
 */
static int stamp_access(volatile uint64_t *p, int write, struct stamp *s)
{
	int got = 0;

	in_probe = 1;
	if (sigsetjmp(bus_jmp, 1) == 0) {
		if (write) {
			p[1] = s->devoff;
			p[2] = s->writer;
			p[3] = s->seq;
			p[0] = s->magic;
		} else {
			s->magic = p[0];
			s->devoff = p[1];
			s->writer = p[2];
			s->seq = p[3];
		}
	} else {
		got = 1;
	}
	in_probe = 0;
	return got;
}

static unsigned long stress_bad;

static void stress_fail(const char *what, int e)
{
	if (++stress_bad > 3)
		return;
	if (e)
		printf("devdax: stress: not ok: %s (%s)\n", what, err_name(e));
	else
		printf("devdax: stress: not ok: %s\n", what);
}

/*
 * The churn counter kernel/vm/stress.sh keeps in @churn, written whole by
 * rename: odd while a churn step (unbind, region deletion, kmem) is in
 * flight, even between steps. ~0 when it cannot be read.
 */
static unsigned long churn_now(const char *churn)
{
	char buf[32];
	ssize_t n;
	int fd = open(churn, O_RDONLY);

	if (fd < 0)
		return ~0UL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return ~0UL;
	buf[n] = 0;
	return strtoul(buf, NULL, 10);
}

/*
 * A refusal (an errno a vanishing device gives, or SIGBUS) is explained
 * only when a churn step was in flight at some point since @since was
 * read: the counter was odd then or is odd now, or it moved.
 */
static int churned(const char *churn, unsigned long since)
{
	unsigned long now = churn_now(churn);

	return since == ~0UL || now == ~0UL ? 0 :
	       (since & 1) || (now & 1) || now != since;
}

struct stress_counts {
	unsigned long rounds, maps, written, before, remapped, peer, explained;
};

/*
 * What a writer knows of one page: @seq, the round of the last stamp
 * known to be there (0: none yet); for its own pages, @cut, a round whose
 * stamp a SIGBUS cut short (the page may hold that round's seq under the
 * old magic, or no magic if it had none).
 */
struct seen {
	uint64_t seq, cut;
};

/*
 * Check the stamps of the @len bytes at @p, device offset @off, against
 * what @known says of each page. The device's memory is never cleared by
 * anything the churn does (unbind, kmem adding it offline and taking it
 * back, the region deleted and created again over the same range), so a
 * page once stamped must always carry a stamp naming its own device
 * offset and @writer, whatever churn happened: for the writer's own pages
 * exactly the round it knows (or the cut one), for the peer's a round no
 * older than the last seen (then recorded). A page with no stamp passes
 * only while none is known there; nothing is excused. Returns 1 on SIGBUS
 * (the caller accounts for it), else 0; counts verified pages in *@ok.
 */
static int check_stamps(volatile char *p, uint64_t off, size_t len,
			uint64_t writer, int own, struct seen *known,
			const char *when, unsigned long *ok)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	struct stamp s;
	char what[200];

	for (i = 0; i < len; i += page) {
		struct seen *k = &known[i / page];

		if (stamp_access((volatile uint64_t *)(p + i), 0, &s))
			return 1;
		if ((s.magic != STAMP_MAGIC || own) && !k->seq && !k->cut)
			continue;	/* never stamped as far as this writer knows */
		if (s.magic != STAMP_MAGIC && !k->seq)
			continue;	/* only a cut stamp was ever written here */
		if (s.magic != STAMP_MAGIC) {
			snprintf(what, sizeof(what),
				 "%s: device offset 0x%llx: no stamp where writer %llu stamped round %llu",
				 when, (unsigned long long)(off + i),
				 (unsigned long long)writer, (unsigned long long)k->seq);
			stress_fail(what, 0);
			return 0;
		}
		if (s.devoff != off + i || s.writer != writer ||
		    (own ? s.seq != k->seq && (!k->cut || s.seq != k->cut) :
			   s.seq < k->seq)) {
			snprintf(what, sizeof(what),
				 "%s: device offset 0x%llx holds the stamp of offset 0x%llx, writer %llu, round %llu (want writer %llu, round %s%llu)",
				 when, (unsigned long long)(off + i),
				 (unsigned long long)s.devoff,
				 (unsigned long long)s.writer,
				 (unsigned long long)s.seq,
				 (unsigned long long)writer, own ? "" : ">= ",
				 (unsigned long long)k->seq);
			stress_fail(what, 0);
			return 0;
		}
		if (!own)
			k->seq = s.seq;
		(*ok)++;
	}
	return 0;
}

/* A refusal: counted when churn explains it, else a failure. */
static void refused(struct stress_counts *c, const char *what, int e,
		    const char *churn, unsigned long since)
{
	char buf[96];

	if (churned(churn, since)) {
		c->explained++;
		return;
	}
	snprintf(buf, sizeof(buf), "%s with no churn step in flight", what);
	stress_fail(buf, e);
}

/*
 * A call that failed with errno: ENXIO is the refusal a churn step in
 * flight explains (refused()); any other error fails the run.
 */
static void call_failed(struct stress_counts *c, const char *what,
			const char *churn, unsigned long since)
{
	int e = errno;

	if (e == ENXIO)
		refused(c, what, e, churn, since);
	else
		stress_fail(what, e);
}

int stress(const char *dev, unsigned int writer, off_t off, size_t len,
		  off_t peer_off, const char *run, const char *churn)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	struct stress_counts c = { 0 };
	unsigned long since, first = churn_now(churn), last = ~0UL;
	size_t win = (size_t)(off > peer_off ? off : peer_off) + len;
	struct seen *own = calloc(len / page, sizeof(*own));
	struct seen *peer = calloc(len / page, sizeof(*peer));
	uint64_t seq = 0;
	char *p;
	int fd;

	if (!own || !peer) {
		stress_fail("no memory", ENOMEM);
		goto out;
	}
	if (first == ~0UL) {
		stress_fail("the churn counter cannot be read", errno);
		goto out;
	}
	while (access(run, F_OK) == 0) {
		c.rounds++;
		since = churn_now(churn);
		fd = open(dev, O_RDWR);
		if (fd < 0) {
			if (errno == ENOENT || errno == ENXIO)
				refused(&c, "open", errno, churn, since);
			else
				stress_fail("open", errno);
			usleep(1000);
			continue;
		}
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
		if (p == MAP_FAILED) {
			call_failed(&c, "mmap", churn, since);
			close(fd);
			continue;
		}
		c.maps++;
		/*
		 * Before stamping: what the last rounds left, through a new
		 * mapping (after a churn step, of a new binding or a new
		 * region over the same memory), must still be there.
		 */
		if (check_stamps(p, (uint64_t)off, len, writer, 1, own,
				 "before stamping", &c.before)) {
			refused(&c, "SIGBUS reading a stamp before stamping", 0,
				churn, since);
			munmap(p, len);
			close(fd);
			continue;
		}
		seq++;
		for (i = 0; i < len; i += page) {
			struct stamp s = { STAMP_MAGIC, (uint64_t)off + i,
					   writer, seq };

			if (stamp_access((volatile uint64_t *)(p + i), 1, &s)) {
				own[i / page].cut = seq;
				refused(&c, "SIGBUS writing a stamp", 0, churn, since);
				break;
			}
			own[i / page].seq = seq;
			own[i / page].cut = 0;
			c.written++;
		}
		if (munmap(p, len))
			stress_fail("munmap", errno);
		/*
		 * Both writers' stamps through a new mapping of the same file,
		 * from device offset 0: a page here sits at another place in
		 * its mapping than where it was stamped.
		 */
		p = mmap(NULL, win, PROT_READ, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED) {
			call_failed(&c, "mmap again", churn, since);
			close(fd);
			continue;
		}
		if (check_stamps(p + off, (uint64_t)off, len, writer, 1, own,
				 "after the remap", &c.remapped))
			refused(&c, "SIGBUS reading a stamp after the remap", 0,
				churn, since);
		else if (check_stamps(p + peer_off, (uint64_t)peer_off, len,
				      !writer, 0, peer, "the peer's", &c.peer))
			refused(&c, "SIGBUS reading the peer's stamps", 0, churn,
				since);
		munmap(p, win);
		close(fd);
	}
	last = churn_now(churn);
out:
	printf("devdax: stress: writer %u: %lu rounds, %lu mappings, %lu pages stamped, %lu found again before stamping, %lu read back after a remap, %lu of the peer's verified, %lu refusals during churn, %lu churn steps seen, %lu failures\n",
	       writer, c.rounds, c.maps, c.written, c.before, c.remapped,
	       c.peer, c.explained,
	       first == ~0UL || last == ~0UL ? 0 : (last - first) / 2, stress_bad);
	free(own);
	free(peer);
	return stress_bad != 0;
}
