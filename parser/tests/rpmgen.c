// SPDX-License-Identifier: GPL-2.0-only
/* Test-time generator of synthetic RPM main headers. */
#include "rpmgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_REGION 63
#define TYPE_BIN 7

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fputs("rpmgen: out of memory\n", stderr);
		abort();
	}
	return q;
}

void rpmgen_put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

void *rpmgen_xmalloc(size_t n)
{
	void *q = malloc(n ? n : 1);

	if (!q) {
		fputs("rpmgen: out of memory\n", stderr);
		abort();
	}
	return q;
}

void *rpmgen_xcalloc(size_t n, size_t size)
{
	void *q = calloc(n ? n : 1, size ? size : 1);

	if (!q) {
		fputs("rpmgen: out of memory\n", stderr);
		abort();
	}
	return q;
}

uint32_t rpmgen_get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

size_t rpmgen_entry_field(size_t i, unsigned int field)
{
	return 16 + 16 * i + 4 * (size_t)field;
}

void hdrgen_init(struct hdrgen *g)
{
	memset(g, 0, sizeof(*g));
}

void hdrgen_free(struct hdrgen *g)
{
	free(g->index);
	free(g->data);
	hdrgen_init(g);
}

static size_t type_align(uint32_t type)
{
	switch (type) {
	case 3: return 2;
	case 4: return 4;
	case 5: return 8;
	default: return 1;
	}
}

void hdrgen_add(struct hdrgen *g, uint32_t tag, uint32_t type,
		uint32_t count, const void *data, size_t len)
{
	size_t a = type_align(type), off = (g->dlen + a - 1) & ~(a - 1);
	uint8_t *e;

	g->data = xrealloc(g->data, off + len);
	memset(g->data + g->dlen, 0, off - g->dlen);
	if (len)
		memcpy(g->data + off, data, len);
	g->dlen = off + len;
	g->index = xrealloc(g->index, (g->nent + 1) * 16);
	e = g->index + g->nent * 16;
	rpmgen_put_be32(e, tag);
	rpmgen_put_be32(e + 4, type);
	rpmgen_put_be32(e + 8, (uint32_t)off);
	rpmgen_put_be32(e + 12, count);
	g->nent++;
}

void hdrgen_add_string(struct hdrgen *g, uint32_t tag, const char *s)
{
	hdrgen_add(g, tag, 6, 1, s, strlen(s) + 1);
}

void hdrgen_add_strings(struct hdrgen *g, uint32_t tag,
			const char *const *s, size_t n)
{
	size_t i, len = 0, pos = 0;
	char *buf;

	for (i = 0; i < n; i++)
		len += strlen(s[i]) + 1;
	buf = rpmgen_xmalloc(len);
	for (i = 0; i < n; i++) {
		memcpy(buf + pos, s[i], strlen(s[i]) + 1);
		pos += strlen(s[i]) + 1;
	}
	hdrgen_add(g, tag, 8, (uint32_t)n, buf, len);
	free(buf);
}

void hdrgen_add_u16s(struct hdrgen *g, uint32_t tag, const uint16_t *v, size_t n)
{
	uint8_t *buf = rpmgen_xmalloc(2 * n);
	size_t i;

	for (i = 0; i < n; i++) {
		buf[2 * i] = (uint8_t)(v[i] >> 8);
		buf[2 * i + 1] = (uint8_t)v[i];
	}
	hdrgen_add(g, tag, 3, (uint32_t)n, buf, 2 * n);
	free(buf);
}

void hdrgen_add_u32s(struct hdrgen *g, uint32_t tag, const uint32_t *v, size_t n)
{
	uint8_t *buf = rpmgen_xmalloc(4 * n);
	size_t i;

	for (i = 0; i < n; i++)
		rpmgen_put_be32(buf + 4 * i, v[i]);
	hdrgen_add(g, tag, 4, (uint32_t)n, buf, 4 * n);
	free(buf);
}

uint8_t *hdrgen_finish(const struct hdrgen *g, size_t *len)
{
	size_t il = g->nent + 1, dl = g->dlen + 16;
	size_t total = 16 + 16 * il + dl;
	uint8_t *h = rpmgen_xmalloc(total), *data = h + 16 + 16 * il;
	static const uint8_t magic[8] = { 0x8e, 0xad, 0xe8, 0x01 };

	memcpy(h, magic, 8);
	rpmgen_put_be32(h + 8, (uint32_t)il);
	rpmgen_put_be32(h + 12, (uint32_t)dl);
	rpmgen_put_be32(h + 16, TAG_REGION);
	rpmgen_put_be32(h + 20, TYPE_BIN);
	rpmgen_put_be32(h + 24, (uint32_t)g->dlen);
	rpmgen_put_be32(h + 28, 16);
	if (g->nent)
		memcpy(h + 32, g->index, 16 * g->nent);
	if (g->dlen)
		memcpy(data, g->data, g->dlen);
	rpmgen_put_be32(data + g->dlen, TAG_REGION);
	rpmgen_put_be32(data + g->dlen + 4, TYPE_BIN);
	rpmgen_put_be32(data + g->dlen + 8, (uint32_t)(0u - (uint32_t)(16 * il)));
	rpmgen_put_be32(data + g->dlen + 12, 16);
	*len = total;
	return h;
}

