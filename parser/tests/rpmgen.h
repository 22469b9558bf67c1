/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test-time generator of synthetic RPM main headers (the signed bytes of
 * the immutable region, as in rpm list files).
 */
#ifndef DIGLIM_RPMGEN_H
#define DIGLIM_RPMGEN_H

#include <stddef.h>
#include <stdint.h>

/* A header under construction: entries in the order they are added. */
struct hdrgen {
	uint8_t *index;		/* entries 1.. (16 bytes each) */
	size_t nent;
	uint8_t *data;
	size_t dlen;
};

void hdrgen_init(struct hdrgen *g);
void hdrgen_free(struct hdrgen *g);
/* Append an entry; @len bytes of @data, aligned for @type. */
void hdrgen_add(struct hdrgen *g, uint32_t tag, uint32_t type,
		uint32_t count, const void *data, size_t len);
void hdrgen_add_string(struct hdrgen *g, uint32_t tag, const char *s);
void hdrgen_add_strings(struct hdrgen *g, uint32_t tag,
			const char *const *s, size_t n);
void hdrgen_add_u16s(struct hdrgen *g, uint32_t tag, const uint16_t *v, size_t n);
void hdrgen_add_u32s(struct hdrgen *g, uint32_t tag, const uint32_t *v, size_t n);
/* Magic, il, dl, region entry, entries, data, trailer. Caller frees. */
uint8_t *hdrgen_finish(const struct hdrgen *g, size_t *len);

struct rpmgen_file {
	const char *dir;	/* "/usr/bin/" */
	const char *base;	/* "ls" */
	uint16_t mode;		/* with S_IFMT bits */
	uint32_t flags;		/* RPMFILE_* */
	const char *digest;	/* hex, "" for none */
};

struct rpmgen_pkg {
	const char *name, *version, *release, *arch;
	uint32_t pgp_algo;	/* FILEDIGESTALGO; 0: tag absent (MD5) */
	const struct rpmgen_file *files;
	size_t nfiles;
	size_t filler;		/* bytes of extra header content */
};

/* A complete header for @p. Caller frees. */
uint8_t *rpmgen_package(const struct rpmgen_pkg *p, size_t *len);

/* Append a fake signature packet of @sig_len bytes and the trailer. */
uint8_t *rpmgen_sign(const uint8_t *hdr, size_t len, size_t sig_len,
		     size_t *out_len);

/* malloc() that aborts on failure. */
void *rpmgen_xmalloc(size_t n);
void *rpmgen_xcalloc(size_t n, size_t size);

/* Deterministic pseudo-random numbers and digests. */
uint64_t rpmgen_rand(uint64_t *state);
void rpmgen_hex_digest(uint64_t *state, char *out, size_t bytes);

/* Byte offset in @hdr of field @field (0 tag, 1 type, 2 offset, 3 count)
 * of index entry @i. */
size_t rpmgen_entry_field(size_t i, unsigned int field);
void rpmgen_put_be32(uint8_t *p, uint32_t v);
uint32_t rpmgen_get_be32(const uint8_t *p);

#endif
