// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the OpenPGP packet reader (pgp.c). */
#include "crypto.h"
#include "pgp.h"
#include "pgpgen.h"
#include "tap.h"

#include <errno.h>
#include <string.h>

static void test_framing(void)
{
	static const uint8_t new1[] = { 0xc2, 3, 1, 2, 3 };
	static const uint8_t new2[] = { 0xc2, 192, 0 };	/* 192 bytes */
	static const uint8_t new5[] = { 0xc2, 255, 0, 0, 0, 2, 9, 9 };
	static const uint8_t partial[] = { 0xc2, 224, 0 };
	static const uint8_t old1[] = { 0x88, 2, 7, 7 };	/* tag 2 */
	static const uint8_t old2[] = { 0x89, 0, 1, 5 };
	static const uint8_t old4[] = { 0x8a, 0, 0, 0, 1, 5 };
	static const uint8_t oldind[] = { 0x8b, 5 };
	static const uint8_t notpgp[] = { 0x42, 0 };
	static const uint8_t tag0[] = { 0xc0, 0 };
	struct pgp_packet p;
	const char *why = "";
	uint8_t big[3 + 192];

	ok(!pgp_packet_read(new1, sizeof(new1), &p, &why) && p.tag == 2 &&
	   p.body_len == 3 && p.total_len == 5, "new format, 1-byte length");
	memset(big, 0, sizeof(big));
	memcpy(big, new2, 3);
	ok(!pgp_packet_read(big, 3 + 192, &p, &why) && p.body_len == 192 &&
	   p.total_len == 195, "new format, 2-byte length (192)");
	ok(pgp_packet_read(big, 3 + 191, &p, &why) == -EBADMSG,
	   "new format, body one byte short: refused (%s)", why);
	ok(!pgp_packet_read(new5, sizeof(new5), &p, &why) && p.body_len == 2,
	   "new format, 5-byte length");
	ok(pgp_packet_read(partial, sizeof(partial), &p, &why) == -EOPNOTSUPP,
	   "partial body length refused (%s)", why);
	ok(!pgp_packet_read(old1, sizeof(old1), &p, &why) && p.tag == 2 &&
	   p.body_len == 2, "old format, 1-byte length");
	ok(!pgp_packet_read(old2, sizeof(old2), &p, &why) && p.body_len == 1,
	   "old format, 2-byte length");
	ok(!pgp_packet_read(old4, sizeof(old4), &p, &why) && p.body_len == 1,
	   "old format, 4-byte length");
	ok(pgp_packet_read(oldind, sizeof(oldind), &p, &why) == -EOPNOTSUPP,
	   "old format, indeterminate length refused (%s)", why);
	ok(pgp_packet_read(notpgp, sizeof(notpgp), &p, &why) == -EBADMSG,
	   "tag byte without bit 7 refused (%s)", why);
	ok(pgp_packet_read(tag0, sizeof(tag0), &p, &why) == -EBADMSG,
	   "reserved tag 0 refused (%s)", why);
	ok(pgp_packet_read(new5, 4, &p, &why) == -EBADMSG,
	   "truncated 5-byte length refused (%s)", why);
}

static void test_mpi(void)
{
	static const uint8_t good[] = { 0, 9, 1, 0xff };
	static const uint8_t high[] = { 0, 9, 3, 0xff };	/* 10 bits */
	static const uint8_t lead0[] = { 0, 8, 0 };
	static const uint8_t zero[] = { 0, 0 };
	static const uint8_t shortv[] = { 0, 16, 0x80 };
	const uint8_t *v;
	size_t vl, pos = 0;
	unsigned int bits;
	const char *why = "";

	ok(!pgp_mpi_read(good, sizeof(good), &pos, &v, &vl, &bits, &why) &&
	   bits == 9 && vl == 2 && pos == 4, "MPI of 9 bits");
	pos = 0;
	ok(pgp_mpi_read(high, sizeof(high), &pos, &v, &vl, &bits, &why) == -EBADMSG,
	   "MPI with more bits than declared refused (%s)", why);
	pos = 0;
	ok(pgp_mpi_read(lead0, sizeof(lead0), &pos, &v, &vl, &bits, &why) == -EBADMSG,
	   "MPI with a zero leading byte refused (%s)", why);
	pos = 0;
	ok(pgp_mpi_read(zero, sizeof(zero), &pos, &v, &vl, &bits, &why) == -EBADMSG,
	   "zero-length MPI refused (%s)", why);
	pos = 0;
	ok(pgp_mpi_read(shortv, sizeof(shortv), &pos, &v, &vl, &bits, &why) == -EBADMSG,
	   "MPI beyond the buffer refused (%s)", why);
	pos = 5;
	ok(pgp_mpi_read(good, sizeof(good), &pos, &v, &vl, &bits, &why) == -EBADMSG,
	   "MPI position past the end refused");
}

