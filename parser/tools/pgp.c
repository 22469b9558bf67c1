// SPDX-License-Identifier: GPL-2.0-only
/* OpenPGP packet reader: framing, v4 signatures, subpackets, MPIs. */
#include "pgp.h"
#include "bytes.h"
#include "util.h"

#include <errno.h>
#include <string.h>

#define FAIL(err, msg) do { *why = (msg); return (err); } while (0)

int pgp_packet_read(const uint8_t *buf, size_t len, struct pgp_packet *pkt,
		    const char **why)
{
	size_t hlen, blen;
	uint8_t ctb;

	if (len < 2)
		FAIL(-EBADMSG, "truncated packet header");
	ctb = buf[0];
	if (!(ctb & 0x80))
		FAIL(-EBADMSG, "not an OpenPGP packet (bit 7 of the tag byte clear)");
	if (ctb & 0x40) {
		uint8_t b0 = buf[1];

		pkt->tag = ctb & 0x3f;
		if (b0 < 192) {
			hlen = 2;
			blen = b0;
		} else if (b0 < 224) {
			if (len < 3)
				FAIL(-EBADMSG, "truncated packet length");
			hlen = 3;
			blen = ((size_t)(b0 - 192) << 8) + buf[2] + 192;
		} else if (b0 == 255) {
			if (len < 6)
				FAIL(-EBADMSG, "truncated packet length");
			hlen = 6;
			blen = get_be32(buf + 2);
		} else {
			FAIL(-EOPNOTSUPP, "partial body length not supported");
		}
	} else {
		pkt->tag = (ctb >> 2) & 0xf;
		switch (ctb & 3) {
		case 0:
			hlen = 2;
			blen = buf[1];
			break;
		case 1:
			if (len < 3)
				FAIL(-EBADMSG, "truncated packet length");
			hlen = 3;
			blen = get_be16(buf + 1);
			break;
		case 2:
			if (len < 5)
				FAIL(-EBADMSG, "truncated packet length");
			hlen = 5;
			blen = get_be32(buf + 1);
			break;
		default:
			FAIL(-EOPNOTSUPP, "indeterminate packet length not supported");
		}
	}
	if (pkt->tag == 0)
		FAIL(-EBADMSG, "packet tag 0 is reserved");
	if (blen > len - hlen)
		FAIL(-EBADMSG, "packet length beyond the end of the data");
	pkt->body = buf + hlen;
	pkt->body_len = blen;
	pkt->total_len = hlen + blen;
	return 0;
}

/*
 * Subpacket types that may carry the critical bit, as the kernel's OpenPGP
 * library knows them (pgp_subpacket_known()): read here, or properties of
 * keys and user IDs that do not change what a signature means.
 */
static bool subpacket_known(unsigned int type)
{
	switch (type) {
	case PGP_SUB_CREATION:
	case PGP_SUB_EXPIRATION:
	case 4:		/* exportable certification */
	case PGP_SUB_KEY_EXPIRATION:
	case 11:	/* preferred symmetric algorithms */
	case PGP_SUB_ISSUER:
	case 21:	/* preferred hash algorithms */
	case 22:	/* preferred compression algorithms */
	case 23:	/* key server preferences */
	case 25:	/* primary user ID */
	case PGP_SUB_KEY_FLAGS:
	case 30:	/* features */
	case PGP_SUB_ISSUER_FPR:
		return true;
	default:
		return false;
	}
}

/* Walk one subpacket area; record what matters in @sig. */
static int parse_subpackets(const uint8_t *p, size_t len, bool hashed,
			    struct pgp_sig *sig, const char **why)
{
	size_t pos = 0;

