// SPDX-License-Identifier: GPL-2.0-only
/* Run-time OpenPGP fixtures for the unit tests, made with libgcrypt. */
#include "pgpgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void die(const char *what)
{
	fprintf(stderr, "pgpgen: %s\n", what);
	abort();
}

void buf_add(struct buf *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = (b->len + n) * 2 + 64;
		uint8_t *np = realloc(b->p, cap);

		if (!np)
			die("out of memory");
		b->p = np;
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->len, p, n);
	b->len += n;
}

void buf_byte(struct buf *b, uint8_t c)
{
	buf_add(b, &c, 1);
}

int parse_copy(struct keyring *kr, const uint8_t *p, size_t len, const char **why)
{
	uint8_t *c = malloc(len ? len : 1);

	if (!c)
		abort();
	if (len)
		memcpy(c, p, len);
	return keyring_parse(kr, c, len, why);
}

void buf_free(struct buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

static void be16(struct buf *b, unsigned int v)
{
	buf_byte(b, (uint8_t)(v >> 8));
	buf_byte(b, (uint8_t)v);
}

static void be32(struct buf *b, uint32_t v)
{
	be16(b, v >> 16);
	be16(b, v & 0xffff);
}

/* An MPI from a big-endian magnitude (leading zeros stripped). */
static void mpi(struct buf *b, const uint8_t *v, size_t n)
{
	unsigned int bits, top;

	while (n && *v == 0) {
		v++;
		n--;
	}
	if (!n)
		die("zero MPI");
	for (top = v[0], bits = 0; top; top >>= 1)
		bits++;
	be16(b, (unsigned int)(8 * (n - 1) + bits));
	buf_add(b, v, n);
}

/* The magnitude of the MPI @name in @s, malloc'ed. */
static uint8_t *sexp_mpi(gcry_sexp_t s, const char *name, size_t *n)
{
	gcry_sexp_t t = gcry_sexp_find_token(s, name, 0);
	gcry_mpi_t m;
	uint8_t *out;

	if (!t)
		die("sexp token missing");
	m = gcry_sexp_nth_mpi(t, 1, GCRYMPI_FMT_USG);
	gcry_sexp_release(t);
	if (!m || gcry_mpi_aprint(GCRYMPI_FMT_USG, &out, n, m))
		die("mpi print");
	gcry_mpi_release(m);
	return out;
}

void gen_key(struct gen_key *k, unsigned int bits, uint32_t created)
{
	gcry_sexp_t parms, key, pub;
	struct buf b = { 0 };
	uint8_t *n, *e, hdr[3];
	size_t nl, el;
	char spec[64];
	gcry_md_hd_t md;

	memset(k, 0, sizeof(*k));
	snprintf(spec, sizeof(spec), "(genkey (rsa (nbits %zu:%u)))",
		 (size_t)snprintf(NULL, 0, "%u", bits), bits);
	if (gcry_sexp_new(&parms, spec, 0, 1) || gcry_pk_genkey(&key, parms))
		die("genkey");
	gcry_sexp_release(parms);
	k->skey = gcry_sexp_find_token(key, "private-key", 0);
	pub = gcry_sexp_find_token(key, "public-key", 0);
	gcry_sexp_release(key);
	n = sexp_mpi(pub, "n", &nl);
	e = sexp_mpi(pub, "e", &el);
	gcry_sexp_release(pub);
	buf_byte(&b, 4);
	be32(&b, created);
	buf_byte(&b, 1);
	mpi(&b, n, nl);
	mpi(&b, e, el);
	gcry_free(n);
	gcry_free(e);
	if (b.len > sizeof(k->body))
		die("key too large");
	memcpy(k->body, b.p, b.len);
	k->body_len = b.len;
	buf_free(&b);
	hdr[0] = 0x99;
	hdr[1] = (uint8_t)(k->body_len >> 8);
	hdr[2] = (uint8_t)k->body_len;
	gcry_md_open(&md, GCRY_MD_SHA1, 0);
	gcry_md_write(md, hdr, 3);
	gcry_md_write(md, k->body, k->body_len);
	memcpy(k->fpr, gcry_md_read(md, GCRY_MD_SHA1), 20);
	gcry_md_close(md);
}

void gen_key_free(struct gen_key *k)
{
	gcry_sexp_release(k->skey);
	k->skey = NULL;
}

/*
 * A one-, two- or five-octet length (RFC 4880 4.2.2): new-format packets
 * and signature subpackets (5.2.3.1) use the same encoding.
 */
static void gen_length(struct buf *b, size_t len)
{
	if (len < 192) {
		buf_byte(b, (uint8_t)len);
	} else if (len < 8384) {
		buf_byte(b, (uint8_t)(((len - 192) >> 8) + 192));
		buf_byte(b, (uint8_t)(len - 192));
	} else {
		buf_byte(b, 255);
		be32(b, (uint32_t)len);
	}
}

void gen_packet(struct buf *b, unsigned int tag, const uint8_t *body, size_t len)
{
	buf_byte(b, (uint8_t)(0xc0 | tag));
	gen_length(b, len);
	buf_add(b, body, len);
}

void gen_key_packet(struct buf *b, const struct gen_key *k, unsigned int tag)
{
	gen_packet(b, tag, k->body, k->body_len);
}

struct sig_opts sig_opts_default(void)
{
	struct sig_opts o = {
		.version = 4, .sig_type = 0, .pk_algo = 1, .hash_algo = 8,
	};
	return o;
}

static int gcry_hash(unsigned int pgp, const char **name)
{
	switch (pgp) {
	case 1: *name = "md5"; return GCRY_MD_MD5;
	case 2: *name = "sha1"; return GCRY_MD_SHA1;
	case 8: *name = "sha256"; return GCRY_MD_SHA256;
	case 9: *name = "sha384"; return GCRY_MD_SHA384;
	case 10: *name = "sha512"; return GCRY_MD_SHA512;
	case 11: *name = "sha224"; return GCRY_MD_SHA224;
	default: *name = "sha256"; return GCRY_MD_SHA256;
	}
}

void gen_sig(struct buf *b, const struct gen_key *k, const uint8_t *data,
	     size_t len, const struct sig_opts *o)
{
	struct buf body = { 0 }, hsub = { 0 }, usub = { 0 };
	gcry_sexp_t sd, ss;
	uint8_t tr[6], *s, digest[64];
	const char *hname;
	size_t sl, hl;
	gcry_md_hd_t md;
	int algo = gcry_hash(o->hash_algo, &hname);

	if (!o->no_created) {
		buf_byte(&hsub, 5);
		buf_byte(&hsub, 2);
		be32(&hsub, o->created ? o->created : 1700000000u);
	}
	if (!o->no_fpr) {
		buf_byte(&hsub, 22);
		buf_byte(&hsub, 33);
		buf_byte(&hsub, 4);
		buf_add(&hsub, k->fpr, 20);
	}
	if (o->expires) {
		buf_byte(&hsub, 5);
		buf_byte(&hsub, 3);
		be32(&hsub, o->expires);
	}
	if (o->extra_hashed_len)
		buf_add(&hsub, o->extra_hashed, o->extra_hashed_len);
	if (o->critical_unknown) {
		buf_byte(&hsub, 2);
		buf_byte(&hsub, 0x80 | 99);
		buf_byte(&hsub, 0);
	}
	if (!o->no_keyid) {
		buf_byte(&usub, 9);
		buf_byte(&usub, 16);
		buf_add(&usub, k->fpr + 12, 8);
	}
	if (o->extra_unhashed_len)
		buf_add(&usub, o->extra_unhashed, o->extra_unhashed_len);
	buf_byte(&body, (uint8_t)o->version);
	buf_byte(&body, (uint8_t)o->sig_type);
	buf_byte(&body, (uint8_t)o->pk_algo);
	buf_byte(&body, (uint8_t)o->hash_algo);
	be16(&body, (unsigned int)hsub.len);
	buf_add(&body, hsub.p, hsub.len);
	hl = body.len;

	gcry_md_open(&md, algo, 0);
	if (o->sign_other)
		gcry_md_write(md, o->sign_other, o->sign_other_len);
	else
		gcry_md_write(md, data, len);
	gcry_md_write(md, body.p, hl);
	tr[0] = 4;
	tr[1] = 0xff;
	tr[2] = (uint8_t)(hl >> 24);
	tr[3] = (uint8_t)(hl >> 16);
	tr[4] = (uint8_t)(hl >> 8);
	tr[5] = (uint8_t)hl;
	gcry_md_write(md, tr, 6);
	memcpy(digest, gcry_md_read(md, algo), gcry_md_get_algo_dlen(algo));
	gcry_md_close(md);

	if (gcry_sexp_build(&sd, NULL, "(data (flags pkcs1) (hash %s %b))", hname,
			    (int)gcry_md_get_algo_dlen(algo), digest) ||
	    gcry_pk_sign(&ss, sd, k->skey))
		die("sign");
	gcry_sexp_release(sd);
	s = sexp_mpi(ss, "s", &sl);
	gcry_sexp_release(ss);

	be16(&body, (unsigned int)usub.len);
	buf_add(&body, usub.p, usub.len);
	buf_byte(&body, o->bad_left16 ? (uint8_t)~digest[0] : digest[0]);
	buf_byte(&body, digest[1]);
	mpi(&body, s, sl);
	gcry_free(s);
	gen_packet(b, 2, body.p, body.len);
	buf_free(&body);
	buf_free(&hsub);
	buf_free(&usub);
}

void gen_subpacket(struct buf *b, unsigned int type, const void *data, size_t len)
{
	gen_length(b, len + 1);	/* the type octet counts */
	buf_byte(b, (uint8_t)type);
	buf_add(b, data, len);
}

void gen_subpacket_be32(struct buf *b, unsigned int type, uint32_t v)
{
	uint8_t d[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };

	gen_subpacket(b, type, d, sizeof(d));
}

/* 0x99 be16(len) body of @k. */
static void key_prefix(struct buf *b, const struct gen_key *k)
{
	buf_byte(b, 0x99);
	be16(b, (unsigned int)k->body_len);
	buf_add(b, k->body, k->body_len);
}

void gen_key_sig(struct buf *b, const struct gen_key *signer,
		 const struct gen_key *primary, const char *uid,
		 const struct gen_key *sub, const struct sig_opts *o)
{
	struct sig_opts so = *o;
	struct buf pre = { 0 };

	key_prefix(&pre, primary);
	if (uid) {
		buf_byte(&pre, 0xb4);
		be32(&pre, (uint32_t)strlen(uid));
		buf_add(&pre, uid, strlen(uid));
	} else if (sub) {
		key_prefix(&pre, sub);
	}
	so.sign_other = pre.p;
	so.sign_other_len = pre.len;
	gen_sig(b, signer, NULL, 0, &so);
	buf_free(&pre);
}

struct bind_opts bind_opts_default(void)
{
	struct bind_opts o = {
		.hash_algo = 8, .key_flags = 0x02, .back_type = 0x19,
	};
	return o;
}

/* The body of the packet that @b holds (one packet, new format header). */
static void packet_body(const struct buf *b, const uint8_t **body, size_t *len)
{
	size_t h;

	if (b->len < 2)
		die("short packet");
	h = b->p[1] < 192 ? 2 : b->p[1] < 224 ? 3 : 6;
	*body = b->p + h;
	*len = b->len - h;
}

void gen_binding(struct buf *b, const struct gen_key *primary,
		 const struct gen_key *sub, const struct bind_opts *o)
{
	struct buf pre = { 0 }, back = { 0 }, hsub = { 0 }, usub = { 0 }, pkt = { 0 };
	struct sig_opts so = sig_opts_default();
	const uint8_t *bb;
	size_t bl;

	key_prefix(&pre, primary);
	key_prefix(&pre, sub);

	so.hash_algo = o->hash_algo;
	so.sign_other = pre.p;
	so.sign_other_len = pre.len;
	if (!o->no_back) {
		so.sig_type = o->back_type;
		gen_sig(&back, o->back_by_primary ? primary : sub, NULL, 0, &so);
		if (o->flip_back)
			back.p[back.len - 1] ^= 0x01;
		packet_body(&back, &bb, &bl);
		gen_subpacket(o->back_unhashed ? &usub : &hsub, 32, bb, bl);
	}
	if (o->key_flags >= 0) {
		uint8_t f = (uint8_t)o->key_flags;

		gen_subpacket(&hsub, 27, &f, 1);
	}
	if (o->extra_hashed_len)
		buf_add(&hsub, o->extra_hashed, o->extra_hashed_len);
	so.sig_type = 0x18;
	so.expires = o->expires;
	so.created = o->created;
	so.extra_hashed = hsub.p;
	so.extra_hashed_len = hsub.len;
	gen_sig(&pkt, primary, NULL, 0, &so);
	if (o->flip_bind)
		pkt.p[pkt.len - 1] ^= 0x01;
	if (usub.len) {
		/* Re-frame with the extra unhashed subpacket: not signed. */
		const uint8_t *body;
		size_t len, hl, ul;
		struct buf nb = { 0 };

		packet_body(&pkt, &body, &len);
		hl = 6 + ((size_t)body[4] << 8 | body[5]);
		ul = (size_t)body[hl] << 8 | body[hl + 1];
		buf_add(&nb, body, hl);
		be16(&nb, (unsigned int)(ul + usub.len));
		buf_add(&nb, body + hl + 2, ul);
		buf_add(&nb, usub.p, usub.len);
		buf_add(&nb, body + hl + 2 + ul, len - hl - 2 - ul);
		gen_packet(b, 2, nb.p, nb.len);
		buf_free(&nb);
	} else {
		buf_add(b, pkt.p, pkt.len);
	}
	buf_free(&pre);
	buf_free(&back);
	buf_free(&hsub);
	buf_free(&usub);
	buf_free(&pkt);
}
