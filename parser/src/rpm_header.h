/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bounds-checked reader of the signed bytes of an RPM main header:
 * magic, be32 il, be32 dl, il index entries, dl data bytes, where the
 * whole header is one immutable region (tag 63).
 */
#ifndef DIGLIM_RPM_HEADER_H
#define DIGLIM_RPM_HEADER_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"

#define RPMH_MAGIC		"\x8e\xad\xe8\x01\x00\x00\x00\x00"
#define RPMH_MAGIC_LEN		8
#define RPMH_PREAMBLE_LEN	16	/* magic + il + dl */
#define RPMH_ENTRY_LEN		16
#define RPMH_TRAILER_LEN	16

enum rpmh_type {
	RPMH_NULL, RPMH_CHAR, RPMH_INT8, RPMH_INT16, RPMH_INT32, RPMH_INT64,
	RPMH_STRING, RPMH_BIN, RPMH_STRING_ARRAY, RPMH_I18NSTRING,
};

enum rpmh_tag {
	RPMTAG_HEADERIMMUTABLE = 63,
	RPMTAG_I18NTABLE = 100,
	RPMTAG_NAME = 1000,
	RPMTAG_VERSION = 1001,
	RPMTAG_RELEASE = 1002,
	RPMTAG_ARCH = 1022,
	RPMTAG_FILEMODES = 1030,
	RPMTAG_FILEDIGESTS = 1035,
	RPMTAG_FILEFLAGS = 1037,
	RPMTAG_DIRINDEXES = 1116,
	RPMTAG_BASENAMES = 1117,
	RPMTAG_DIRNAMES = 1118,
	RPMTAG_FILEDIGESTALGO = 5011,
};

#define RPMFILE_CONFIG		(1u << 0)
#define RPMFILE_GHOST		(1u << 6)

/* Entries whose string lengths rpmh_parse() keeps for rpmh_find(). */
#define RPMH_LEN_CACHE		128

/* A parsed header: pointers into the caller's buffer. */
struct rpmh {
	const uint8_t *index;	/* il entries */
	const uint8_t *data;	/* dl bytes */
	uint32_t il;
	uint32_t dl;
	size_t size;		/* 16 + 16 * il + dl */
	int bad_entry;		/* index entry of the last error, -1: none */
	/* bytes of the strings of string entry i (i < RPMH_LEN_CACHE), as
	 * rpmh_parse() measured them: rpmh_find() does not scan them again */
	uint32_t str_len[RPMH_LEN_CACHE];
};

/* One index entry with its data: len bytes at data. */
struct rpmh_entry {
	uint32_t tag;
	uint32_t type;
	uint32_t count;
	const uint8_t *data;
	size_t len;
};

/*
 * Check every byte of the header in @buf, which must be exactly @len
 * bytes long, with rpm's own sanity rules and more. Returns 0, or
 * -EBADMSG with *why set (and h->bad_entry when an entry is at fault).
 */
int rpmh_parse(struct rpmh *h, const uint8_t *buf, size_t len,
	       const char **why);

/*
 * Find @tag with type @type. Returns 0, -ENOENT when absent, -EBADMSG
 * (*why set) when present twice or with another type.
 */
int rpmh_find(const struct rpmh *h, uint32_t tag, uint32_t type,
	      struct rpmh_entry *e, const char **why);

/* Values of INT16 / INT32 arrays; 0 when @i is not below e->count. */
static inline uint16_t rpmh_u16(const struct rpmh_entry *e, uint32_t i)
{
	return i < e->count ? get_be16(e->data + (size_t)i * 2) : 0;
}

static inline uint32_t rpmh_u32(const struct rpmh_entry *e, uint32_t i)
{
	return i < e->count ? get_be32(e->data + (size_t)i * 4) : 0;
}

/* Walk the strings of a STRING / STRING_ARRAY entry. */
struct rpmh_strings {
	const char *p;
	const char *end;
};

void rpmh_strings_init(struct rpmh_strings *it, const struct rpmh_entry *e);
/* Next string and its length; NULL after the last. */
const char *rpmh_strings_next(struct rpmh_strings *it, size_t *len);

#endif
