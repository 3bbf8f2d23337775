// SPDX-License-Identifier: GPL-2.0
/*
 * A libFuzzer target that fails on one known input, "kds!", and on nothing
 * else: fuzz_artifact_test.sh seeds it with that input to check that
 * tools/fuzz_test.sh keeps the failing input and prints how to replay it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 4 && memcmp(data, "kds!", 4) == 0)
		abort();
	return 0;
}
