/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Check an OpenPGP signature packet over some data with a keyring, by the
 * kernel's rules: v4 binary-document signature; hash SHA-224/256/384/512
 * (SHA-1, MD5 and others refused); key found by issuer fingerprint or key
 * ID, compared in full; RSA EMSA-PKCS1-v1_5 with a modulus the kernel
 * accepts; digest over data || hashed part || 04 FF be32(hashed length).
 */
#ifndef DIGLIM_TOOLS_SIGVERIFY_H
#define DIGLIM_TOOLS_SIGVERIFY_H

#include "keyring.h"
#include "pgp.h"

#include <stddef.h>
#include <stdint.h>

enum sigverify_result {
	SIG_OK = 0,
	SIG_MALFORMED,		/* the packet does not parse */
	SIG_UNSUPPORTED,	/* version, type, hash or key algorithm */
	SIG_NO_KEY,		/* no key in the keyring for the issuer */
	SIG_BAD,		/* cryptographically wrong */
	SIG_ERROR,		/* libgcrypt failed (not the input's fault) */
};

/*
 * Verify the signature packet @sig_pkt (exactly one packet) over @data.
 * On return, *why explains any result but SIG_OK, *key names the key
 * used (or NULL) and @parsed (when not NULL) holds the parsed packet.
 */
enum sigverify_result sigverify(const struct keyring *kr,
				const uint8_t *data, size_t data_len,
				const uint8_t *sig_pkt, size_t sig_len,
				struct pgp_sig *parsed,
				const struct pgp_key **key, const char **why);

#endif
