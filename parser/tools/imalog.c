// SPDX-License-Identifier: GPL-2.0-only
/* IMA's binary measurement list: see imalog.h. */
#include "imalog.h"

#include "hash_algo.h"

#include <errno.h>
#include <string.h>

void ima_log_init(struct ima_log *l, const uint8_t *p, size_t len,
		  size_t digest_size)
{
	l->p = p;
	l->len = len;
	l->pos = 0;
	l->digest_size = digest_size;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* The u32 at *pos of @p (@len bytes), advancing *pos; false when short. */
static bool take32(const uint8_t *p, size_t len, size_t *pos, uint32_t *v)
{
	if (len - *pos < 4)
		return false;
	*v = le32(p + *pos);
	*pos += 4;
	return true;
}

static int algo_by_name(const char *name)
{
	unsigned int a;

	for (a = 1; a < HASH_ALGO__LAST; a++) {
		const char *n = hash_algo_name(a);

		if (n && !strcmp(n, name))
			return (int)a;
	}
	return -1;
}

/*
 * d-ng: "<algo>:\0<digest>"; d-ngv2: "<type>:<algo>:\0<digest>" where type
 * is ima or verity.  The digest must have the algorithm's size when the
 * algorithm is known.
 */
static int parse_digest(struct ima_event *e, const uint8_t *f, uint32_t len,
			bool v2, const char **why)
{
	const uint8_t *nul = memchr(f, '\0', len);
	const char *algo = (const char *)f;
	size_t slen, size;

	if (!nul || nul == f || nul[-1] != ':') {
		*why = "digest field without \"<algo>:\\0\"";
		return -EBADMSG;
	}
	slen = (size_t)(nul - f) - 1;	/* without ':' */
	if (v2) {
		const char *colon = memchr(f, ':', slen);
		size_t tlen = colon ? (size_t)(colon - algo) : 0;
		bool ima = tlen == 3 && !memcmp(algo, "ima", 3);
		bool verity = tlen == 6 && !memcmp(algo, "verity", 6);

		if (!ima && !verity) {
			*why = "d-ngv2 digest field without ima: or verity:";
			return -EBADMSG;
		}
		slen -= (size_t)(colon - algo) + 1;
		algo = colon + 1;
	}
	if (slen == 0 || slen >= sizeof(e->algo_name)) {
		*why = "digest field with an empty or overlong algorithm name";
		return -EBADMSG;
	}
	memcpy(e->algo_name, algo, slen);
	e->algo_name[slen] = '\0';
	if (memchr(e->algo_name, ':', slen)) {
		*why = "digest field with ':' in the algorithm name";
		return -EBADMSG;
	}
	e->algo = algo_by_name(e->algo_name);
	e->digest = nul + 1;
	e->digest_len = len - (size_t)(nul + 1 - f);
	size = e->algo >= 0 ? hash_digest_size((unsigned int)e->algo) : 0;
	if (e->digest_len == 0 || (size && e->digest_len != size)) {
		*why = "digest field whose digest does not have its algorithm's size";
		return -EBADMSG;
	}
	e->has_digest = true;
	return 0;
}

/* The fields of templates whose first two fields are d-ng(v2) and n-ng. */
static int parse_fields(struct ima_event *e, const char **why)
{
	static const struct {
		const char *name;
		bool v2, buf;
	} known[] = {
		{ "ima-ng", false, false }, { "ima-sig", false, false },
		{ "ima-buf", false, true }, { "ima-modsig", false, false },
		{ "ima-ngv2", true, false }, { "ima-sigv2", true, false },
	};
	const uint8_t *field[IMA_FIELDS_MAX];
	uint32_t flen[IMA_FIELDS_MAX];
	size_t pos = 0, k, n = 0;
	int ret;

	for (k = 0; k < sizeof(known) / sizeof(known[0]); k++)
		if (!strcmp(e->template_name, known[k].name))
			break;
	if (k == sizeof(known) / sizeof(known[0]))
		return 0;	/* a template this tool does not interpret */
	while (pos < e->data_len) {
		if (n == IMA_FIELDS_MAX) {
			*why = "more template fields than any known template has";
			return -EBADMSG;
		}
		if (!take32(e->data, e->data_len, &pos, &flen[n]) ||
		    flen[n] > e->data_len - pos) {
			*why = "template field runs past the template data";
			return -EBADMSG;
		}
		field[n] = e->data + pos;
		pos += flen[n];
		n++;
	}
	if (n < (known[k].buf ? 3u : 2u)) {
		*why = "fewer template fields than the template has";
		return -EBADMSG;
	}
	ret = parse_digest(e, field[0], flen[0], known[k].v2, why);
	if (ret)
		return ret;
	if (flen[1] == 0 || field[1][flen[1] - 1] != '\0' ||
	    memchr(field[1], '\0', flen[1]) != field[1] + flen[1] - 1) {
		*why = "event name not a NUL-terminated string";
		return -EBADMSG;
	}
	e->name = (const char *)field[1];
	if (known[k].buf) {
		e->buf = field[2];
		e->buf_len = flen[2];
	}
	return 0;
}

static bool all_zero(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

int ima_log_next(struct ima_log *l, struct ima_event *e, const char **why)
{
	size_t pos = l->pos;
	uint32_t v;

	memset(e, 0, sizeof(*e));
	e->algo = -1;
	e->offset = pos;
	if (pos == l->len)
		return 0;
	if (!take32(l->p, l->len, &pos, &e->pcr)) {
		*why = "truncated entry (PCR)";
		goto bad;
	}
	if (e->pcr >= IMA_PCR_MAX) {
		*why = "PCR number above 23";
		goto bad;
	}
	if (l->len - pos < l->digest_size) {
		*why = "truncated entry (template digest)";
		goto bad;
	}
	e->template_digest = l->p + pos;
	e->violation = all_zero(e->template_digest, l->digest_size);
	pos += l->digest_size;
	if (!take32(l->p, l->len, &pos, &v) || v > l->len - pos) {
		*why = "truncated entry (template name)";
		goto bad;
	}
	if (v == 0 || v > IMA_TEMPLATE_NAME_MAX ||
	    memchr(l->p + pos, '\0', v)) {
		*why = "template name empty, longer than 255 bytes or with a NUL";
		goto bad;
	}
	memcpy(e->template_name, l->p + pos, v);
	e->template_name[v] = '\0';
	pos += v;
	if (!strcmp(e->template_name, "ima")) {
		*why = "template \"ima\" (SHA-1 only, fixed-size names) is not supported";
		goto bad;
	}
	if (!take32(l->p, l->len, &pos, &e->data_len) ||
	    e->data_len > l->len - pos) {
		*why = "truncated entry (template data)";
		goto bad;
	}
	e->data = l->p + pos;
	pos += e->data_len;
	if (parse_fields(e, why))
		goto bad;
	l->pos = pos;
	return 1;
bad:
	l->pos = l->len;
	return -EBADMSG;
}
