// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of convert.c: rpm header -> compact list. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compact.h"
#include "convert.h"
#include "hash_algo.h"
#include "rpmgen.h"
#include "sample.h"
#include "tap.h"

static struct compact_writer w;
static struct convert_info info;
static char err[CONVERT_ERR_LEN];
static const struct convert_opts defaults = { .type = COMPACT_FILE };

static int conv(const uint8_t *b, size_t len, const struct convert_opts *o)
{
	return convert_rpm(b, len, o, &w, &info, err);
}

static void unhex(const char *s, uint8_t *out)
{
	unsigned int v;
	size_t i;

	for (i = 0; s[2 * i]; i++) {
		sscanf(s + 2 * i, "%2x", &v);
		out[i] = (uint8_t)v;
	}
}

/* The list must be blocks {immutable: want_imm}, {config: want_cfg}. */
static int check_list(const int *want_imm, size_t nimm, const int *want_cfg,
		      size_t ncfg, size_t dsize, uint16_t algo, uint16_t type)
{
	struct rpmgen_file files[SAMPLE_FILES];
	char digests[SAMPLE_FILES][129];
	struct compact_block b;
	const char *why = "";
	uint8_t d[64];
	size_t pos = 0, i;

	sample_files(files, digests, dsize);
	if (compact_validate(w.buf, w.len, NULL, &why))
		return tap_diag("invalid list: %s", why), 0;
	if (nimm) {
		if (compact_next(w.buf, w.len, &pos, &b, &why) != 1 ||
		    b.modifiers != 1u << COMPACT_MOD_IMMUTABLE || b.count != nimm ||
		    b.algo != algo || b.type != type)
			return tap_diag("bad first block"), 0;
		for (i = 0; i < nimm; i++) {
			unhex(digests[want_imm[i]], d);
			if (memcmp(b.digests + i * dsize, d, dsize) != 0)
				return tap_diag("digest %zu differs", i), 0;
		}
	}
	if (ncfg) {
		if (compact_next(w.buf, w.len, &pos, &b, &why) != 1 ||
		    b.modifiers != 0 || b.count != ncfg || b.algo != algo)
			return tap_diag("bad config block"), 0;
		for (i = 0; i < ncfg; i++) {
			unhex(digests[want_cfg[i]], d);
			if (memcmp(b.digests + i * dsize, d, dsize) != 0)
				return tap_diag("config digest %zu differs", i), 0;
		}
	}
	return pos == w.len;
}

static void test_sample(void)
{
	static const int imm[] = { 0, 1, 3, 7 }, cfg[] = { 2, 8 };
	static const int x_imm[] = { 0, 1 }, x_cfg[] = { 8 };
	struct convert_opts o = defaults;
	size_t len;
	uint8_t *h = sample_header(8, 32, &len);
	int ret;

	ret = conv(h, len, &o);
	ok(ret == 0, "sample converts (%s)", err);
	ok(!strcmp(info.nevra, "foo-1.0-1.fc39.x86_64"), "NEVRA %s", info.nevra);
	ok(info.algo == HASH_ALGO_SHA256 && info.files == SAMPLE_FILES &&
	   info.selected == 6 && info.config == 2 && !info.is_signed,
	   "sha256, 9 files, 6 selected, 2 %%config");
	ok(check_list(imm, 4, cfg, 2, 32, HASH_ALGO_SHA256, COMPACT_FILE),
	   "immutable block: ls, libfoo.so.1.2, README, empty; %%config block: foo.conf, helper");
	ok(w.len == 2 * COMPACT_HDR_LEN + 6 * 32, "list is %zu bytes", w.len);
	o.exec_only = true;
	ret = conv(h, len, &o);
	ok(ret == 0 && info.selected == 3 &&
	   check_list(x_imm, 2, x_cfg, 1, 32, HASH_ALGO_SHA256, COMPACT_FILE),
	   "--exec-only: ls, libfoo.so.1.2, helper");
	o.exec_only = false;
	o.type = COMPACT_PARSER;
	ok(conv(h, len, &o) == 0 &&
	   check_list(imm, 4, cfg, 2, 32, HASH_ALGO_SHA256, COMPACT_PARSER),
	   "output type follows the options (parser list)");
	o.type = COMPACT_DIGEST_LIST;
	ok(conv(h, len, &o) == -EINVAL, "COMPACT_DIGEST_LIST output refused");
	free(h);
}

