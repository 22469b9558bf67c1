// SPDX-License-Identifier: GPL-2.0-only
/*
 * Find the end of the n-th NUL-terminated string in a buffer, fast: the
 * header reader checks every string of every entry, tens of megabytes at
 * boot, and musl's memchr() goes a word at a time.
 */
#include "nulscan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
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
		unsigned int m;

		for (; i + 16 <= n; i += 16) {
			m = (unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(
				_mm_loadu_si128((const __m128i *)(const void *)(p + i)), zero));
			/* one bit per NUL, usually few: walk them */
			for (; m; m &= m - 1)
				if (--left == 0)
					return i + (size_t)__builtin_ctz(m) + 1;
		}
	}
#endif
	return scan_bytes(p, i, n, &left);
}
