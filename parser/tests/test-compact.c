// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of compact.c: writer, reader, validator. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compact.h"
#include "hash_algo.h"
#include "rpmgen.h"
#include "tap.h"

static const char *why = "";

static void bad(int ret, const char *word, const char *what)
{
	ok(ret == -EBADMSG && (!word || strstr(why, word)), "%s: %s", what, why);
}

/* A two-block list: 3 sha256 file digests, 2 sha1 parser digests. */
static struct compact_writer w;

static void build(void)
{
	uint8_t *d;
	int i;

	compact_writer_init(&w);
	compact_block_begin(&w, COMPACT_FILE, 1, HASH_ALGO_SHA256);
	for (i = 0; i < 3; i++) {
		d = compact_digest_slot(&w);
		memset(d, i + 1, 32);
	}
	compact_block_end(&w);
	compact_block_begin(&w, COMPACT_FILE, 0, HASH_ALGO_SHA256);
	compact_block_end(&w);	/* empty: dropped */
	compact_block_begin(&w, COMPACT_PARSER, 0, HASH_ALGO_SHA1);
	for (i = 0; i < 2; i++) {
		d = compact_digest_slot(&w);
		memset(d, 0xa0 + i, 20);
	}
	compact_block_end(&w);
}

static void test_roundtrip(void)
{
	struct compact_block b;
	size_t pos = 0, n = 0;
	int r1, r2, r3;

	build();
	ok(w.len == 16 + 96 + 16 + 40, "two blocks, the empty one dropped (%zu bytes)", w.len);
	ok(compact_validate(w.buf, w.len, &n, &why) == 0 && n == 5, "validates, 5 digests");
	r1 = compact_next(w.buf, w.len, &pos, &b, &why);
	ok(r1 == 1 && b.type == COMPACT_FILE && b.modifiers == 1 && b.algo == 4 &&
	   b.count == 3 && b.dsize == 32 && b.digests[64] == 3, "first block read back");
	r2 = compact_next(w.buf, w.len, &pos, &b, &why);
	ok(r2 == 1 && b.type == COMPACT_PARSER && b.algo == 2 && b.count == 2 &&
	   b.digests[20] == 0xa1, "second block read back");
	r3 = compact_next(w.buf, w.len, &pos, &b, &why);
	ok(r3 == 0 && pos == w.len, "then the end");
	ok(w.buf[0] == 1 && w.buf[1] == 0 && w.buf[8] == 3 && w.buf[12] == 96 &&
	   w.buf[13] == 0, "little-endian header bytes");
}

static void test_writer_errors(void)
{
	struct compact_writer x;

	compact_writer_init(&x);
	ok(compact_block_begin(&x, COMPACT_DIGEST_LIST, 0, 4) == -EINVAL, "writer refuses COMPACT_DIGEST_LIST");
	ok(compact_block_begin(&x, COMPACT__LAST, 0, 4) == -EINVAL, "writer refuses type 4");
	ok(compact_block_begin(&x, COMPACT_FILE, 2, 4) == -EINVAL, "writer refuses unknown modifier");
	ok(compact_block_begin(&x, COMPACT_FILE, 0, 0) == -EINVAL, "writer refuses algo 0 (md4)");
	ok(compact_block_begin(&x, COMPACT_FILE, 0, 99) == -EINVAL, "writer refuses algo 99");
	ok(compact_digest_slot(&x) == NULL, "no slot without an open block");
	ok(compact_block_end(&x) == -EINVAL, "no end without an open block");
	ok(compact_block_begin(&x, COMPACT_FILE, 0, 4) == 0, "open a block");
	ok(compact_block_begin(&x, COMPACT_FILE, 1, 4) == -EINVAL, "no nested blocks");
	ok(compact_reserve(&x, 3u << 20, 32) == -E2BIG, "reserve above 64 MiB: -E2BIG");
	compact_writer_free(&x);
}

static int patched(size_t off, uint8_t v)
{
	uint8_t *c = rpmgen_xmalloc(w.len);
	int ret;

	memcpy(c, w.buf, w.len);
	c[off] = v;
	ret = compact_validate(c, w.len, NULL, &why);
	free(c);
	return ret;
}

static void test_invalid(void)
{
	size_t i, accepted = 0;
	uint8_t *c;

	bad(compact_validate(w.buf, 0, NULL, &why), "empty", "empty list");
	bad(patched(0, 2), "version", "version 2");
	bad(patched(1, 1), "reserved", "reserved byte");
	bad(patched(2, COMPACT_DIGEST_LIST), "type", "type COMPACT_DIGEST_LIST");
	bad(patched(2, 4), "type", "type 4");
	bad(patched(3, 1), "type", "type 0x100");
	bad(patched(4, 2), "modifiers", "modifier bit 1");
	bad(patched(5, 0x80), "modifiers", "modifier bit 15");
	bad(patched(6, 0), "algorithm", "algo 0");
	bad(patched(6, 23), "algorithm", "algo 23");
	bad(patched(6, HASH_ALGO_SHA512), "datalen", "algo with another digest size");
	bad(patched(8, 4), "datalen", "count one more");
	bad(patched(11, 0x40), "datalen", "huge count");
	bad(patched(12, 95), "datalen", "datalen one less");
	bad(patched(16 + 96 + 8, 3), "datalen", "second block count");
	/* count and datalen consistent but beyond the end */
	c = rpmgen_xmalloc(w.len);
	memcpy(c, w.buf, w.len);
	c[16 + 96 + 8] = 3;
	c[16 + 96 + 12] = 60;
	bad(compact_validate(c, w.len, NULL, &why), "beyond", "digests beyond the end");
	/* count*size overflowing 32 bits: 0x80000000 * 32 == 0 mod 2^32 */
	memcpy(c, w.buf, w.len);
	memset(c + 8, 0, 8);
	c[11] = 0x80;
	bad(compact_validate(c, w.len, NULL, &why), "datalen", "count * size overflowing 32 bits");
	free(c);
	for (i = 1; i < w.len; i++)
		if (compact_validate(w.buf, i, NULL, &why) != -EBADMSG)
			if (i != 16 + 96)	/* the first block alone is a list */
				accepted++;
	ok(accepted == 0, "every truncation except at a block boundary rejected");
	c = rpmgen_xmalloc(w.len + 1);
	memcpy(c, w.buf, w.len);
	c[w.len] = 1;
	bad(compact_validate(c, w.len + 1, NULL, &why), "truncated", "one byte after the last block");
	free(c);
}

static void test_count_zero(void)
{
	uint8_t b[16] = { 1, 0, COMPACT_FILE, 0, 0, 0, 4, 0 };
	size_t n = 99;

	ok(compact_validate(b, 16, &n, &why) == 0 && n == 0, "a block with count 0 is valid");
}

static void test_random(void)
{
	uint64_t seed = 3;
	uint8_t *c = rpmgen_xmalloc(w.len);
	size_t i, n, accepted = 0;

	for (i = 0; i < 20000; i++) {
		memcpy(c, w.buf, w.len);
		c[rpmgen_rand(&seed) % 32] ^= (uint8_t)rpmgen_rand(&seed);
		if (compact_validate(c, w.len, &n, &why) == 0)
			accepted++;
	}
	ok(accepted < 20000, "random header corruption: %zu of 20000 still valid, no crash", accepted);
	free(c);
}

int main(void)
{
	test_roundtrip();
	test_writer_errors();
	test_invalid();
	test_count_zero();
	test_random();
	compact_writer_free(&w);
	return tap_done();
}
