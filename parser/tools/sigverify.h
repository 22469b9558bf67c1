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
 * A key that matches the issuer but is an unbound subkey, or revoked
 * (both SIG_NO_KEY: the kernel makes no key of it), or expired (SIG_BAD:
 * the kernel's key refuses with EKEYEXPIRED), or a primary key whose key
 * flags do not allow signing (SIG_BAD: the kernel's key refuses with
 * EKEYREJECTED, kernel patch 0058) does not verify, with that reason, in
 * that order (parser/tools/README.md R5, R6).
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
 * The key material a key signature is made over (RFC 4880 5.2.4):
 * 0x99 be16(len) primary body, then for a certification 0xb4 be32(len)
 * user ID (@uid, the user ID packet's body), or for a subkey binding or
 * revocation 0x99 be16(len) subkey body. At most one of @uid and @subkey.
 */
struct sigverify_subject {
	const struct pgp_key *primary;
	const uint8_t *uid;
	size_t uid_len;
	const struct pgp_key *subkey;
};

/*
 * Check @sig (parsed), a signature by @subj->primary over @subj, as
 * parser/tools/README.md says a signature "passes the checks" (the
 * same checks as a binding's): its type fits the subject (over the
 * primary alone: a key revocation 0x20 or a direct-key signature 0x1F;
 * with a user ID: a certification 0x10..0x13; with a subkey: a subkey
 * revocation 0x28); RSA with SHA-224..SHA-512; issuer fingerprint and key
 * ID, when present, the primary's; not expired; quick-check bytes and RSA
 * value good with the primary key, which must be RSA-2048, -3072 or
 * -4096. A self-signature (0x10..0x13, 0x1F) whose hashed key expiration
 * time is not 4 bytes is unusable too. Returns NULL when it passes, else
 * the reason.
 */
const char *sigverify_key_sig(const struct sigverify_subject *subj,
			      const struct pgp_sig *sig);

/*
 * Check the subkey binding signature @sig (parsed) that follows @subkey in
 * a keyring, by the kernel's rules (RFC 4880 5.2.1, 5.2.4), in two steps.
 *
 * sigverify_binding_sig(): whether it is a binding that counts at all: the
 * keys pass sigverify_binding_keys(); type 0x18; made by @primary with RSA
 * and SHA-224..SHA-512, not expired, verifying over 0x99 be16(len) primary
 * body || 0x99 be16(len) subkey body || hashed part || 04 FF be32(hashed
 * length); its hashed key expiration time, if any, 4 bytes long. Of the
 * bindings that pass, the newest decides (parser/tools/README.md R4).
 *
 * sigverify_binding_use(): whether that binding, which passed the first
 * step, binds the subkey for signing: the keys pass
 * sigverify_binding_keys(); its hashed key flags, if any, allow
 * signing (0x02); and its embedded signature (subpacket 32, hashed area
 * first) is a primary key binding signature (0x19) by @subkey over the
 * same bytes that passes the same checks with @subkey.
 *
 * The keys need body/body_len. Each returns NULL when the step passes,
 * else the reason.
 */
const char *sigverify_binding_sig(const struct pgp_key *primary,
				  const struct pgp_key *subkey,
				  const struct pgp_sig *sig);
const char *sigverify_binding_use(const struct pgp_key *primary,
				  const struct pgp_key *subkey,
				  const struct pgp_sig *sig);

#endif