static void test_algos(void)
{
	static const struct { uint32_t pgp; uint16_t linux_algo; size_t size; } a[] = {
		{ 2, HASH_ALGO_SHA1, 20 }, { 3, HASH_ALGO_RIPE_MD_160, 20 },
		{ 8, HASH_ALGO_SHA256, 32 }, { 9, HASH_ALGO_SHA384, 48 },
		{ 10, HASH_ALGO_SHA512, 64 }, { 11, HASH_ALGO_SHA224, 28 },
		{ 12, HASH_ALGO_SHA3_256, 32 }, { 14, HASH_ALGO_SHA3_512, 64 },
	};
	static const int imm[] = { 0, 1, 3, 7 }, cfg[] = { 2, 8 };
	struct convert_opts o = defaults;
	size_t i, len, good = 0;
	uint8_t *h;

	for (i = 0; i < sizeof(a) / sizeof(a[0]); i++) {
		h = sample_header(a[i].pgp, a[i].size, &len);
		if (conv(h, len, &o) == 0 && info.algo == a[i].linux_algo &&
		    check_list(imm, 4, cfg, 2, a[i].size, a[i].linux_algo, COMPACT_FILE))
			good++;
		else
			tap_diag("OpenPGP %u: %s", a[i].pgp, err);
		free(h);
	}
	ok(good == i, "OpenPGP hash algorithms map to Linux numbering (%zu/%zu)", good, i);
	h = sample_header(0, 16, &len);
	ok(conv(h, len, &o) == -ENOTSUP && strstr(err, "MD5"),
	   "no FILEDIGESTALGO = MD5, refused: %s", err);
	o.allow_md5 = true;
	ok(conv(h, len, &o) == 0 && info.algo == HASH_ALGO_MD5 &&
	   check_list(imm, 4, cfg, 2, 16, HASH_ALGO_MD5, COMPACT_FILE),
	   "MD5 accepted with --allow-md5");
	free(h);
	h = sample_header(1, 16, &len);
	o.allow_md5 = false;
	ok(conv(h, len, &o) == -ENOTSUP, "explicit FILEDIGESTALGO 1 (MD5) refused too");
	free(h);
	h = sample_header(13, 48, &len);
	ok(conv(h, len, &o) == -ENOTSUP && strstr(err, "13"),
	   "unknown algorithm 13: %s", err);
	free(h);
	h = sample_header(8, 20, &len);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "hex digits"),
	   "sha256 package with 40-digit digests: %s", err);
	ok(w.len == 0, "failed conversion leaves an empty list");
	free(h);
}

/* A package from explicit file tags (counts may disagree on purpose). */
static uint8_t *custom(const char *const *digests, size_t nd,
		       const uint16_t *modes, size_t nm,
		       const uint32_t *flags, size_t nf, size_t *len)
{
	struct hdrgen g;
	uint8_t *h;
	uint32_t algo = 8;

	hdrgen_init(&g);
	hdrgen_add_string(&g, 1000, "bar");
	hdrgen_add_string(&g, 1001, "2");
	hdrgen_add_string(&g, 1002, "3");
	if (nm)
		hdrgen_add_u16s(&g, 1030, modes, nm);
	if (nd)
		hdrgen_add_strings(&g, 1035, digests, nd);
	if (nf)
		hdrgen_add_u32s(&g, 1037, flags, nf);
	hdrgen_add_u32s(&g, 5011, &algo, 1);
	h = hdrgen_finish(&g, len);
	hdrgen_free(&g);
	return h;
}

static void test_malformed(void)
{
	static const char d0[] = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	static const char dX[] = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeefg";
	static const char dU[] = "00112233445566778899AABBCCDDEEFF00112233445566778899aabbccddeeff";
	const char *dig2[] = { d0, d0 }, *digx[] = { d0, dX }, *digu[] = { dU };
	const char *digshort[] = { "0011" };
	uint16_t modes[] = { 0100644, 0100644 };
	uint32_t flags[] = { 0, 0 };
	struct convert_opts o = defaults;
	size_t len;
	uint8_t *h;

	h = custom(dig2, 2, modes, 2, flags, 2, &len);
	ok(conv(h, len, &o) == 0 && info.selected == 2 && !strcmp(info.nevra, "bar-2-3"),
	   "two files, no ARCH: %s", info.nevra);
	free(h);
	h = custom(dig2, 2, modes, 1, flags, 2, &len);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "disagree"), "FILEMODES count mismatch: %s", err);
	free(h);
	h = custom(dig2, 2, modes, 2, flags, 1, &len);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "disagree"), "FILEFLAGS count mismatch: %s", err);
	free(h);
	h = custom(dig2, 2, NULL, 0, flags, 2, &len);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "together"), "FILEMODES missing: %s", err);
	free(h);
	h = custom(NULL, 0, modes, 2, flags, 2, &len);
	ok(conv(h, len, &o) == -EBADMSG, "FILEDIGESTS missing: %s", err);
	free(h);
	h = custom(digx, 2, modes, 2, flags, 2, &len);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "FILEDIGESTS[1]"), "non-hex digest: %s", err);
	free(h);
	h = custom(digshort, 1, modes, 1, flags, 1, &len);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "4 hex digits"), "short digest: %s", err);
	free(h);
	h = custom(digu, 1, modes, 1, flags, 1, &len);
	ok(conv(h, len, &o) == 0 && w.buf[COMPACT_HDR_LEN + 10] == 0xaa, "uppercase hex accepted");
	free(h);
	h = custom(NULL, 0, NULL, 0, NULL, 0, &len);
	ok(conv(h, len, &o) == 0 && w.len == 0 && info.files == 0,
	   "package without files: empty result, no error");
	free(h);
}

