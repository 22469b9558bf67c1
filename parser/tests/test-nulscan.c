// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of nulscan.c against a byte-by-byte reference. */
#include <stdlib.h>
#include <string.h>

#include "nulscan.h"
#include "rpmgen.h"
#include "tap.h"

static size_t reference(const uint8_t *p, size_t n, uint32_t count)
{
	size_t i;

	for (i = 0; count && i < n; i++)
		if (p[i] == 0 && --count == 0)
			return i + 1;
	return 0;
}

int main(void)
{
	uint8_t buf[300];
	uint64_t seed = 11;
	size_t i, n, off, bad = 0;
	uint32_t count;

	ok(nul_scan((const uint8_t *)"abc", 3, 1) == 0, "no NUL: 0");
	ok(nul_scan((const uint8_t *)"abc", 4, 1) == 4, "one string: its length + 1");
	ok(nul_scan((const uint8_t *)"a\0b\0", 4, 2) == 4, "two strings");
	ok(nul_scan((const uint8_t *)"a\0b\0", 4, 3) == 0, "fewer strings than asked: 0");
	ok(nul_scan((const uint8_t *)"\0", 1, 0) == 0, "count 0: 0");
	for (i = 0; i < 200000; i++) {
		/* sparse or dense NULs, any alignment, any length */
		for (n = 0; n < sizeof(buf); n++)
			buf[n] = (rpmgen_rand(&seed) % (i % 2 ? 4 : 70)) ? 'x' : 0;
		off = rpmgen_rand(&seed) % 40;
		n = rpmgen_rand(&seed) % (sizeof(buf) - off);
		count = (uint32_t)(rpmgen_rand(&seed) % 12);
		if (nul_scan(buf + off, n, count) != reference(buf + off, n, count))
			bad++;
	}
	ok(bad == 0, "200000 random buffers agree with the byte-by-byte reference");
	return tap_done();
}
