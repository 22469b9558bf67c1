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
 * The newest of a primary key's self-signatures, or of a subkey's
 * bindings, seen so far (parser/tools/README.md R3, R4): the one with
 * the newest creation time counts; on a tie, or when either has no
 * creation time, the later one in the data.
 */
struct newest {
	bool any, has_created;
	uint32_t created;
};

/* Whether @sig, later in the data, replaces @n's; if so, it is @n's now. */
static bool newest_take(struct newest *n, const struct pgp_sig *sig)
{
	if (n->any && n->has_created && sig->has_created && sig->created < n->created)
		return false;
	n->any = true;
	n->has_created = sig->has_created;
	n->created = sig->created;
	return true;
}

/* Where keyring_parse() is in one transferable public key. */
struct tkey {
	size_t primary;		/* the primary key's index; NO_KEY: not kept */
	size_t sub;		/* the subkey signatures follow; NO_KEY: none */
	bool subkeys;		/* past the first subkey: the primary's part is over */
	const uint8_t *uid;	/* the user ID packet signatures follow, or NULL */
	size_t uid_len;
	struct newest self;	/* the primary key's counting self-signature */
	struct newest bind;	/* the current subkey's counting binding */
};

/* The expiry that @sig's key expiration time gives a key made at @created. */
static uint64_t sig_key_expiry(const struct pgp_sig *sig, uint32_t created)
{
	return sig->key_expires ? (uint64_t)created + sig->key_expires : 0;
}

/*
 * A signature in the primary key's part, before its first subkey: a key
 * revocation (R1) or a self-signature, certification after a user ID or
 * direct-key (R3). Others (certifications by other keys, after a user
 * attribute or before any user ID) do not count.
 */
static void primary_sig(struct keyring *kr, struct tkey *t, const struct pgp_sig *sig)
{
	struct pgp_key *p = &kr->keys[t->primary];
	struct sigverify_subject subj = { .primary = p };

	switch (sig->sig_type) {
	case PGP_SIG_KEY_REVOCATION:
		if (!p->revoked && !sigverify_key_sig(&subj, sig))
			p->revoked = true;
		return;
	case PGP_SIG_DIRECT_KEY:
		break;
	default:
		if (sig->sig_type < PGP_SIG_CERT_GENERIC ||
		    sig->sig_type > PGP_SIG_CERT_POSITIVE || !t->uid)
			return;
		subj.uid = t->uid;
		subj.uid_len = t->uid_len;
		break;
	}
	if (!sigverify_key_sig(&subj, sig) && newest_take(&t->self, sig)) {
		p->expires = sig_key_expiry(sig, p->created);
		/* R6 (kernel patch 0058): its hashed key flags, if any. */
		p->no_sign = sig->has_key_flags &&
			     (!sig->key_flags_len || !(sig->key_flags & PGP_KEY_FLAG_SIGN));
	}
}

/*
 * A signature after subkey t->sub: a subkey revocation (R2) or a binding
 * signature. Of the bindings that are made by the primary key and verify
 * with it (sigverify_binding_sig()), the newest decides (R4, kernel patch
 * 0058): the subkey is bound for signing when its key flags allow signing
 * and its back-signature is good (sigverify_binding_use()), and it gives
 * the subkey's expiry. An older binding that would bind does not count.
 * While no binding verifies, the last one's failure is kept.
 */
static void subkey_sig(struct keyring *kr, struct tkey *t, const struct pgp_sig *sig)
{
	const struct pgp_key *p = &kr->keys[t->primary];
	struct pgp_key *k = &kr->keys[t->sub];
	const char *why;

	if (sig->sig_type == PGP_SIG_SUBKEY_REVOCATION) {
		const struct sigverify_subject subj = { .primary = p, .subkey = k };

		if (!k->revoked && !sigverify_key_sig(&subj, sig))
			k->revoked = true;
		return;
	}
	if (sig->sig_type != PGP_SIG_SUBKEY_BINDING)
		return;
	why = sigverify_binding_sig(p, k, sig);
	if (why) {
		if (!t->bind.any)
			k->unbound = why;
		return;
	}
	if (newest_take(&t->bind, sig)) {
		k->unbound = sigverify_binding_use(p, k, sig);
		k->expires = sig_key_expiry(sig, k->created);
	}
}

/* A signature packet; packets that do not parse count for nothing. */
static void sig_packet(struct keyring *kr, struct tkey *t, const struct pgp_packet *pkt)
{
	struct pgp_sig sig;
	const char *why;

	if (t->primary == NO_KEY || (t->subkeys && t->sub == NO_KEY))
		return;
	if (pgp_sig_parse(pkt->body, pkt->body_len, &sig, &why))
		return;
	if (t->subkeys)
		subkey_sig(kr, t, &sig);
	else
		primary_sig(kr, t, &sig);
}

/*
 * The end of a transferable key: its subkeys are revoked with the primary
 * key (R1) and expire no later than it (R4).
 */
static void tkey_end(struct keyring *kr, const struct tkey *t)
{
	const struct pgp_key *p;
	size_t i;

	if (t->primary == NO_KEY)
		return;
	p = &kr->keys[t->primary];
	for (i = t->primary + 1; i < kr->nkeys; i++) {
		struct pgp_key *k = &kr->keys[i];

		k->revoked |= p->revoked;
		if (p->expires && (!k->expires || p->expires < k->expires))
			k->expires = p->expires;
	}
}

int keyring_parse(struct keyring *kr, uint8_t *buf, size_t len,
		  const char **why)
{
	static const struct tkey none = { .primary = NO_KEY, .sub = NO_KEY };
	struct tkey t = none;
	size_t pos = 0, cap = 0;
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
			tkey_end(kr, &t);
			t = none;
			have_primary = true;
			break;
		case PGP_TAG_PUBLIC_SUBKEY:
			if (!have_primary)
				FAIL(-EBADMSG, "subkey before any primary key");
			t.subkeys = true;
			t.sub = NO_KEY;
			t.uid = NULL;
			t.bind = none.bind;
			break;
		case PGP_TAG_USER_ID:
			t.uid = pkt.body;
			t.uid_len = pkt.body_len;
			continue;
		case PGP_TAG_USER_ATTRIBUTE:
			t.uid = NULL;
			continue;
		case PGP_TAG_SIGNATURE:
			sig_packet(kr, &t, &pkt);
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
			t.primary = kr->nkeys;
		} else if (t.primary == NO_KEY) {
			key->unbound = "its primary key is not a v4 key";
		} else {
			key->unbound = sigverify_binding_keys(&kr->keys[t.primary], key);
			if (!key->unbound)
				/* Until a binding signature binds it. */
				key->unbound = "no binding signature by its primary key";
			t.sub = kr->nkeys;
		}
		kr->nkeys++;
	}
	tkey_end(kr, &t);
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
