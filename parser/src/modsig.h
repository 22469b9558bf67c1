/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Appended signatures, the kernel's module-signature layout with an
 * OpenPGP packet: body | packet | struct module_signature | marker.
 */
#ifndef DIGLIM_MODSIG_H
#define DIGLIM_MODSIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MODSIG_MARKER		"~Module signature appended~\n"
#define MODSIG_MARKER_LEN	28
#define MODSIG_INFO_LEN		12	/* struct module_signature */
#define MODSIG_TRAILER_LEN	(MODSIG_INFO_LEN + MODSIG_MARKER_LEN)
#define MODSIG_PKEY_ID_PGP	0

struct modsig {
	size_t body_len;	/* bytes before the signature packet */
	const uint8_t *sig;	/* the packet, NULL when unsigned */
	size_t sig_len;
};

/*
 * Split @buf into body and signature. A buffer that does not end with the
 * marker is unsigned (body_len = len). Returns 0, or -EBADMSG with *why
 * set when a trailer is present but malformed.
 */
int modsig_split(const uint8_t *buf, size_t len, struct modsig *out,
		 const char **why);

/* Write the 40-byte trailer for a @sig_len byte packet into @out. */
void modsig_trailer(uint8_t out[MODSIG_TRAILER_LEN], uint32_t sig_len);

#endif
