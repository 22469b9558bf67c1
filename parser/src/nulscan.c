// SPDX-License-Identifier: GPL-2.0-only
/*
 * Find the end of the n-th NUL-terminated string in a buffer, fast: the
 * header reader checks every string of every entry, tens of megabytes at
 * boot, and musl's memchr() goes a word at a time. With SSE2, 64 bytes
 * are tested at once, and their NULs counted from one 64-bit mask.
 */
#include "nulscan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__SSE2__)
/* One bit per NUL of the 16 bytes in @v. */
static inline uint32_t mask16(__m128i v, __m128i zero)
{
	return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
}
#endif

static size_t scan_bytes(const uint8_t *p, size_t i, size_t n, uint32_t *left)
{
	for (; i < n; i++) {
		if (p[i] == 0 && --*left == 0)
			return i + 1;
	}
	return 0;
}

size_t nul_scan(const uint8_t *p, size_t n, uint32_t count)
{
	uint32_t left = count;
	size_t i = 0;

	if (count == 0)
		return 0;
#if defined(__SSE2__)
	{
		const __m128i zero = _mm_setzero_si128();
		__m128i a, b, c, d;
		uint64_t m;

		for (; i + 64 <= n; i += 64) {
			a = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
			b = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 16));
			c = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 32));
			d = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 48));
			/* long text without NUL (changelogs): one test per 64 bytes */
			if (!_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(
				_mm_min_epu8(a, b), _mm_min_epu8(c, d)), zero)))
				continue;
			m = (uint64_t)mask16(a, zero) |
			    (uint64_t)mask16(b, zero) << 16 |
			    (uint64_t)mask16(c, zero) << 32 |
			    (uint64_t)mask16(d, zero) << 48;
			/* one bit per NUL: walk them */
			for (; m; m &= m - 1)
				if (--left == 0)
					return i + (size_t)__builtin_ctzll(m) + 1;
		}
		for (; i + 16 <= n; i += 16) {
			m = mask16(_mm_loadu_si128((const __m128i *)(const void *)(p + i)), zero);
			for (; m; m &= m - 1)
				if (--left == 0)
					return i + (size_t)__builtin_ctzll(m) + 1;
		}
	}
#endif
	return scan_bytes(p, i, n, &left);
}