/* Parse a signature by @k over @data with @extra hashed subpackets. */
static int sig_with(const struct gen_key *k, const uint8_t *data, size_t len,
		    const struct buf *extra, uint32_t expires, struct pgp_sig *s,
		    struct buf *b, const char **why)
{
	struct sig_opts o = sig_opts_default();

	o.extra_hashed = extra->p;
	o.extra_hashed_len = extra->len;
	o.expires = expires;
	b->len = 0;
	gen_sig(b, k, data, len, &o);
	return pgp_sig_parse_packet(b->p, b->len, s, why);
}

/* Expiration (3), key flags (27), embedded signature (32), critical bits. */
static void test_subpackets(const struct gen_key *k, const uint8_t *data, size_t len)
{
	static const uint8_t flags[] = { 0x0c, 0x80 }, sign = 0x02, emb[] = { 4, 0x19 };
	struct buf e = { 0 }, b = { 0 };
	struct pgp_sig s;
	const char *why = "";
	int ret;

	gen_subpacket(&e, 27, flags, sizeof(flags));
	gen_subpacket(&e, 27, &sign, 1);
	gen_subpacket(&e, 32, emb, sizeof(emb));
	ret = sig_with(k, data, len, &e, 3600, &s, &b, &why);
	ok(!ret && s.expires == 3600 && s.has_key_flags && s.key_flags_len == 2 &&
	   s.key_flags == 0x0c && s.embedded && s.embedded_len == 2 &&
	   !memcmp(s.embedded, emb, 2),
	   "expiration, the first key flags and the embedded signature are read");

	e.len = 0;
	gen_subpacket(&e, 27, NULL, 0);
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(!ret && s.has_key_flags && s.key_flags_len == 0 && s.key_flags == 0 &&
	   !s.embedded && !s.expires, "empty key flags are read as none allowed");

	e.len = 0;
	gen_subpacket(&e, 0x80 | 27, &sign, 1);
	gen_subpacket(&e, 0x80 | 9, "\0\0\0\1", 4);
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(!ret && s.has_key_flags && s.has_key_expires && s.key_expires_len == 4 &&
	   s.key_expires == 1,
	   "critical key flags and key expiration are known, as in the kernel");

	/* Key expiration time (9): the first hashed one, of any length. */
	e.len = 0;
	gen_subpacket(&e, 9, "\x01\x02\x03\x04", 4);
	gen_subpacket(&e, 9, "\0\0\0\0", 4);
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(!ret && s.has_key_expires && s.key_expires_len == 4 && s.key_expires == 0x01020304,
	   "the first hashed key expiration time is read (be32)");
	e.len = 0;
	gen_subpacket(&e, 9, "\0\0\1", 3);
	gen_subpacket(&e, 9, "\0\0\0\1", 4);
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(!ret && s.has_key_expires && s.key_expires_len == 3 && s.key_expires == 0,
	   "a 3-byte key expiration time parses, its length kept for the caller to refuse");
	e.len = 0;
	gen_subpacket(&e, 9, "\0\0\0\0\1", 5);
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(!ret && s.has_key_expires && s.key_expires_len == 5 && s.key_expires == 0,
	   "a 5-byte key expiration time parses, its length kept");
	e.len = 0;
	gen_subpacket(&e, 9, "\0\0\0\1", 4);
	{
		struct sig_opts o = sig_opts_default();

		o.extra_unhashed = e.p;
		o.extra_unhashed_len = e.len;
		b.len = 0;
		gen_sig(&b, k, data, len, &o);
		ret = pgp_sig_parse_packet(b.p, b.len, &s, &why);
		ok(!ret && !s.has_key_expires && !s.key_expires,
		   "an unhashed key expiration time is not read (not signed)");
	}

	e.len = 0;
	gen_subpacket(&e, 0x80 | 32, emb, sizeof(emb));
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(ret == -EOPNOTSUPP, "a critical embedded signature is refused, as in the kernel (%s)", why);

	e.len = 0;
	gen_subpacket(&e, 3, "\0\0\1", 3);
	ret = sig_with(k, data, len, &e, 0, &s, &b, &why);
	ok(ret == -EBADMSG, "a 3-byte expiration subpacket is refused (%s)", why);

	/* An unknown critical subpacket in the unhashed area: the key ID
	 * subpacket's type byte made critical and unknown. */
	b.len = 0;
	{
		struct sig_opts o = sig_opts_default();
		size_t h;

		gen_sig(&b, k, data, len, &o);
		h = b.p[1] < 192 ? 2 : 3;
		/* hashed: creation (6) + fpr (23); unhashed: len, 9, type */
		b.p[h + 6 + 29 + 2 + 1] = 0x80 | 99;
		ret = pgp_sig_parse_packet(b.p, b.len, &s, &why);
		ok(ret == -EOPNOTSUPP,
		   "an unknown critical unhashed subpacket is refused, as in the kernel (%s)", why);
	}
	buf_free(&e);
	buf_free(&b);
}

