// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of rpm_header.c: valid headers and a malformed corpus. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rpm_header.h"
#include "rpmgen.h"
#include "sample.h"
#include "tap.h"

/* Entry numbers in the sample header (see rpmgen_package()). */
enum { E_REGION, E_NAME, E_VERSION, E_RELEASE, E_SUMMARY, E_ARCH, E_MODES,
       E_DIGESTS, E_FLAGS, E_FILLER, E_DIRINDEXES, E_BASENAMES, E_DIRNAMES,
       E_ALGO, E_COUNT };

static uint8_t *hdr;
static size_t hdr_len;
static const char *why = "";

/* Expect -EBADMSG with a reason containing @word (NULL: any reason). */
static void bad(int ret, const char *word, const char *what)
{
	ok(ret == -EBADMSG && (!word || strstr(why, word)), "%s: %s", what, why);
}

static int parse(const uint8_t *buf, size_t len, const char **w)
{
	struct rpmh h;

	*w = "";
	return rpmh_parse(&h, buf, len, w);
}

/* Parse a copy of the sample with the be32 at @off replaced by @v. */
static int parse_patched(size_t off, uint32_t v, const char **w)
{
	uint8_t *c = rpmgen_xmalloc(hdr_len);
	int ret;

	memcpy(c, hdr, hdr_len);
	rpmgen_put_be32(c + off, v);
	ret = parse(c, hdr_len, w);
	free(c);
	return ret;
}

static uint32_t field(size_t entry, unsigned int f)
{
	return rpmgen_get_be32(hdr + rpmgen_entry_field(entry, f));
}

static void test_valid(void)
{
	struct rpmh h;
	struct rpmh_entry e;
	struct rpmh_strings it;
	const char *s;
	size_t n, len;
	int ret;

	ret = rpmh_parse(&h, hdr, hdr_len, &why);
	ok(ret == 0, "sample header parses (%s)", why);
	ok(h.il == E_COUNT && h.size == hdr_len, "il %u, size %zu", h.il, h.size);
	ok(rpmh_find(&h, RPMTAG_NAME, RPMH_STRING, &e, &why) == 0 &&
	   e.len == 4 && memcmp(e.data, "foo", 4) == 0, "NAME is \"foo\"");
	ok(rpmh_find(&h, RPMTAG_FILEMODES, RPMH_INT16, &e, &why) == 0 &&
	   e.count == SAMPLE_FILES && rpmh_u16(&e, 0) == 0100755 &&
	   rpmh_u16(&e, 4) == 040755, "FILEMODES values");
	ok(rpmh_u16(&e, SAMPLE_FILES) == 0, "rpmh_u16 beyond count returns 0");
	ok(rpmh_find(&h, RPMTAG_FILEFLAGS, RPMH_INT32, &e, &why) == 0 &&
	   rpmh_u32(&e, 6) == RPMFILE_GHOST, "FILEFLAGS values");
	ok(rpmh_find(&h, RPMTAG_BASENAMES, RPMH_STRING_ARRAY, &e, &why) == 0,
	   "BASENAMES found");
	rpmh_strings_init(&it, &e);
	for (n = 0; (s = rpmh_strings_next(&it, &len)) != NULL; n++)
		if (n == 1 && (len != 13 || memcmp(s, "libfoo.so.1.2", 13) != 0))
			break;
	ok(n == SAMPLE_FILES, "BASENAMES iterates over %zu strings", n);
	ok(rpmh_find(&h, 4242, RPMH_STRING, &e, &why) == -ENOENT, "absent tag: -ENOENT");
	ok(rpmh_find(&h, RPMTAG_NAME, RPMH_INT32, &e, &why) == -EBADMSG,
	   "tag with another type: -EBADMSG");
	ok(rpmh_find(&h, RPMTAG_NAME, 42, &e, &why) == -EINVAL, "invalid type asked: -EINVAL");
}

static void test_truncated(void)
{
	size_t i, accepted = 0;
	uint8_t *c = rpmgen_xmalloc(hdr_len + 1);

	for (i = 0; i < hdr_len; i++)
		if (parse(hdr, i, &why) != -EBADMSG)
			accepted++;
	ok(accepted == 0, "every truncation (%zu prefixes) rejected", hdr_len);
	memcpy(c, hdr, hdr_len);
	c[hdr_len] = 0;
	bad(parse(c, hdr_len + 1, &why), "after", "one byte after the data rejected");
	free(c);
}

