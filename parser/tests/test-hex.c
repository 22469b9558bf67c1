// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of hex.c: the fast path against the byte-by-byte reference. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "rpmgen.h"
#include "tap.h"

static const unsigned char digits[] = "0123456789abcdefABCDEF";
#define NDIGITS (sizeof(digits) - 1)

/* Both decoders on @s (2 * @n characters): same verdict, same bytes. */
static int agree(const unsigned char *s, size_t n)
{
	uint8_t a[80], b[80];
	int ra, rb;

	ra = hex_decode(a, (const char *)s, n);
	rb = hex_decode_bytes(b, (const char *)s, n);
	return ra == rb && (ra != 0 || memcmp(a, b, n) == 0);
}

int main(void)
{
	/* one byte past the 2 * n characters: never read */
	unsigned char s[2 * 80 + 1];
	const char *cs = (const char *)s;
	uint8_t out[80];
	uint64_t seed = 5;
	size_t i, n, pos, bad = 0, pass = 0;
	unsigned int c;

	ok(hex_decode(out, "00ff7F80a5", 5) == 0 &&
	   !memcmp(out, "\x00\xff\x7f\x80\xa5", 5), "short string, both cases");
	ok(hex_decode(out, "0123456789abcdefABCDEF0123456789fedcba9876543210FEDCBA9876543210",
		      32) == 0 &&
	   !memcmp(out, "\x01\x23\x45\x67\x89\xab\xcd\xef\xab\xcd\xef\x01\x23\x45\x67\x89"
		   "\xfe\xdc\xba\x98\x76\x54\x32\x10\xfe\xdc\xba\x98\x76\x54\x32\x10", 32),
	   "sha256-sized string");
	ok(hex_decode(out, "", 0) == 0, "empty string");
	ok(hex_decode(out, "0g", 1) == -EINVAL, "'g' refused");
	ok(hex_decode(out, "0\0", 1) == -EINVAL, "NUL refused");

	/* every byte value at every position of strings of every length */
	for (n = 1; n <= 72; n++) {
		for (pos = 0; pos < 2 * n; pos++) {
			for (c = 0; c < 256; c++) {
				for (i = 0; i < 2 * n; i++)
					s[i] = digits[(i * 7 + n) % NDIGITS];
				s[pos] = (unsigned char)c;
				s[2 * n] = '0';
				if (!agree(s, n))
					bad++;
				if (c && memchr(digits, (int)c, NDIGITS))
					pass += hex_decode(out, cs, n) == 0;
				else
					pass += hex_decode(out, cs, n) == -EINVAL;
			}
		}
	}
	ok(bad == 0, "every byte at every position of 1-72 byte strings: same as the reference");
	ok(pass == (size_t)256 * 72 * 73, "... and the verdict is right (%zu of %zu)",
	   pass, (size_t)256 * 72 * 73);

	for (i = 0, bad = 0; i < 200000; i++) {
		/* mostly hex, sometimes one or more other bytes */
		n = rpmgen_rand(&seed) % 80;
		for (pos = 0; pos < 2 * n; pos++)
			s[pos] = rpmgen_rand(&seed) % 200 ?
				digits[rpmgen_rand(&seed) % NDIGITS] :
				(unsigned char)(rpmgen_rand(&seed) % 256);
		if (!agree(s, n))
			bad++;
	}
	ok(bad == 0, "200000 random strings agree with the reference");
	return tap_done();
}
