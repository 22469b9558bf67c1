/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A binary OpenPGP keyring (gpg --export output, several keys allowed):
 * the v4 public keys and subkeys in it, with fingerprints and RSA
 * parameters. Each subkey's binding signatures (the signature packets
 * after it) are checked as the kernel checks them, the newest one that
 * verifies deciding, and a subkey that is not bound to its primary key
 * for signing is marked unusable. Key revocations, key expiry and the
 * primary key's key flags are read from the key's own signatures by
 * parser/tools/README.md (R1-R4, R6): a primary key's revocation (0x20) and
 * self-signatures (certifications 0x10..0x13 after a user ID, direct-key
 * 0x1F) before its first subkey, a subkey's revocation (0x28) and
 * bindings after it. Other packets (user attributes, trust) and other
 * signatures are skipped; secret key packets make the keyring invalid.
 */
#ifndef DIGLIM_TOOLS_KEYRING_H
#define DIGLIM_TOOLS_KEYRING_H

#include "pgp.h"

#include <stddef.h>
#include <stdint.h>

/* Most keys in one keyring file. */
#define KEYRING_MAX_KEYS 4096

struct pgp_key {
	unsigned int algo;		/* PGP_PK_* */
	uint32_t created;
	bool subkey;
	uint8_t fpr[PGP_FPR_V4_LEN];
	/* RSA only (the pointers are into keyring.data). */
	const uint8_t *n, *e;
	size_t n_len, e_len;
	unsigned int n_bits;
	/* The key packet's body (in keyring.data): what bindings hash. */
	const uint8_t *body;
	size_t body_len;
	/*
	 * A subkey not bound to its primary key for signing, as the kernel
	 * checks it (the newest binding that passes sigverify_binding_sig()
	 * decides, by sigverify_binding_use()): why not (a static string).
	 * NULL for a bound subkey and for primary keys. Unbound subkeys are
	 * kept, so that a signature by one is named, but never verify.
	 */
	const char *unbound;
	/*
	 * A primary key whose newest usable self-signature (the one that
	 * gives its expiry) has hashed key flags without 0x02 (sign data), or
	 * empty ones: it certifies, but verifies no data signature (R6,
	 * kernel patch 0058). No key flags: no restriction. Always false
	 * for subkeys: their key flags are their binding's (unbound).
	 */
	bool no_sign;
	/*
	 * Revoked by a key revocation (0x20) of its primary key, or for a
	 * subkey also by a subkey revocation (0x28), that passes the checks
	 * with the primary key (sigverify_key_sig()). Every revocation is
	 * hard: nothing this key signed verifies.
	 */
	bool revoked;
	/*
	 * When it expires, in seconds since the epoch; 0: never. From the key
	 * expiration time of the newest usable self-signature (primary key)
	 * or binding (subkey), after the key's creation time; a subkey's is
	 * the earlier of its own and its primary key's.
	 */
	uint64_t expires;
};

struct keyring {
	uint8_t *data;			/* the file, owned */
	size_t len;
	struct pgp_key *keys;		/* owned */
	size_t nkeys;
	size_t skipped;			/* keys not v4 */
};

/* A key's 64-bit key ID: the last 8 bytes of its fingerprint. */
static inline const uint8_t *pgp_key_id(const struct pgp_key *k)
{
	return k->fpr + PGP_FPR_V4_LEN - PGP_KEYID_LEN;
}

/* Whether @k has expired at @now (seconds since the epoch). */
static inline bool pgp_key_expired(const struct pgp_key *k, uint64_t now)
{
	return k->expires && now >= k->expires;
}

/*
 * Parse the keyring in @buf; takes ownership of @buf (malloc'ed) in every
 * case. Returns 0, -EBADMSG / -EOPNOTSUPP with *why, or -ENOMEM.
 * A keyring with no usable key is -ENOKEY.
 */
int keyring_parse(struct keyring *kr, uint8_t *buf, size_t len,
		  const char **why);

/* Read and parse the file @path; errors as keyring_parse or -errno. */
int keyring_load(struct keyring *kr, const char *path, const char **why);

void keyring_free(struct keyring *kr);

/*
 * The @idx-th key (from 0) matching the signature's issuer: by full v4
 * fingerprint when the signature has one, else by full 64-bit key ID.
 * NULL when there is none.
 */
const struct pgp_key *keyring_find(const struct keyring *kr,
				   const struct pgp_sig *sig, size_t idx);

#endif
