/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * OpenPGP packet reader (RFC 4880): packet framing, v4 signature packets,
 * their subpackets, and MPIs. Parses only; never allocates; every length
 * is checked against the buffer. Errors return -EBADMSG (malformed) or
 * -EOPNOTSUPP (well formed but not supported) and set *why.
 */
#ifndef DIGLIM_TOOLS_PGP_H
#define DIGLIM_TOOLS_PGP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	PGP_TAG_SIGNATURE = 2,
	PGP_TAG_SECRET_KEY = 5,
	PGP_TAG_PUBLIC_KEY = 6,
	PGP_TAG_SECRET_SUBKEY = 7,
	PGP_TAG_USER_ID = 13,
	PGP_TAG_PUBLIC_SUBKEY = 14,
	PGP_TAG_USER_ATTRIBUTE = 17,
};

enum {
	PGP_PK_RSA = 1,
	PGP_PK_RSA_E = 2,
	PGP_PK_RSA_S = 3,
	PGP_PK_DSA = 17,
	PGP_PK_ECDSA = 19,
	PGP_PK_EDDSA = 22,
};

enum {
	PGP_HASH_MD5 = 1,
	PGP_HASH_SHA1 = 2,
	PGP_HASH_RIPEMD160 = 3,
	PGP_HASH_SHA256 = 8,
	PGP_HASH_SHA384 = 9,
	PGP_HASH_SHA512 = 10,
	PGP_HASH_SHA224 = 11,
};

enum {
	PGP_SUB_CREATION = 2,
	PGP_SUB_EXPIRATION = 3,
	PGP_SUB_KEY_EXPIRATION = 9,
	PGP_SUB_ISSUER = 16,
	PGP_SUB_KEY_FLAGS = 27,
	PGP_SUB_EMBEDDED_SIG = 32,
	PGP_SUB_ISSUER_FPR = 33,
};

/* Signature types (RFC 4880 5.2.1). */
enum {
	PGP_SIG_BINARY = 0x00,
	PGP_SIG_CERT_GENERIC = 0x10,	/* user ID certifications: */
	PGP_SIG_CERT_POSITIVE = 0x13,	/* 0x10 .. 0x13 */
	PGP_SIG_SUBKEY_BINDING = 0x18,
	PGP_SIG_PRIMARY_BINDING = 0x19,
	PGP_SIG_DIRECT_KEY = 0x1f,
	PGP_SIG_KEY_REVOCATION = 0x20,
	PGP_SIG_SUBKEY_REVOCATION = 0x28,
};

/* Key flags (subpacket 27, first octet). */
#define PGP_KEY_FLAG_SIGN 0x02

#define PGP_KEYID_LEN	8
#define PGP_FPR_V4_LEN	20

/* One packet: its tag and body inside the buffer. */
struct pgp_packet {
	unsigned int tag;
	const uint8_t *body;
	size_t body_len;
	size_t total_len;	/* header + body */
};

/*
 * Read the packet at the start of @buf. Partial and indeterminate lengths
 * are refused.
 */
int pgp_packet_read(const uint8_t *buf, size_t len, struct pgp_packet *pkt,
		    const char **why);

/* A parsed v4 signature packet (pointers into the packet body). */
struct pgp_sig {
	unsigned int version, sig_type, pk_algo, hash_algo;
	const uint8_t *hashed;		/* body[0 .. hashed_len): what is hashed */
	size_t hashed_len;		/* 6 + hashed subpacket area length */
	const uint8_t *hashed_sub, *unhashed_sub;
	size_t hashed_sub_len, unhashed_sub_len;
	uint8_t left16[2];
	bool has_keyid, has_fpr, has_created;
	uint8_t keyid[PGP_KEYID_LEN];
	uint8_t fpr[PGP_FPR_V4_LEN];
	uint32_t created;
	uint32_t expires;		/* hashed subpacket 3; 0: never */
	/* The first key flags subpacket (27) of the hashed area. */
	bool has_key_flags;
	size_t key_flags_len;
	uint8_t key_flags;		/* its first octet (0 when empty) */
	/*
	 * The first key expiration time subpacket (9) of the hashed area
	 * (an unhashed one is not signed and never counts): its length and,
	 * when that is 4, its value, seconds after the key's creation time
	 * (0: never). Of any other length it makes the signature unusable
	 * as a self-signature or binding (parser/tools/README.md R3, R4),
	 * which is the caller's decision: the packet still parses.
	 */
	bool has_key_expires;
	size_t key_expires_len;
	uint32_t key_expires;		/* 0 unless key_expires_len == 4 */
	/*
	 * The first embedded signature subpacket (32) of the hashed area, or
	 * else of the unhashed area: a signature packet body, not parsed.
	 */
	const uint8_t *embedded;
	size_t embedded_len;
	const uint8_t *mpi;		/* algorithm-specific part, MPIs */
	size_t mpi_len;
};

/*
 * Parse a signature packet body (tag 2). Only v4 is accepted. Critical
 * subpackets in the hashed area that the kernel does not know (see
 * pgp.c) are refused; the issuer key ID
 * (16) and v4 issuer fingerprint (33) are taken from either area and must
 * agree when both are present.
 */
int pgp_sig_parse(const uint8_t *body, size_t len, struct pgp_sig *sig,
		  const char **why);

/*
 * Parse a buffer that must hold exactly one signature packet and nothing
 * else (an appended signature).
 */
int pgp_sig_parse_packet(const uint8_t *buf, size_t len, struct pgp_sig *sig,
			 const char **why);

/*
 * Read one MPI at *pos in @buf[0..len): on success *val points at the
 * magnitude (no leading zero byte), *val_len is its length, *bits the bit
 * count, and *pos moves past it. The bit count must match the magnitude.
 */
int pgp_mpi_read(const uint8_t *buf, size_t len, size_t *pos,
		 const uint8_t **val, size_t *val_len, unsigned int *bits,
		 const char **why);

/* Names for messages ("RSA", "SHA256"); "unknown" when not known. */
const char *pgp_pk_name(unsigned int algo);
const char *pgp_hash_name(unsigned int algo);

#endif