static void test_preamble(void)
{
	uint8_t *c = rpmgen_xmalloc(hdr_len);

	memcpy(c, hdr, hdr_len);
	c[3] = 0x02;
	bad(parse(c, hdr_len, &why), "magic", "bad magic");
	free(c);
	bad(parse_patched(8, 0, &why), NULL, "il 0");
	bad(parse_patched(8, 0x10000, &why), NULL, "il 0x10000");
	bad(parse_patched(8, 0xffffffff, &why), NULL, "il 0xffffffff");
	bad(parse_patched(12, 0x10000000, &why), NULL, "dl 0x10000000");
	bad(parse_patched(12, 15, &why), NULL, "dl 15");
	bad(parse_patched(12, 0xffffffff, &why), NULL, "dl 0xffffffff");
	bad(parse_patched(8, E_COUNT - 1, &why), NULL, "il one too small");
}

static void test_region(void)
{
	size_t tr = hdr_len - 16;

	bad(parse_patched(rpmgen_entry_field(0, 0), 62, &why), NULL, "region tag 62 (signature header) refused");
	bad(parse_patched(rpmgen_entry_field(0, 1), 4, &why), NULL, "region type not BIN");
	bad(parse_patched(rpmgen_entry_field(0, 3), 32, &why), NULL, "region count not 16");
	bad(parse_patched(rpmgen_entry_field(0, 2), field(0, 2) - 4, &why), NULL, "region offset not at the end");
	bad(parse_patched(tr, 61, &why), NULL, "trailer tag");
	bad(parse_patched(tr + 4, 6, &why), NULL, "trailer type");
	bad(parse_patched(tr + 8, (uint32_t)-(16 * (int64_t)(E_COUNT - 1)), &why), NULL, "trailer covers fewer entries");
	bad(parse_patched(tr + 8, (uint32_t)(16 * E_COUNT), &why), NULL, "trailer offset positive");
	bad(parse_patched(tr + 12, 0, &why), NULL, "trailer count");
}

static void test_entries(void)
{
	uint32_t dl = (uint32_t)(hdr_len - 16 - 16 * (size_t)E_COUNT);

	bad(parse_patched(rpmgen_entry_field(E_NAME, 0), 99, &why), NULL, "tag below 100");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 0), 63, &why), NULL, "second region tag");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 1), 0, &why), NULL, "type NULL");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 1), 10, &why), NULL, "type 10");
	bad(parse_patched(rpmgen_entry_field(E_FLAGS, 2), field(E_FLAGS, 2) + 2, &why), "misaligned", "misaligned INT32");
	bad(parse_patched(rpmgen_entry_field(E_MODES, 2), field(E_MODES, 2) + 1, &why), NULL, "misaligned INT16");
	bad(parse_patched(rpmgen_entry_field(E_VERSION, 2), field(E_NAME, 2), &why), "overlaps", "overlapping entries");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 2), field(E_VERSION, 2), &why), NULL, "entry after the next one");
	bad(parse_patched(rpmgen_entry_field(E_ALGO, 2), dl - 16, &why), NULL, "offset at the trailer");
	bad(parse_patched(rpmgen_entry_field(E_ALGO, 2), dl - 16 - 2, &why), NULL, "INT32 running into the trailer");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 2), 0xfffffff0, &why), NULL, "negative offset");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 2), dl + 100, &why), NULL, "offset beyond dl");
	bad(parse_patched(rpmgen_entry_field(E_NAME, 3), 2, &why), NULL, "STRING with count 2");
	bad(parse_patched(rpmgen_entry_field(E_FLAGS, 3), 0, &why), NULL, "count 0");
	bad(parse_patched(rpmgen_entry_field(E_FLAGS, 3), 0x100000, &why), NULL, "huge array count");
	bad(parse_patched(rpmgen_entry_field(E_FLAGS, 3), 0xffffffff, &why), NULL, "count 0xffffffff");
	bad(parse_patched(rpmgen_entry_field(E_FLAGS, 3), SAMPLE_FILES + 1, &why), NULL, "INT32 array overlapping the next entry");
	bad(parse_patched(rpmgen_entry_field(E_DIRNAMES, 3), 50, &why), NULL, "more DIRNAMES strings than there are");
}