	while (pos < len) {
		size_t slen, hl;
		uint8_t b0 = p[pos], type;
		const uint8_t *d;

		if (b0 < 192) {
			hl = 1;
			slen = b0;
		} else if (b0 < 255) {
			if (len - pos < 2)
				FAIL(-EBADMSG, "truncated subpacket length");
			hl = 2;
			slen = ((size_t)(b0 - 192) << 8) + p[pos + 1] + 192;
		} else {
			if (len - pos < 5)
				FAIL(-EBADMSG, "truncated subpacket length");
			hl = 5;
			slen = get_be32(p + pos + 1);
		}
		if (slen == 0)
			FAIL(-EBADMSG, "subpacket without a type");
		if (slen > len - pos - hl)
			FAIL(-EBADMSG, "subpacket beyond its area");
		type = p[pos + hl];
		d = p + pos + hl + 1;
		slen -= 1;
		switch (type & 0x7f) {
		case PGP_SUB_CREATION:
			if (slen != 4)
				FAIL(-EBADMSG, "bad creation time subpacket length");
			if (hashed) {
				sig->has_created = true;
				sig->created = get_be32(d);
			}
			break;
		case PGP_SUB_EXPIRATION:
			if (slen != 4)
				FAIL(-EBADMSG, "bad signature expiration time subpacket length");
			if (hashed)
				sig->expires = get_be32(d);
			break;
		case PGP_SUB_KEY_EXPIRATION:
			/* Only a signed expiry counts; its length is judged
			 * where the signature is used. */
			if (hashed && !sig->has_key_expires) {
				sig->has_key_expires = true;
				sig->key_expires_len = slen;
				sig->key_expires = slen == 4 ? get_be32(d) : 0;
			}
			break;
		case PGP_SUB_KEY_FLAGS:
			/* Only signed flags count. */
			if (hashed && !sig->has_key_flags) {
				sig->has_key_flags = true;
				sig->key_flags_len = slen;
				sig->key_flags = slen ? d[0] : 0;
			}
			break;
		case PGP_SUB_EMBEDDED_SIG:
			/* Not among the kernel's known critical types. */
			if (type & 0x80)
				FAIL(-EOPNOTSUPP, "critical embedded signature subpacket");
			if (!sig->embedded) {
				sig->embedded = d;
				sig->embedded_len = slen;
			}
			break;
		case PGP_SUB_ISSUER:
			if (slen != PGP_KEYID_LEN)
				FAIL(-EBADMSG, "bad issuer key ID subpacket length");
			if (sig->has_keyid && memcmp(sig->keyid, d, PGP_KEYID_LEN) != 0)
				FAIL(-EBADMSG, "two different issuer key IDs");
			memcpy(sig->keyid, d, PGP_KEYID_LEN);
			sig->has_keyid = true;
			break;
		case PGP_SUB_ISSUER_FPR:
			if (slen < 1)
				FAIL(-EBADMSG, "empty issuer fingerprint subpacket");
			if (d[0] != 4) {
				if (type & 0x80)
					FAIL(-EOPNOTSUPP, "issuer fingerprint is not v4");
				break;
			}
			if (slen != 1 + PGP_FPR_V4_LEN)
				FAIL(-EBADMSG, "bad v4 issuer fingerprint length");
			if (sig->has_fpr && memcmp(sig->fpr, d + 1, PGP_FPR_V4_LEN) != 0)
				FAIL(-EBADMSG, "two different issuer fingerprints");
			memcpy(sig->fpr, d + 1, PGP_FPR_V4_LEN);
			sig->has_fpr = true;
			break;
		default:
			/* RFC 4880 5.2.3.1: an unknown critical subpacket
			 * makes the signature invalid; the kernel refuses
			 * one in either area. */
			if ((type & 0x80) && !subpacket_known(type & 0x7f))
				FAIL(-EOPNOTSUPP, "unknown critical subpacket");
			break;
		}
		pos += hl + 1 + slen;
	}
	return 0;
}

