/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test fixtures made at run time with libgcrypt: RSA keys as OpenPGP v4
 * key packets, and v4 signature packets over data, with knobs to make
 * them wrong in one chosen way.
 */
#ifndef DIGLIM_TOOLS_TEST_PGPGEN_H
#define DIGLIM_TOOLS_TEST_PGPGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gcrypt.h>

#include "keyring.h"

struct gen_key {
	gcry_sexp_t skey;
	uint8_t body[1100];	/* v4 public key packet body */
	size_t body_len;
	uint8_t fpr[20];
};

/* A growable byte buffer. */
struct buf {
	uint8_t *p;
	size_t len, cap;
};

void buf_add(struct buf *b, const void *p, size_t n);
void buf_byte(struct buf *b, uint8_t c);
void buf_free(struct buf *b);

/* keyring_parse() of a copy of @p (keyring_parse takes ownership). */
int parse_copy(struct keyring *kr, const uint8_t *p, size_t len, const char **why);

/* Make an RSA key of @bits bits; aborts on failure (a test bug). */
void gen_key(struct gen_key *k, unsigned int bits, uint32_t created);
void gen_key_free(struct gen_key *k);

/* Append the key as a packet: tag 6 (primary) or 14 (subkey). */
void gen_key_packet(struct buf *b, const struct gen_key *k, unsigned int tag);

/* Append a packet with tag @tag and body @body (new format header). */
void gen_packet(struct buf *b, unsigned int tag, const uint8_t *body, size_t len);

struct sig_opts {
	unsigned int version;	/* 4 */
	unsigned int sig_type;	/* 0x00 */
	unsigned int pk_algo;	/* 1 (RSA) */
	unsigned int hash_algo;	/* PGP_HASH_* (8 = SHA256) */
	bool no_fpr;		/* omit the issuer fingerprint (hashed) */
	bool no_keyid;		/* omit the issuer key ID (unhashed) */
	bool critical_unknown;	/* add a critical subpacket of type 99 */
	bool bad_left16;	/* corrupt the 16-bit hash prefix */
	const uint8_t *sign_other;	/* sign these bytes instead of data */
	size_t sign_other_len;
	const uint8_t *extra_hashed;	/* more hashed subpackets (encoded) */
	size_t extra_hashed_len;
	const uint8_t *extra_unhashed;	/* more unhashed subpackets (encoded) */
	size_t extra_unhashed_len;
	uint32_t expires;		/* signature expiration (3), 0: none */
	uint32_t created;		/* creation time (2), 0: 1700000000 */
	bool no_created;		/* omit the creation time */
};

/* Default options: a v4 RSA binary signature with SHA-256. */
struct sig_opts sig_opts_default(void);

/* Append a signature packet by @k over @data to @b. */
void gen_sig(struct buf *b, const struct gen_key *k, const uint8_t *data,
	     size_t len, const struct sig_opts *o);

/* Append one encoded subpacket of type @type with @len bytes of data. */
void gen_subpacket(struct buf *b, unsigned int type, const void *data, size_t len);

/* Append a subpacket of type @type holding be32(@v) (times, 4 bytes). */
void gen_subpacket_be32(struct buf *b, unsigned int type, uint32_t v);

/*
 * Append a signature packet by @signer over key material (RFC 4880
 * 5.2.4): 0x99 be16(len) @primary, then 0xb4 be32(len) @uid when not
 * NULL (a certification), or else 0x99 be16(len) @sub when not NULL (a
 * subkey binding or revocation). Type and times come from @o.
 */
void gen_key_sig(struct buf *b, const struct gen_key *signer,
		 const struct gen_key *primary, const char *uid,
		 const struct gen_key *sub, const struct sig_opts *o);

struct bind_opts {
	unsigned int hash_algo;		/* of both signatures (8 = SHA256) */
	int key_flags;			/* hashed key flags, -1: none (0x02) */
	bool no_back;			/* no embedded back-signature */
	bool back_unhashed;		/* the back-signature in the unhashed area */
	bool flip_back;			/* flip a bit of the back-signature value */
	bool flip_bind;			/* flip a bit of the binding signature value */
	bool back_by_primary;		/* the back-signature made by the primary */
	unsigned int back_type;		/* 0x19 */
	uint32_t expires;		/* binding signature expiration, 0: none */
	uint32_t created;		/* binding signature creation, 0: 1700000000 */
	const uint8_t *extra_hashed;	/* more hashed subpackets of the binding */
	size_t extra_hashed_len;
};

struct bind_opts bind_opts_default(void);

/*
 * Append a subkey binding signature packet (0x18) by @primary over
 * @primary and @sub, with a back-signature (0x19) by @sub, per @o.
 */
void gen_binding(struct buf *b, const struct gen_key *primary,
		 const struct gen_key *sub, const struct bind_opts *o);

#endif
