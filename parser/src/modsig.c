// SPDX-License-Identifier: GPL-2.0-only
/* Appended signatures: split a file into body and OpenPGP packet. */
#include "modsig.h"

#include <errno.h>
#include <string.h>

/* the marker without its C string NUL */
static const char marker[MODSIG_MARKER_LEN] = MODSIG_MARKER;

int modsig_split(const uint8_t *buf, size_t len, struct modsig *out,
		 const char **why)
{
	const uint8_t *info;
	uint32_t sig_len;
	size_t i;

	out->body_len = len;
	out->sig = NULL;
	out->sig_len = 0;
	if (len < MODSIG_MARKER_LEN ||
	    memcmp(buf + len - MODSIG_MARKER_LEN, marker, MODSIG_MARKER_LEN) != 0)
		return 0;
	if (len < MODSIG_TRAILER_LEN) {
		*why = "signature marker without struct module_signature";
		return -EBADMSG;
	}
	info = buf + len - MODSIG_TRAILER_LEN;
	for (i = 0; i < 8; i++) {
		if (info[i] != 0) {
			*why = i == 2 ? "appended signature is not OpenPGP (id_type != 0)"
				      : "struct module_signature has non-zero fields";
			return -EBADMSG;
		}
	}
	sig_len = (uint32_t)info[8] << 24 | (uint32_t)info[9] << 16 |
		  (uint32_t)info[10] << 8 | info[11];
	if (sig_len == 0 || sig_len > len - MODSIG_TRAILER_LEN) {
		*why = "appended signature length out of bounds";
		return -EBADMSG;
	}
	out->body_len = len - MODSIG_TRAILER_LEN - sig_len;
	out->sig = buf + out->body_len;
	out->sig_len = sig_len;
	return 0;
}

void modsig_trailer(uint8_t out[MODSIG_TRAILER_LEN], uint32_t sig_len)
{
	size_t i;

	memset(out, 0, MODSIG_INFO_LEN);
	out[8] = (uint8_t)(sig_len >> 24);
	out[9] = (uint8_t)(sig_len >> 16);
	out[10] = (uint8_t)(sig_len >> 8);
	out[11] = (uint8_t)sig_len;
	for (i = 0; i < MODSIG_MARKER_LEN; i++)
		out[MODSIG_INFO_LEN + i] = (uint8_t)marker[i];
}