static void test_sig(const struct gen_key *k)
{
	static const uint8_t data[] = "signed data";
	struct sig_opts o = sig_opts_default();
	struct buf b = { 0 };
	struct pgp_sig s;
	const char *why = "";
	size_t i, hdr, bad = 0;
	int ret;

	gen_sig(&b, k, data, sizeof(data), &o);
	hdr = b.len - (b.p[1] < 192 ? b.len - 2 : b.len - 3);
	ret = pgp_sig_parse_packet(b.p, b.len, &s, &why);
	ok(!ret && s.version == 4 && s.sig_type == 0 && s.pk_algo == 1 &&
	   s.hash_algo == 8 && s.has_fpr && s.has_keyid && s.has_created &&
	   !memcmp(s.fpr, k->fpr, 20) && !memcmp(s.keyid, k->fpr + 12, 8) &&
	   s.created == 1700000000u, "a v4 signature parses with issuer fingerprint, key ID, time");
	ok(s.hashed == b.p + hdr && s.hashed_len == 6 + 6 + 23,
	   "hashed part = version .. hashed subpackets (%zu bytes)", s.hashed_len);

	for (i = 0; i < b.len; i++)
		if (pgp_sig_parse_packet(b.p, i, &s, &why) == 0)
			bad++;
	ok(bad == 0, "every truncation (%zu offsets) is refused", b.len);

	buf_byte(&b, 0);
	ok(pgp_sig_parse_packet(b.p, b.len, &s, &why) == -EBADMSG,
	   "a byte after the packet is refused (%s)", why);
	b.len--;

	/* Flip every byte: never a crash, and the result is consistent. */
	for (i = 0; i < b.len; i++) {
		b.p[i] ^= 0xff;
		ret = pgp_sig_parse_packet(b.p, b.len, &s, &why);
		if (ret && ret != -EBADMSG && ret != -EOPNOTSUPP)
			bad++;
		b.p[i] ^= 0xff;
	}
	ok(bad == 0, "every flipped byte gives 0, -EBADMSG or -EOPNOTSUPP");

	/* Bad lengths: hashed area length larger than the packet. */
	b.p[hdr + 4] = 0xff;
	ok(pgp_sig_parse_packet(b.p, b.len, &s, &why) == -EBADMSG,
	   "hashed area length beyond the packet refused (%s)", why);
	buf_free(&b);

	o.version = 3;
	gen_sig(&b, k, data, sizeof(data), &o);
	ok(pgp_sig_parse_packet(b.p, b.len, &s, &why) == -EOPNOTSUPP,
	   "a version 3 signature is refused (%s)", why);
	buf_free(&b);

	o = sig_opts_default();
	o.critical_unknown = true;
	gen_sig(&b, k, data, sizeof(data), &o);
	ok(pgp_sig_parse_packet(b.p, b.len, &s, &why) == -EOPNOTSUPP,
	   "an unknown critical hashed subpacket is refused (%s)", why);
	buf_free(&b);

	o = sig_opts_default();
	gen_sig(&b, k, data, sizeof(data), &o);
	/* The unhashed key ID is the last 8 bytes before left16 and MPI. */
	b.p[hdr + 6 + 29 + 2 + 2] ^= 1;
	ok(pgp_sig_parse_packet(b.p, b.len, &s, &why) == -EBADMSG,
	   "issuer key ID disagreeing with the fingerprint is refused (%s)", why);
	buf_free(&b);

	o = sig_opts_default();
	o.no_fpr = true;
	o.no_keyid = true;
	gen_sig(&b, k, data, sizeof(data), &o);
	ok(!pgp_sig_parse_packet(b.p, b.len, &s, &why) && !s.has_fpr && !s.has_keyid,
	   "a signature without issuer parses (verify refuses it)");
	buf_free(&b);

	test_subpackets(k, data, sizeof(data));

	gen_packet(&b, 13, (const uint8_t *)"uid", 3);
	ok(pgp_sig_parse_packet(b.p, b.len, &s, &why) == -EBADMSG,
	   "a non-signature packet is refused (%s)", why);
	buf_free(&b);
}

int main(void)
{
	struct gen_key k;

	if (crypto_init())
		return 1;
	test_framing();
	test_mpi();
	gen_key(&k, 1024, 1600000000u);
	test_sig(&k);
	gen_key_free(&k);
	return tap_done();
}