int pgp_sig_parse(const uint8_t *body, size_t len, struct pgp_sig *sig,
		  const char **why)
{
	size_t hsub, usub, pos;
	int ret;

	memset(sig, 0, sizeof(*sig));
	if (len < 1)
		FAIL(-EBADMSG, "empty signature packet");
	sig->version = body[0];
	if (sig->version != 4)
		FAIL(-EOPNOTSUPP, "signature packet is not version 4");
	if (len < 6)
		FAIL(-EBADMSG, "truncated signature packet");
	sig->sig_type = body[1];
	sig->pk_algo = body[2];
	sig->hash_algo = body[3];
	hsub = get_be16(body + 4);
	if (hsub > len - 6)
		FAIL(-EBADMSG, "hashed subpackets beyond the packet");
	sig->hashed = body;
	sig->hashed_len = 6 + hsub;
	sig->hashed_sub = body + 6;
	sig->hashed_sub_len = hsub;
	pos = 6 + hsub;
	if (len - pos < 2)
		FAIL(-EBADMSG, "truncated signature packet (unhashed length)");
	usub = get_be16(body + pos);
	pos += 2;
	if (usub > len - pos)
		FAIL(-EBADMSG, "unhashed subpackets beyond the packet");
	sig->unhashed_sub = body + pos;
	sig->unhashed_sub_len = usub;
	pos += usub;
	if (len - pos < 2)
		FAIL(-EBADMSG, "truncated signature packet (hash prefix)");
	memcpy(sig->left16, body + pos, 2);
	pos += 2;
	if (pos == len)
		FAIL(-EBADMSG, "signature packet without signature value");
	sig->mpi = body + pos;
	sig->mpi_len = len - pos;
	ret = parse_subpackets(sig->hashed_sub, hsub, true, sig, why);
	if (ret)
		return ret;
	ret = parse_subpackets(sig->unhashed_sub, usub, false, sig, why);
	if (ret)
		return ret;
	if (sig->has_fpr && sig->has_keyid &&
	    memcmp(sig->fpr + PGP_FPR_V4_LEN - PGP_KEYID_LEN, sig->keyid,
		   PGP_KEYID_LEN) != 0)
		FAIL(-EBADMSG, "issuer key ID and fingerprint disagree");
	return 0;
}

int pgp_sig_parse_packet(const uint8_t *buf, size_t len, struct pgp_sig *sig,
			 const char **why)
{
	struct pgp_packet pkt;
	int ret;

	ret = pgp_packet_read(buf, len, &pkt, why);
	if (ret)
		return ret;
	if (pkt.tag != PGP_TAG_SIGNATURE)
		FAIL(-EBADMSG, "not a signature packet");
	if (pkt.total_len != len)
		FAIL(-EBADMSG, "data after the signature packet");
	return pgp_sig_parse(pkt.body, pkt.body_len, sig, why);
}

int pgp_mpi_read(const uint8_t *buf, size_t len, size_t *pos,
		 const uint8_t **val, size_t *val_len, unsigned int *bits,
		 const char **why)
{
	unsigned int nbits, top;
	size_t nbytes;

	if (*pos > len || len - *pos < 2)
		FAIL(-EBADMSG, "truncated MPI length");
	nbits = get_be16(buf + *pos);
	nbytes = (nbits + 7) / 8;
	if (nbytes > len - *pos - 2)
		FAIL(-EBADMSG, "MPI beyond the end of the packet");
	if (nbits == 0)
		FAIL(-EBADMSG, "zero MPI");
	/* The first byte's highest set bit must be bit (nbits - 1) % 8. */
	top = buf[*pos + 2];
	if (top >> ((nbits - 1) % 8) != 1)
		FAIL(-EBADMSG, "MPI bit count does not match its value");
	*val = buf + *pos + 2;
	*val_len = nbytes;
	*bits = nbits;
	*pos += 2 + nbytes;
	return 0;
}

const char *pgp_pk_name(unsigned int algo)
{
	switch (algo) {
	case PGP_PK_RSA: return "RSA";
	case PGP_PK_RSA_E: return "RSA (encrypt only)";
	case PGP_PK_RSA_S: return "RSA (sign only)";
	case PGP_PK_DSA: return "DSA";
	case PGP_PK_ECDSA: return "ECDSA";
	case PGP_PK_EDDSA: return "EdDSA";
	default: return "unknown";
	}
}

const char *pgp_hash_name(unsigned int algo)
{
	switch (algo) {
	case PGP_HASH_MD5: return "MD5";
	case PGP_HASH_SHA1: return "SHA1";
	case PGP_HASH_RIPEMD160: return "RIPEMD160";
	case PGP_HASH_SHA256: return "SHA256";
	case PGP_HASH_SHA384: return "SHA384";
	case PGP_HASH_SHA512: return "SHA512";
	case PGP_HASH_SHA224: return "SHA224";
	default: return "unknown";
	}
}
