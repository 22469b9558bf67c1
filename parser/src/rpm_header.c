// SPDX-License-Identifier: GPL-2.0-only
/* Bounds-checked reader of the signed bytes of an RPM main header. */
#include "rpm_header.h"

#include <errno.h>
#include <string.h>

#include "bytes.h"
#include "limits.h"
#include "nulscan.h"

static const struct {
	uint8_t size;		/* bytes per element, 0: NUL-terminated strings */
	uint8_t align;
} rpmh_types[] = {
	[RPMH_NULL] = { 0, 1 },
	[RPMH_CHAR] = { 1, 1 },
	[RPMH_INT8] = { 1, 1 },
	[RPMH_INT16] = { 2, 2 },
	[RPMH_INT32] = { 4, 4 },
	[RPMH_INT64] = { 8, 8 },
	[RPMH_STRING] = { 0, 1 },
	[RPMH_BIN] = { 1, 1 },
	[RPMH_STRING_ARRAY] = { 0, 1 },
	[RPMH_I18NSTRING] = { 0, 1 },
};

#define RPMH_TYPE_MAX RPMH_I18NSTRING

static int fail(struct rpmh *h, int entry, const char **why, const char *msg)
{
	h->bad_entry = entry;
	*why = msg;
	return -EBADMSG;
}

/* Length of @count NUL-terminated strings at @p, all before @end; 0 if not. */
static size_t strings_len(const uint8_t *p, const uint8_t *end, uint32_t count)
{
	return nul_scan(p, (size_t)(end - p), count);
}

static int check_region(struct rpmh *h, const char **why)
{
	const uint8_t *e0 = h->index, *tr;
	uint32_t toff = h->dl - RPMH_TRAILER_LEN;

	if (get_be32(e0) != RPMTAG_HEADERIMMUTABLE)
		return fail(h, 0, why, "first entry is not the immutable region (tag 63)");
	if (get_be32(e0 + 4) != RPMH_BIN || get_be32(e0 + 12) != RPMH_TRAILER_LEN)
		return fail(h, 0, why, "region entry is not BIN with count 16");
	if (get_be32(e0 + 8) != toff)
		return fail(h, 0, why, "region does not end at the end of the data");
	tr = h->data + toff;
	if (get_be32(tr) != RPMTAG_HEADERIMMUTABLE || get_be32(tr + 4) != RPMH_BIN ||
	    get_be32(tr + 12) != RPMH_TRAILER_LEN)
		return fail(h, 0, why, "bad region trailer");
	/* trailer offset = -(16 * ril), two's complement; ril must be il */
	if ((uint32_t)(0u - get_be32(tr + 8)) != h->il * RPMH_ENTRY_LEN)
		return fail(h, 0, why, "region trailer does not cover the whole index");
	return 0;
}

static int check_entry(struct rpmh *h, uint32_t i, uint32_t *prev_end,
		       const char **why)
{
	const uint8_t *e = h->index + (size_t)i * RPMH_ENTRY_LEN;
	uint32_t tag = get_be32(e), type = get_be32(e + 4);
	uint32_t off = get_be32(e + 8), count = get_be32(e + 12);
	uint32_t toff = h->dl - RPMH_TRAILER_LEN;
	uint64_t len;

	if (tag < RPMTAG_I18NTABLE)
		return fail(h, (int)i, why, "tag below 100 after the region entry");
	if (type == RPMH_NULL || type > RPMH_TYPE_MAX)
		return fail(h, (int)i, why, "invalid type");
	if (off >= toff)	/* also rejects negative offsets */
		return fail(h, (int)i, why, "data offset outside the region's data");
	if (off & (rpmh_types[type].align - 1u))
		return fail(h, (int)i, why, "misaligned data offset");
	if (off < *prev_end)
		return fail(h, (int)i, why, "data overlaps the previous entry's");
	if (count == 0 || count > h->dl)
		return fail(h, (int)i, why, "count out of range");
	if (type != RPMH_BIN && count > RPMH_ARRAY_MAX)
		return fail(h, (int)i, why, "array count above 0xfffff");
	if (type == RPMH_STRING && count != 1)
		return fail(h, (int)i, why, "STRING with count other than 1");
	if (rpmh_types[type].size) {
		len = (uint64_t)count * rpmh_types[type].size;
		if (len > toff - off)
			return fail(h, (int)i, why, "data runs into the region trailer");
	} else {
		len = strings_len(h->data + off, h->data + toff, count);
		if (len == 0)
			return fail(h, (int)i, why, "string not NUL-terminated before the region trailer");
		if (i < RPMH_LEN_CACHE)
			h->str_len[i] = (uint32_t)len;
	}
	*prev_end = off + (uint32_t)len;
	return 0;
}

