/* SPDX-License-Identifier: GPL-2.0-only */
/* Hex string -> bytes, checked, 16 characters at a time where possible. */
#ifndef DIGLIM_HEX_H
#define DIGLIM_HEX_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decode the 2 * @n hex digits at @s (0-9, a-f, A-F) into @n bytes at
 * @out, reading no byte at or after @s + 2 * @n. Returns 0, or -EINVAL
 * when any of those characters is not a hex digit (@out is then
 * partly written).
 */
int hex_decode(uint8_t *out, const char *s, size_t n);

/* The same, one byte at a time: the portable path, and the reference. */
int hex_decode_bytes(uint8_t *out, const char *s, size_t n);

#endif
