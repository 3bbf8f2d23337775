// SPDX-License-Identifier: GPL-2.0
/*
 * units.c - kds-devdax units (see devdax.h for the program).
 *
 * units maps SIZE bytes of DEV from offset 0 and, one every STEP bytes,
 * writes a stamp naming FIRST plus its offset (FIRST: the device's start
 * in its region, so that a stamp names a place in the region whatever
 * layout the device has later), or reads the stamps back and says how
 * many units hold their own, how many another's (and how far off) and how
 * many none (see units()). SIDE (default 0) is mixed into the stamp's
 * magic, so that when two drivers are compared over the same memory
 * (linux_compare.sh's align_compare) a read finds only the stamps its own side
 * wrote: the other side's leftovers count as no stamp.
 */
#include "devdax.h"

/*
 * The stamps of units(): a magic, then the place in the region it names.
 * One is read (or written) through access_sigbus(), so that a unit the
 * driver refuses counts as SIGBUS rather than ending the run.
 */
#define UNIT_MAGIC	0x6b64732d756e6974ULL	/* "kds-unit" */

int units(const char *dev, size_t size, size_t step, uint64_t first,
		 int write, uint64_t side)
{
	const uint64_t unit_magic = UNIT_MAGIC ^ side;
	size_t k, n = step ? size / step : 0;
	size_t own = 0, other = 0, none = 0, sigbus = 0;
	uint64_t magic, at;
	int64_t shift = 0;
	int mixed = 0, fd;
	char line[96];
	long f0;
	char *p;

	fd = open(dev, O_RDWR);
	if (fd < 0 || !n) {
		say("units", fd < 0 ? err_name(errno) : "no units");
		return 1;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		say("units", err_name(errno));
		close(fd);
		return 1;
	}
	f0 = minflt();
	for (k = 0; k < n; k++) {
		volatile uint64_t *w = (volatile uint64_t *)(p + k * step);
		uint64_t want = first + k * step;

		if (write) {
			magic = unit_magic;
			if (access_sigbus(w + 1, 1, &want) ||
			    access_sigbus(w, 1, &magic))
				sigbus++;
			continue;
		}
		if (access_sigbus(w, 0, &magic) || access_sigbus(w + 1, 0, &at)) {
			sigbus++;
		} else if (magic != unit_magic) {
			none++;
		} else if (at == want) {
			own++;
		} else {
			if (other++ && (int64_t)(at - want) != shift)
				mixed = 1;
			shift = (int64_t)(at - want);
		}
	}
	f0 = minflt() - f0;	/* before stdio's first output allocates */
	if (write) {
		snprintf(line, sizeof(line), "%zu of %zu", n - sigbus, n);
		say("units stamped", line);
	} else {
		snprintf(line, sizeof(line), "%zu of %zu", own, n);
		say("units holding their own stamp", line);
		if (!other)
			snprintf(line, sizeof(line), "0");
		else if (mixed)
			snprintf(line, sizeof(line), "%zu, at varying distances", other);
		else
			snprintf(line, sizeof(line), "%zu, each %s0x%llx from its own",
				 other, shift < 0 ? "-" : "+",
				 (unsigned long long)(shift < 0 ? -shift : shift));
		say("units holding another's stamp", line);
		snprintf(line, sizeof(line), "%zu", none);
		say("units holding no stamp", line);
		if (none || other)
			/* where the first misplaced unit's bytes came from */
			for (k = 0; k < n; k++) {
				volatile uint64_t *w = (volatile uint64_t *)(p + k * step);

				if (access_sigbus(w, 0, &magic) ||
				    access_sigbus(w + 1, 0, &at) ||
				    (magic == unit_magic && at == first + k * step))
					continue;
				snprintf(line, sizeof(line), "+0x%zx: %s", k * step,
					 magic == unit_magic ? "another unit's stamp" :
					 "bytes that are no stamp");
				say("first unit misplaced", line);
				break;
			}
	}
	snprintf(line, sizeof(line), "%zu", sigbus);
	say("units SIGBUS", line);
	snprintf(line, sizeof(line), "%ld", f0);
	say("units faults", line);
	munmap(p, size);
	close(fd);
	return 0;
}
