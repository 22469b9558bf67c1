// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: compact lists (and appended signatures) through compact.c. */
#include <stddef.h>
#include <stdint.h>

#include "compact.h"
#include "modsig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct compact_block b;
	struct modsig sig;
	const char *why;
	size_t pos = 0, n = 0, total = 0;
	volatile uint8_t sink = 0;
	int ret, valid;

	if (modsig_split(data, size, &sig, &why) == 0)
		(void)compact_validate(data, sig.body_len, &n, &why);
	valid = compact_validate(data, size, &n, &why) == 0;
	/* walking block by block must agree with the validator */
	while ((ret = compact_next(data, size, &pos, &b, &why)) == 1) {
		total += b.count;
		if (b.count)	/* touch the last digest byte: ASan checks the bound */
			sink ^= b.digests[(size_t)b.count * b.dsize - 1];
	}
	if (valid != (ret == 0 && size > 0) || (valid && total != n))
		__builtin_trap();
	(void)sink;
	return 0;
}