static void test_dirs(void)
{
	struct hdrgen g;
	uint8_t *h;
	size_t len;
	const char *digs[] = { "" }, *bases[] = { "x" }, *dirs[] = { "/" };
	uint16_t modes[] = { 040755 };
	uint32_t flags[] = { 0 }, idx_bad[] = { 1 }, idx[] = { 0 };
	struct convert_opts o = defaults;

	hdrgen_init(&g);
	hdrgen_add_string(&g, 1000, "d");
	hdrgen_add_u16s(&g, 1030, modes, 1);
	hdrgen_add_strings(&g, 1035, digs, 1);
	hdrgen_add_u32s(&g, 1037, flags, 1);
	hdrgen_add_u32s(&g, 1116, idx_bad, 1);
	hdrgen_add_strings(&g, 1117, bases, 1);
	hdrgen_add_strings(&g, 1118, dirs, 1);
	h = hdrgen_finish(&g, &len);
	hdrgen_free(&g);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "DIRINDEXES[0]"),
	   "DIRINDEXES out of range: %s", err);
	free(h);
	hdrgen_init(&g);
	hdrgen_add_string(&g, 1000, "d");
	hdrgen_add_u16s(&g, 1030, modes, 1);
	hdrgen_add_strings(&g, 1035, digs, 1);
	hdrgen_add_u32s(&g, 1037, flags, 1);
	hdrgen_add_u32s(&g, 1116, idx, 1);
	hdrgen_add_strings(&g, 1117, bases, 1);
	h = hdrgen_finish(&g, &len);
	hdrgen_free(&g);
	ok(conv(h, len, &o) == -EBADMSG && strstr(err, "together"),
	   "DIRNAMES missing: %s", err);
	free(h);
}

static void test_signed(void)
{
	struct convert_opts o = defaults;
	size_t len, slen;
	uint8_t *h = sample_header(8, 32, &len), *s = rpmgen_sign(h, len, 287, &slen);

	ok(conv(s, slen, &o) == 0 && info.is_signed && info.selected == 6,
	   "signed file converts (%s)", err);
	s[slen - 40 + 2] = 2;	/* id_type PKCS#7 */
	ok(conv(s, slen, &o) == -EBADMSG && strstr(err, "OpenPGP"), "PKCS#7 id_type: %s", err);
	s[slen - 40 + 2] = 0;
	s[slen - 40 + 8] = 0x7f;	/* sig_len far too big */
	ok(conv(s, slen, &o) == -EBADMSG && strstr(err, "length"), "sig_len too big: %s", err);
	s[slen - 40 + 8] = 0;
	s[slen - 40 + 11]++;	/* sig_len one too big: header loses its end */
	ok(conv(s, slen, &o) == -EBADMSG, "sig_len off by one: %s", err);
	free(s);
	free(h);
}

static void test_shlib(void)
{
	static const struct { const char *n; bool want; } t[] = {
		{ "libc.so.6", true }, { "libfoo.so", true }, { "libx.so.1.2.3", true },
		{ "ld-linux-x86-64.so.2", true }, { "libfoo.so.", false },
		{ "libfoo.sox", false }, { "foo.so.a", false }, { ".so", false },
		{ "libso", false }, { "x.so.1.so", true }, { "a.so.1a", false },
		{ "README", false },
	};
	size_t i, good = 0;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (convert_is_shlib(t[i].n, strlen(t[i].n)) == t[i].want)
			good++;
		else
			tap_diag("%s", t[i].n);
	}
	ok(good == i, "shared library names (%zu/%zu)", good, i);
}

/* The first implementation: the last ".so" found with memmem(). */
static bool shlib_reference(const char *name, size_t len)
{
	const char *p = name, *so = NULL, *end = name + len;

	while ((p = memmem(p, (size_t)(end - p), ".so", 3)) != NULL) {
		so = p;
		p += 3;
	}
	if (!so || so == name)
		return false;
	p = so + 3;
	if (p == end)
		return true;
	if (*p != '.' || p + 1 == end || p[1] < '0' || p[1] > '9')
		return false;
	for (p++; p < end; p++)
		if ((*p < '0' || *p > '9') && *p != '.')
			return false;
	return true;
}

static void test_shlib_random(void)
{
	static const char alphabet[] = ".so1ax";
	uint64_t seed = 7;
	size_t i, k, len, bad = 0, yes = 0;
	char name[16];

	for (i = 0; i < 300000; i++) {
		len = rpmgen_rand(&seed) % sizeof(name);
		for (k = 0; k < len; k++)
			name[k] = alphabet[rpmgen_rand(&seed) % (sizeof(alphabet) - 1)];
		/* not NUL-terminated: only @len bytes may be read */
		yes += shlib_reference(name, len);
		bad += convert_is_shlib(name, len) != shlib_reference(name, len);
	}
	ok(bad == 0 && yes > 1000,
	   "300000 random names: same as the memmem() version (%zu libraries)", yes);
}

int main(void)
{
	compact_writer_init(&w);
	test_sample();
	test_algos();
	test_malformed();
	test_dirs();
	test_signed();
	test_shlib();
	test_shlib_random();
	compact_writer_free(&w);
	return tap_done();
}