int rpmh_parse(struct rpmh *h, const uint8_t *buf, size_t len,
	       const char **why)
{
	uint64_t total;
	uint32_t i, prev_end = 0;
	int ret;

	memset(h, 0, sizeof(*h));
	h->bad_entry = -1;
	if (len < RPMH_PREAMBLE_LEN)
		return fail(h, -1, why, "truncated before the index");
	if (memcmp(buf, RPMH_MAGIC, RPMH_MAGIC_LEN) != 0)
		return fail(h, -1, why, "bad header magic");
	h->il = get_be32(buf + 8);
	h->dl = get_be32(buf + 12);
	if (h->il < 1 || h->il > RPMH_IL_MAX)
		return fail(h, -1, why, "index entry count out of range");
	if (h->dl < RPMH_TRAILER_LEN || h->dl > RPMH_DL_MAX)
		return fail(h, -1, why, "data length out of range");
	total = RPMH_PREAMBLE_LEN + (uint64_t)h->il * RPMH_ENTRY_LEN + h->dl;
	if (len < total)
		return fail(h, -1, why, "header truncated");
	if (len > total)
		return fail(h, -1, why, "bytes after the header's data");
	h->index = buf + RPMH_PREAMBLE_LEN;
	h->data = h->index + (size_t)h->il * RPMH_ENTRY_LEN;
	h->size = (size_t)total;
	ret = check_region(h, why);
	if (ret)
		return ret;
	for (i = 1; i < h->il; i++) {
		ret = check_entry(h, i, &prev_end, why);
		if (ret)
			return ret;
	}
	return 0;
}

int rpmh_find(const struct rpmh *h, uint32_t tag, uint32_t type,
	      struct rpmh_entry *e, const char **why)
{
	const uint8_t *p;
	uint32_t i, toff = h->dl - RPMH_TRAILER_LEN;
	int found = 0;

	if (type == RPMH_NULL || type > RPMH_TYPE_MAX)
		return -EINVAL;
	for (i = 1; i < h->il; i++) {
		p = h->index + (size_t)i * RPMH_ENTRY_LEN;
		if (get_be32(p) != tag)
			continue;
		if (found) {
			*why = "tag present twice";
			return -EBADMSG;
		}
		found = 1;
		e->tag = tag;
		e->type = get_be32(p + 4);
		e->count = get_be32(p + 12);
		e->data = h->data + get_be32(p + 8);
		if (e->type != type) {
			*why = "tag has an unexpected type";
			return -EBADMSG;
		}
		/* rpmh_parse() checked these bounds. */
		if (rpmh_types[type].size)
			e->len = (size_t)e->count * rpmh_types[type].size;
		else if (i < RPMH_LEN_CACHE)
			e->len = h->str_len[i];
		else
			e->len = strings_len(e->data, h->data + toff, e->count);
	}
	return found ? 0 : -ENOENT;
}

void rpmh_strings_init(struct rpmh_strings *it, const struct rpmh_entry *e)
{
	it->p = (const char *)e->data;
	it->end = it->p + e->len;
}

const char *rpmh_strings_next(struct rpmh_strings *it, size_t *len)
{
	const char *s = it->p;
	size_t n;

	if (s >= it->end)
		return NULL;
	/* short strings (base names): nul_scan() beats musl's memchr() */
	n = nul_scan((const uint8_t *)s, (size_t)(it->end - s), 1);
	if (n == 0)
		return NULL;
	*len = n - 1;
	it->p = s + n;
	return s;
}