uint8_t *rpmgen_package(const struct rpmgen_pkg *p, size_t *len)
{
	size_t n = p->nfiles, i, j, ndirs = 0;
	const char **digests = rpmgen_xmalloc(n * sizeof(char *));
	const char **bases = rpmgen_xmalloc(n * sizeof(char *));
	const char **dirs = rpmgen_xmalloc(n * sizeof(char *));
	uint16_t *modes = rpmgen_xmalloc(n * sizeof(uint16_t));
	uint32_t *flags = rpmgen_xmalloc(n * sizeof(uint32_t));
	uint32_t *dirindexes = rpmgen_xmalloc(n * sizeof(uint32_t));
	struct hdrgen g;
	uint8_t *h;
	char *fill;

	for (i = 0; i < n; i++) {
		digests[i] = p->files[i].digest;
		bases[i] = p->files[i].base;
		modes[i] = p->files[i].mode;
		flags[i] = p->files[i].flags;
		for (j = 0; j < ndirs && strcmp(dirs[j], p->files[i].dir) != 0; j++)
			;
		if (j == ndirs)
			dirs[ndirs++] = p->files[i].dir;
		dirindexes[i] = (uint32_t)j;
	}
	hdrgen_init(&g);
	/* tag order, as rpm writes them */
	hdrgen_add_string(&g, 1000, p->name);
	hdrgen_add_string(&g, 1001, p->version);
	hdrgen_add_string(&g, 1002, p->release);
	hdrgen_add_string(&g, 1004, "A synthetic test package");
	if (p->arch)
		hdrgen_add_string(&g, 1022, p->arch);
	if (n) {
		hdrgen_add_u16s(&g, 1030, modes, n);
		hdrgen_add_strings(&g, 1035, digests, n);
		hdrgen_add_u32s(&g, 1037, flags, n);
	}
	if (p->filler) {
		/* CHANGELOGTEXT-like bulk, like the real headers' */
		fill = rpmgen_xmalloc(p->filler);
		for (i = 0; i < p->filler; i++)
			fill[i] = (char)('a' + i % 26);
		fill[p->filler - 1] = '\0';
		hdrgen_add(&g, 1082, 8, 1, fill, p->filler);
		free(fill);
	}
	if (n) {
		hdrgen_add_u32s(&g, 1116, dirindexes, n);
		hdrgen_add_strings(&g, 1117, bases, n);
		hdrgen_add_strings(&g, 1118, dirs, ndirs);
	}
	if (p->pgp_algo)
		hdrgen_add_u32s(&g, 5011, &p->pgp_algo, 1);
	h = hdrgen_finish(&g, len);
	hdrgen_free(&g);
	free(digests);
	free(bases);
	free(dirs);
	free(modes);
	free(flags);
	free(dirindexes);
	return h;
}

uint8_t *rpmgen_sign(const uint8_t *hdr, size_t len, size_t sig_len,
		     size_t *out_len)
{
	static const char marker[] = "~Module signature appended~\n";
	uint8_t *out = rpmgen_xmalloc(len + sig_len + 40);
	size_t i;

	memcpy(out, hdr, len);
	for (i = 0; i < sig_len; i++)
		out[len + i] = (uint8_t)(i == 0 ? 0x89 : i * 7);
	memset(out + len + sig_len, 0, 8);
	rpmgen_put_be32(out + len + sig_len + 8, (uint32_t)sig_len);
	for (i = 0; i < 28; i++)
		out[len + sig_len + 12 + i] = (uint8_t)marker[i];
	*out_len = len + sig_len + 40;
	return out;
}

uint64_t rpmgen_rand(uint64_t *state)
{
	uint64_t x = *state ? *state : 0x9e3779b97f4a7c15ull;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

void rpmgen_hex_digest(uint64_t *state, char *out, size_t bytes)
{
	static const char hex[] = "0123456789abcdef";
	uint64_t r = 0;
	size_t i;

	for (i = 0; i < bytes; i++) {
		if (i % 8 == 0)
			r = rpmgen_rand(state);
		out[2 * i] = hex[(r >> 4) & 15];
		out[2 * i + 1] = hex[r & 15];
		r >>= 8;
	}
	out[2 * bytes] = '\0';
}
