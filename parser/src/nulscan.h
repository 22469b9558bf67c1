/* SPDX-License-Identifier: GPL-2.0-only */
/* Find the end of the n-th NUL-terminated string in a buffer, fast. */
#ifndef DIGLIM_NULSCAN_H
#define DIGLIM_NULSCAN_H

#include <stddef.h>
#include <stdint.h>

/*
 * Length of the first @count NUL-terminated strings at @p, NULs included,
 * reading no byte at or after @p + @n. Returns 0 when there are fewer
 * than @count NULs in those @n bytes (or @count is 0).
 */
size_t nul_scan(const uint8_t *p, size_t n, uint32_t count);

#endif
