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

/*
 * Whether @subkey can be bound to @primary at all, as the kernel (patch
 * 0054) checks before it looks at signatures: the subkey is an RSA signing
 * key, and both are RSA-2048, -3072 or -4096 (the sizes its key parser
 * makes keys of). NULL, or why not.
 */
const char *sigverify_binding_keys(const struct pgp_key *primary,
				   const struct pgp_key *subkey);

/*
 * Check the subkey binding signature @sig (parsed, type 0x18) that follows
 * @subkey in a keyring, by the kernel's rules (RFC 4880 5.2.1, 5.2.4): made
 * by @primary with RSA and SHA-224..SHA-512, not expired, verifying over
 * 0x99 be16(len) primary body || 0x99 be16(len) subkey body || hashed part
 * || 04 FF be32(hashed length); hashed key flags, if any, allow signing
 * (0x02); and its embedded signature (subpacket 32, hashed area first) is a
 * primary key binding signature (0x19) by @subkey over the same bytes that
 * passes the same checks with @subkey. The keys need body/body_len.
 * Returns NULL when the subkey is bound for signing, else the reason.
 */
const char *sigverify_binding(const struct pgp_key *primary,
			      const struct pgp_key *subkey,
			      const struct pgp_sig *sig);

#endif
