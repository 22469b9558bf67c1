// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for what `diglim attest` reads from a measurement list:
 * the first byte selects the bank (even: sha1, odd: sha256), the rest is
 * the binary list.  Every entry is parsed; the buffer of an ima-buf entry
 * is split from its appended signature and, when it is a valid compact
 * list, its digests go into a digestset, as attest.c does.
 */
#include "digestset.h"
#include "imalog.h"

#include "compact.h"
#include "modsig.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static void add_list(struct digestset *s, const struct ima_event *e)
{
	struct compact_block b;
	const char *why;
	struct modsig ms;
	size_t pos = 0;
	uint32_t i;

	if (modsig_split(e->buf, e->buf_len, &ms, &why) ||
	    compact_validate(e->buf, ms.body_len, NULL, &why))
		return;
	while (compact_next(e->buf, ms.body_len, &pos, &b, &why) == 1)
		for (i = 0; i < b.count; i++)
			if (digestset_add(s, b.algo, b.digests + (size_t)i * b.dsize,
					  b.dsize))
				return;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	struct digestset s;
	struct ima_event e;
	struct ima_log l;
	const char *why;
	uint8_t *copy;

	if (n < 1 || digestset_init(&s))
		return 0;
	/* an exact-size copy, so that reads past the end are caught */
	copy = malloc(n - 1 ? n - 1 : 1);
	if (!copy) {
		digestset_free(&s);
		return 0;
	}
	memcpy(copy, d + 1, n - 1);
	ima_log_init(&l, copy, n - 1, d[0] & 1 ? 32 : 20);
	while (ima_log_next(&l, &e, &why) == 1) {
		if (e.buf)
			add_list(&s, &e);
		if (e.has_digest && e.algo >= 0)
			(void)digestset_count(&s, (unsigned int)e.algo, e.digest,
					      e.digest_len);
	}
	digestset_free(&s);
	free(copy);
	return 0;
}
