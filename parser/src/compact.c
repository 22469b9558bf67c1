// SPDX-License-Identifier: GPL-2.0-only
/* Compact digest lists (DIGLIM v3 format): writer, reader and validator. */
#include "compact.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "hash_algo.h"
#include "limits.h"

#define COMPACT_MODS_KNOWN	((1u << COMPACT_MOD__LAST) - 1)

static int type_ok(unsigned int type)
{
	return type < COMPACT__LAST && type != COMPACT_DIGEST_LIST;
}

void compact_writer_init(struct compact_writer *w)
{
	memset(w, 0, sizeof(*w));
}

void compact_writer_reset(struct compact_writer *w)
{
	w->len = 0;
	w->dsize = 0;
	w->count = 0;
}

void compact_writer_free(struct compact_writer *w)
{
	free(w->buf);
	compact_writer_init(w);
}

static int grow(struct compact_writer *w, size_t need)
{
	size_t cap;
	uint8_t *p;

	if (need > UPLOAD_MAX)
		return -E2BIG;
	if (need <= w->cap)
		return 0;
	cap = w->cap ? w->cap : 4096;
	while (cap < need)
		cap *= 2;
	p = realloc(w->buf, cap);
	if (!p)
		return -ENOMEM;
	w->buf = p;
	w->cap = cap;
	return 0;
}

int compact_reserve(struct compact_writer *w, size_t n, size_t dsize)
{
	if (dsize && n > (UPLOAD_MAX - COMPACT_HDR_LEN) / dsize)
		return -E2BIG;
	if (w->len > UPLOAD_MAX - COMPACT_HDR_LEN - n * dsize)
		return -E2BIG;
	return grow(w, w->len + COMPACT_HDR_LEN + n * dsize);
}

int compact_block_begin(struct compact_writer *w, uint16_t type,
			uint16_t modifiers, uint16_t algo)
{
	size_t dsize = hash_digest_size(algo);
	uint8_t *h;
	int ret;

	if (w->dsize || !type_ok(type) || (modifiers & ~COMPACT_MODS_KNOWN) ||
	    !dsize)
		return -EINVAL;
	ret = grow(w, w->len + COMPACT_HDR_LEN);
	if (ret)
		return ret;
	h = w->buf + w->len;
	h[0] = COMPACT_VERSION;
	h[1] = 0;
	put_le16(h + 2, type);
	put_le16(h + 4, modifiers);
	put_le16(h + 6, algo);
	put_le32(h + 8, 0);
	put_le32(h + 12, 0);
	w->blk = w->len;
	w->len += COMPACT_HDR_LEN;
	w->dsize = dsize;
	w->count = 0;
	return 0;
}

uint8_t *compact_digest_slot(struct compact_writer *w)
{
	uint8_t *slot;

	if (!w->dsize || w->count == UINT32_MAX ||
	    grow(w, w->len + w->dsize))
		return NULL;
	slot = w->buf + w->len;
	w->len += w->dsize;
	w->count++;
	return slot;
}

int compact_block_end(struct compact_writer *w)
{
	uint8_t *h;

	if (!w->dsize)
		return -EINVAL;
	if (w->count == 0) {
		w->len = w->blk;
	} else {
		h = w->buf + w->blk;
		put_le32(h + 8, w->count);
		put_le32(h + 12, (uint32_t)(w->count * w->dsize));
	}
	w->dsize = 0;
	w->count = 0;
	return 0;
}

int compact_next(const uint8_t *buf, size_t len, size_t *pos,
		 struct compact_block *b, const char **why)
{
	const uint8_t *h;
	uint32_t datalen;
	size_t left;

	if (*pos >= len)
		return 0;
	left = len - *pos;
	if (left < COMPACT_HDR_LEN) {
		*why = "truncated block header";
		return -EBADMSG;
	}
	h = buf + *pos;
	if (h[0] != COMPACT_VERSION) {
		*why = "unsupported block version";
		return -EBADMSG;
	}
	if (h[1] != 0) {
		*why = "reserved byte not zero";
		return -EBADMSG;
	}
	b->type = get_le16(h + 2);
	b->modifiers = get_le16(h + 4);
	b->algo = get_le16(h + 6);
	b->count = get_le32(h + 8);
	datalen = get_le32(h + 12);
	if (!type_ok(b->type)) {
		*why = "invalid block type";
		return -EBADMSG;
	}
	if (b->modifiers & ~COMPACT_MODS_KNOWN) {
		*why = "unknown modifiers";
		return -EBADMSG;
	}
	b->dsize = hash_digest_size(b->algo);
	if (!b->dsize) {
		*why = "unknown digest algorithm";
		return -EBADMSG;
	}
	if ((uint64_t)b->count * b->dsize != datalen) {
		*why = "datalen is not count * digest size";
		return -EBADMSG;
	}
	if (datalen > left - COMPACT_HDR_LEN) {
		*why = "block digests beyond the end of the list";
		return -EBADMSG;
	}
	b->digests = h + COMPACT_HDR_LEN;
	*pos += COMPACT_HDR_LEN + datalen;
	return 1;
}

int compact_validate(const uint8_t *buf, size_t len, size_t *ndigests,
		     const char **why)
{
	struct compact_block b;
	size_t pos = 0, n = 0;
	int ret;

	if (len == 0) {
		*why = "empty list";
		return -EBADMSG;
	}
	if (len > UPLOAD_MAX) {
		*why = "list larger than the kernel accepts";
		return -EBADMSG;
	}
	while ((ret = compact_next(buf, len, &pos, &b, why)) == 1)
		n += b.count;
	if (ret < 0)
		return ret;
	if (ndigests)
		*ndigests = n;
	return 0;
}
