// SPDX-License-Identifier: GPL-2.0-only
/* Binary OpenPGP keyring: v4 public keys and subkeys, fingerprints. */
#include "keyring.h"
#include "bytes.h"
#include "sigverify.h"
#include "util.h"

#include <errno.h>
#include <gcrypt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(err, msg) do { *why = (msg); return (err); } while (0)

/* v4 fingerprint: SHA-1 over 0x99 || be16(len) || body. */
static void key_fingerprint(const uint8_t *body, size_t len,
			    uint8_t fpr[PGP_FPR_V4_LEN])
{
	uint8_t hdr[3] = { 0x99, (uint8_t)(len >> 8), (uint8_t)len };
	gcry_buffer_t iov[2] = {
		{ .size = sizeof(hdr), .len = sizeof(hdr), .data = hdr },
		{ .size = len, .len = len, .data = (void *)body },
	};

	gcry_md_hash_buffers(GCRY_MD_SHA1, 0, fpr, iov, 2);
}

/* Parse a public (sub)key body; 1 when skipped (not v4), 0 when kept. */
static int key_parse(const uint8_t *body, size_t len, struct pgp_key *key,
		     const char **why)
{
	size_t pos = 6;
	int ret;

	memset(key, 0, sizeof(*key));
	key->body = body;
	key->body_len = len;
	if (len < 1)
		FAIL(-EBADMSG, "empty public key packet");
	if (body[0] != 4)
		return 1;
	if (len > 0xffff)
		FAIL(-EBADMSG, "v4 public key packet longer than 65535 bytes");
	if (len < 6)
		FAIL(-EBADMSG, "truncated public key packet");
	key->created = get_be32(body + 1);
	key->algo = body[5];
	key_fingerprint(body, len, key->fpr);
	switch (key->algo) {
	case PGP_PK_RSA:
	case PGP_PK_RSA_E:
	case PGP_PK_RSA_S:
		ret = pgp_mpi_read(body, len, &pos, &key->n, &key->n_len,
				   &key->n_bits, why);
		if (ret)
			return ret;
		ret = pgp_mpi_read(body, len, &pos, &key->e, &key->e_len,
				   &(unsigned int){ 0 }, why);
		if (ret)
			return ret;
		if (pos != len)
			FAIL(-EBADMSG, "data after the RSA public key");
		break;
	default:
		/* Kept (so a signature by it is named), but not usable. */
		break;
	}
	return 0;
}

#define NO_KEY SIZE_MAX

/*
 * A signature packet after subkey @sub (of primary key @primary): if it is
 * a subkey binding signature, check it. As in the kernel, the first one
 * that binds the subkey wins; otherwise the last one's failure is kept;
 * packets that do not parse are not binding signatures.
 */
static void binding_packet(struct keyring *kr, size_t primary, size_t sub,
			   const struct pgp_packet *pkt)
{
	struct pgp_key *k = &kr->keys[sub];
	struct pgp_sig sig;
	const char *why;

	if (!k->unbound)
		return;		/* bound already */
	if (pgp_sig_parse(pkt->body, pkt->body_len, &sig, &why) ||
	    sig.sig_type != PGP_SIG_SUBKEY_BINDING)
		return;
	k->unbound = sigverify_binding(&kr->keys[primary], k, &sig);
}

int keyring_parse(struct keyring *kr, uint8_t *buf, size_t len,
		  const char **why)
{
	size_t pos = 0, cap = 0, primary = NO_KEY, sub = NO_KEY;
	bool have_primary = false;
	int ret;

	memset(kr, 0, sizeof(*kr));
	kr->data = buf;
	kr->len = len;
	if (len == 0) {
		*why = "empty keyring";
		return -ENOKEY;
	}
	while (pos < len) {
		struct pgp_packet pkt;
		struct pgp_key *key;

		ret = pgp_packet_read(buf + pos, len - pos, &pkt, why);
		if (ret)
			return ret;
		pos += pkt.total_len;
		switch (pkt.tag) {
		case PGP_TAG_SECRET_KEY:
		case PGP_TAG_SECRET_SUBKEY:
			FAIL(-EBADMSG, "keyring holds secret key material");
		case PGP_TAG_PUBLIC_KEY:
			have_primary = true;
			primary = NO_KEY;
			sub = NO_KEY;
			break;
		case PGP_TAG_PUBLIC_SUBKEY:
			if (!have_primary)
				FAIL(-EBADMSG, "subkey before any primary key");
			sub = NO_KEY;
			break;
		case PGP_TAG_SIGNATURE:
			if (sub != NO_KEY)
				binding_packet(kr, primary, sub, &pkt);
			continue;
		default:
			continue;
		}
		if (kr->nkeys == cap) {
			struct pgp_key *n;

			if (cap == KEYRING_MAX_KEYS)
				FAIL(-EBADMSG, "too many keys in the keyring");
			cap = cap ? cap * 2 : 8;
			n = realloc(kr->keys, cap * sizeof(*n));
			if (!n)
				return -ENOMEM;
			kr->keys = n;
		}
		key = &kr->keys[kr->nkeys];
		ret = key_parse(pkt.body, pkt.body_len, key, why);
		if (ret < 0)
			return ret;
		if (ret > 0) {
			kr->skipped++;
			continue;
		}
		key->subkey = pkt.tag == PGP_TAG_PUBLIC_SUBKEY;
		if (!key->subkey) {
			primary = kr->nkeys;
		} else if (primary == NO_KEY) {
			key->unbound = "its primary key is not a v4 key";
		} else {
			key->unbound = sigverify_binding_keys(&kr->keys[primary], key);
			if (!key->unbound) {
				/* Until a binding signature verifies. */
				key->unbound = "no binding signature by its primary key";
				sub = kr->nkeys;
			}
		}
		kr->nkeys++;
	}
	if (kr->nkeys == 0) {
		*why = "no v4 public key in the keyring";
		return -ENOKEY;
	}
	return 0;
}

int keyring_load(struct keyring *kr, const char *path, const char **why)
{
	uint8_t *buf;
	size_t len;
	int ret;

	memset(kr, 0, sizeof(*kr));
	ret = read_whole_file(path, TOOL_FILE_MAX, &buf, &len);
	if (ret)
		return ret;
	return keyring_parse(kr, buf, len, why);
}

void keyring_free(struct keyring *kr)
{
	free(kr->keys);
	free(kr->data);
	memset(kr, 0, sizeof(*kr));
}

const struct pgp_key *keyring_find(const struct keyring *kr,
				   const struct pgp_sig *sig, size_t idx)
{
	size_t i;

	for (i = 0; i < kr->nkeys; i++) {
		const struct pgp_key *k = &kr->keys[i];
		bool match;

		if (sig->has_fpr)
			match = !memcmp(k->fpr, sig->fpr, PGP_FPR_V4_LEN);
		else if (sig->has_keyid)
			match = !memcmp(pgp_key_id(k), sig->keyid, PGP_KEYID_LEN);
		else
			match = false;
		if (match && idx-- == 0)
			return k;
	}
	return NULL;
}