static void test_missing_nul(void)
{
	uint8_t *c = rpmgen_xmalloc(hdr_len);
	size_t data = 16 + 16 * E_COUNT, end;

	/* NAME loses its NUL: it now runs into VERSION's data */
	memcpy(c, hdr, hdr_len);
	end = data + field(E_VERSION, 2) - 1;
	c[end] = 'x';
	bad(parse(c, hdr_len, &why), "overlaps", "STRING running into the next entry");
	free(c);
	{
		struct hdrgen g;
		uint8_t *h;
		size_t len;

		hdrgen_init(&g);
		hdrgen_add(&g, 1000, 6, 1, "abc", 3);	/* no NUL */
		h = hdrgen_finish(&g, &len);
		hdrgen_free(&g);
		/* the trailer's bytes contain zeros: they must not count */
		bad(parse(h, len, &why), "NUL", "STRING without NUL before the trailer");
		free(h);
	}
}

static void test_duplicates(void)
{
	struct hdrgen g;
	struct rpmh h;
	struct rpmh_entry e;
	uint8_t *b;
	size_t len;

	hdrgen_init(&g);
	hdrgen_add_string(&g, 1000, "a");
	hdrgen_add_string(&g, 1000, "b");
	b = hdrgen_finish(&g, &len);
	hdrgen_free(&g);
	ok(rpmh_parse(&h, b, len, &why) == 0, "header with a tag twice parses");
	bad(rpmh_find(&h, 1000, RPMH_STRING, &e, &why), "twice", "but finding that tag fails");
	free(b);
}

/* Random corruption never crashes (the sanitizer runs check the rest). */
static void test_random(void)
{
	uint64_t seed = 7;
	uint8_t *c = rpmgen_xmalloc(hdr_len);
	size_t i, k, accepted = 0;
	struct rpmh h;
	struct rpmh_entry e;

	for (i = 0; i < 20000; i++) {
		memcpy(c, hdr, hdr_len);
		for (k = 0; k < 1 + i % 4; k++)
			c[rpmgen_rand(&seed) % hdr_len] ^= (uint8_t)(1u << (rpmgen_rand(&seed) % 8));
		if (rpmh_parse(&h, c, hdr_len, &why) == 0) {
			accepted++;
			(void)rpmh_find(&h, RPMTAG_FILEDIGESTS, RPMH_STRING_ARRAY, &e, &why);
		}
	}
	ok(accepted < 20000, "20000 random bit flips: %zu still valid, no crash", accepted);
	free(c);
}

/* String lengths: kept by rpmh_parse() for the first entries, scanned
 * again by rpmh_find() after them. */
static void test_many_entries(void)
{
	static const char *const strs[] = { "a", "", "bcd", "efghijklmnopqrstuvwxyz" };
	struct hdrgen g;
	struct rpmh h;
	struct rpmh_entry e;
	size_t len, want, bad_len = 0;
	uint32_t i, n;
	uint8_t *buf;
	int ret;

	hdrgen_init(&g);
	for (i = 1; i < 300; i++) {
		if (i % 3 == 0)
			hdrgen_add_string(&g, 1000 + i, strs[i % 4]);
		else
			hdrgen_add_strings(&g, 1000 + i, strs, 1 + i % 4);
	}
	buf = hdrgen_finish(&g, &len);
	ret = rpmh_parse(&h, buf, len, &why);
	ok(ret == 0 && h.il == 300, "header with 300 entries: %s", ret ? why : "parsed");
	for (i = 1; ret == 0 && i < 300; i++) {
		if (rpmh_find(&h, 1000 + i, i % 3 == 0 ? RPMH_STRING : RPMH_STRING_ARRAY,
			      &e, &why) != 0) {
			bad_len++;
			continue;
		}
		want = 0;
		for (n = 0; n < (i % 3 == 0 ? 1 : 1 + i % 4); n++)
			want += strlen(strs[i % 3 == 0 ? i % 4 : n]) + 1;
		bad_len += e.len != want;
	}
	ok(ret == 0 && bad_len == 0,
	   "string lengths right before and after entry %d (%zu wrong)", RPMH_LEN_CACHE, bad_len);
	free(buf);
	hdrgen_free(&g);
}

int main(void)
{
	hdr = sample_header(8, 32, &hdr_len);
	test_valid();
	test_many_entries();
	test_truncated();
	test_preamble();
	test_region();
	test_entries();
	test_missing_nul();
	test_duplicates();
	test_random();
	free(hdr);
	return tap_done();
}
