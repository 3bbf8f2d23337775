// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - kds-devdax: the subcommand a guest asks for (devdax.h).
 */
#include "devdax.h"

int main(int argc, char **argv)
{
	struct sigaction sa;
	int rc;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigbus;
	sigaction(SIGBUS, &sa, NULL);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "check"))
		rc = check(argv[2], strtoul(argv[3], NULL, 0),
			   strtoul(argv[4], NULL, 0), argc == 6 ? argv[5] : NULL);
	else if (argc == 7 && !strcmp(argv[1], "teardown"))
		rc = teardown(argv[2], strtoul(argv[3], NULL, 0),
			      strtoul(argv[4], NULL, 0), argv[5], argv[6]);
	else if (argc == 4 && !strcmp(argv[1], "pin"))
		rc = pin(argv[2], argv[3]);
	else if (argc == 9 && !strcmp(argv[1], "stress"))
		rc = stress(argv[2], strtoul(argv[3], NULL, 0) != 0,
			    (off_t)strtoull(argv[4], NULL, 0),
			    strtoul(argv[5], NULL, 0),
			    (off_t)strtoull(argv[6], NULL, 0), argv[7], argv[8]);
	else if ((argc == 7 || argc == 8) && !strcmp(argv[1], "units") &&
		 (!strcmp(argv[6], "stamp") || !strcmp(argv[6], "read")))
		rc = units(argv[2], strtoul(argv[3], NULL, 0),
			   strtoul(argv[4], NULL, 0), strtoull(argv[5], NULL, 0),
			   !strcmp(argv[6], "stamp"),
			   argc == 8 ? strtoull(argv[7], NULL, 0) : 0);
	else if (argc == 4 && !strcmp(argv[1], "odirect-hold"))
		rc = odirect_hold(argv[2], argv[3]);
	else if (argc == 4 && !strcmp(argv[1], "odirect-park"))
		rc = odirect_park(argv[2], argv[3]);
	else if (argc == 5 && !strcmp(argv[1], "cmp"))
		rc = cmp(argv[2], (off_t)strtoull(argv[3], NULL, 0), argv[4]);
	else {
		fprintf(stderr, "usage: %s check DEV ALIGN SIZE [BLOCKDEV] | teardown DEV ALIGN SIZE UNBIND NAME | pin DEV RELEASE_FILE | stress DEV WRITER OFFSET LENGTH PEER_OFFSET RUN_FILE CHURN_FILE | units DEV SIZE STEP FIRST stamp|read [SIDE] | odirect-hold DEV BLOCKDEV | odirect-park DEV BLOCKDEV | cmp DEV OFFSET FILE\n", argv[0]);
		return 2;
	}
	return rc || failed;
}
