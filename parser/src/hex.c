// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hex string -> bytes, checked. The parser decodes every file digest of
 * every header at boot (6.5 MB of hex in the Fedora-33-shaped benchmark
 * set), so with SSE2 (baseline on x86_64) 32 characters are checked and
 * decoded per step; other architectures use the byte table.
 */
#include "hex.h"

#include <errno.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* hex digit value + 1, 0: not a hex digit */
static const uint8_t hexval[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

int hex_decode_bytes(uint8_t *out, const char *s, size_t n)
{
	unsigned int hi, lo;
	size_t i;

	for (i = 0; i < n; i++) {
		hi = hexval[(unsigned char)s[2 * i]];
		lo = hexval[(unsigned char)s[2 * i + 1]];
		if (!hi || !lo)
			return -EINVAL;
		out[i] = (uint8_t)((hi - 1) << 4 | (lo - 1));
	}
	return 0;
}

#if defined(__SSE2__)
/*
 * 16 characters -> 8 values in the low byte of each 16-bit lane, and in
 * *bad the lanes' bytes that are not hex digits. Signed byte compares:
 * bytes >= 0x80 are negative and fail both range checks.
 */
static inline __attribute__((always_inline)) __m128i decode16(__m128i v, __m128i *bad)
{
	const __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
	const __m128i digit = _mm_and_si128(
		_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
		_mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
	/* only 'A'-'F' and 'a'-'f' are in 'a'..'f' once 0x20 is set */
	const __m128i alpha = _mm_and_si128(
		_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)),
		_mm_cmplt_epi8(lower, _mm_set1_epi8('f' + 1)));
	/* '0'-'9': low nibble; 'a'-'f', 'A'-'F': low nibble (1-6) + 9 */
	const __m128i val = _mm_add_epi8(
		_mm_and_si128(v, _mm_set1_epi8(0x0f)),
		_mm_and_si128(alpha, _mm_set1_epi8(9)));

	*bad = _mm_or_si128(*bad, _mm_andnot_si128(_mm_or_si128(digit, alpha),
						   _mm_set1_epi8(-1)));
	/* lane = hi | lo << 8 -> hi << 4 | lo */
	return _mm_or_si128(
		_mm_slli_epi16(_mm_and_si128(val, _mm_set1_epi16(0x00ff)), 4),
		_mm_srli_epi16(val, 8));
}

int hex_decode(uint8_t *out, const char *s, size_t n)
{
	__m128i bad = _mm_setzero_si128(), a, b;
	size_t i = 0;

	for (; i + 16 <= n; i += 16) {
		a = decode16(_mm_loadu_si128((const __m128i *)(const void *)(s + 2 * i)), &bad);
		b = decode16(_mm_loadu_si128((const __m128i *)(const void *)(s + 2 * i + 16)), &bad);
		_mm_storeu_si128((__m128i *)(void *)(out + i), _mm_packus_epi16(a, b));
	}
	for (; i + 8 <= n; i += 8) {
		a = decode16(_mm_loadu_si128((const __m128i *)(const void *)(s + 2 * i)), &bad);
		_mm_storel_epi64((__m128i *)(void *)(out + i), _mm_packus_epi16(a, a));
	}
	if (_mm_movemask_epi8(bad))
		return -EINVAL;
	return hex_decode_bytes(out + i, s + 2 * i, n - i);
}
#else
int hex_decode(uint8_t *out, const char *s, size_t n)
{
	return hex_decode_bytes(out, s, n);
}
#endif
