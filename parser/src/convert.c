// SPDX-License-Identifier: GPL-2.0-only
/* RPM header list file -> compact list. */
#include "convert.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hash_algo.h"
#include "hex.h"
#include "modsig.h"
#include "rpm_header.h"

#define PGPHASHALGO_MD5 1

#define S_IFMT_BITS	0170000u
#define S_IFREG_BITS	0100000u
#define S_IXANY_BITS	0111u

/* The file tags of one header, checked to agree with each other. */
struct files {
	struct rpmh_entry digests, modes, flags, basenames;
	bool have_basenames;
	uint32_t n;
	size_t hexlen;
};

bool convert_is_shlib(const char *name, size_t len)
{
	const char *p, *so = NULL, *end = name + len;

	/* what can end such a name: "o", a digit or "." (most names: no) */
	if (len == 0 || (end[-1] != 'o' && end[-1] != '.' &&
			 (end[-1] < '0' || end[-1] > '9')))
		return false;
	/* the last ".so" (occurrences cannot overlap), followed by end or by
	 * ".<digit>": searched from the end, where it usually is */
	for (p = end; p - name >= 3; p--) {
		if (p[-3] == '.' && p[-2] == 's' && p[-1] == 'o') {
			so = p - 3;
			break;
		}
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

static int find(const struct rpmh *h, uint32_t tag, uint32_t type,
		struct rpmh_entry *e, bool *present, char *err)
{
	const char *why = NULL;
	int ret = rpmh_find(h, tag, type, e, &why);

	*present = ret == 0;
	if (ret == -ENOENT)
		return 0;
	if (ret)
		snprintf(err, CONVERT_ERR_LEN, "tag %u: %s", tag,
			 why ? why : "invalid");
	return ret < 0 ? -EBADMSG : 0;
}

static void get_nevra(const struct rpmh *h, struct convert_info *info)
{
	static const uint32_t tags[] = { RPMTAG_NAME, RPMTAG_VERSION,
					 RPMTAG_RELEASE, RPMTAG_ARCH };
	static const char seps[] = "--.";
	struct rpmh_entry e;
	size_t pos = 0, i, n;
	bool present;
	char dummy[CONVERT_ERR_LEN];

	info->nevra[0] = '\0';
	for (i = 0; i < 4; i++) {
		if (find(h, tags[i], RPMH_STRING, &e, &present, dummy) || !present)
			continue;
		n = e.len - 1;
		if (pos && pos < sizeof(info->nevra) - 1)
			info->nevra[pos++] = seps[i - 1];
		if (n > sizeof(info->nevra) - 1 - pos)
			n = sizeof(info->nevra) - 1 - pos;
		memcpy(info->nevra + pos, e.data, n);
		pos += n;
		info->nevra[pos] = '\0';
	}
}

static int check_dirs(const struct rpmh *h, const struct files *f, char *err)
{
	struct rpmh_entry idx, names;
	bool have_idx, have_names;
	uint32_t i;
	int ret;

	ret = find(h, RPMTAG_DIRINDEXES, RPMH_INT32, &idx, &have_idx, err);
	if (!ret)
		ret = find(h, RPMTAG_DIRNAMES, RPMH_STRING_ARRAY, &names,
			   &have_names, err);
	if (ret)
		return ret;
	if (!f->have_basenames && !have_idx && !have_names)
		return 0;
	if (!f->have_basenames || !have_idx || !have_names) {
		snprintf(err, CONVERT_ERR_LEN,
			 "BASENAMES, DIRINDEXES and DIRNAMES must come together");
		return -EBADMSG;
	}
	if (idx.count != f->basenames.count) {
		snprintf(err, CONVERT_ERR_LEN,
			 "DIRINDEXES has %u entries, BASENAMES %u",
			 idx.count, f->basenames.count);
		return -EBADMSG;
	}
	for (i = 0; i < idx.count; i++) {
		if (rpmh_u32(&idx, i) >= names.count) {
			snprintf(err, CONVERT_ERR_LEN,
				 "DIRINDEXES[%u] = %u, only %u DIRNAMES", i,
				 rpmh_u32(&idx, i), names.count);
			return -EBADMSG;
		}
	}
	return 0;
}

static int get_algo(const struct rpmh *h, const struct convert_opts *o,
		    struct convert_info *info, char *err)
{
	struct rpmh_entry e;
	uint32_t pgp = PGPHASHALGO_MD5;
	bool present;
	int ret, algo;

	ret = find(h, RPMTAG_FILEDIGESTALGO, RPMH_INT32, &e, &present, err);
	if (ret)
		return ret;
	if (present) {
		if (e.count != 1) {
			snprintf(err, CONVERT_ERR_LEN,
				 "FILEDIGESTALGO has %u values", e.count);
			return -EBADMSG;
		}
		pgp = rpmh_u32(&e, 0);
	}
	algo = hash_algo_from_pgp(pgp);
	if (algo < 0) {
		snprintf(err, CONVERT_ERR_LEN,
			 "unsupported file digest algorithm %u (OpenPGP numbering)",
			 pgp);
		return -ENOTSUP;
	}
	if (algo == HASH_ALGO_MD5 && !o->allow_md5) {
		snprintf(err, CONVERT_ERR_LEN,
			 "MD5 file digests refused (use --allow-md5)");
		return -ENOTSUP;
	}
	info->algo = (uint16_t)algo;
	return 0;
}

/* Look up the file tags; f->n = 0 when the package has no files. */
static int get_files(const struct rpmh *h, struct files *f, char *err)
{
	bool have_d, have_m, have_f;
	int ret;

	memset(f, 0, sizeof(*f));
	ret = find(h, RPMTAG_FILEDIGESTS, RPMH_STRING_ARRAY, &f->digests,
		   &have_d, err);
	if (!ret)
		ret = find(h, RPMTAG_FILEMODES, RPMH_INT16, &f->modes, &have_m, err);
	if (!ret)
		ret = find(h, RPMTAG_FILEFLAGS, RPMH_INT32, &f->flags, &have_f, err);
	if (!ret)
		ret = find(h, RPMTAG_BASENAMES, RPMH_STRING_ARRAY, &f->basenames,
			   &f->have_basenames, err);
	if (ret)
		return ret;
	if (!have_d && !have_m && !have_f && !f->have_basenames)
		return 0;
	if (!have_d || !have_m || !have_f) {
		snprintf(err, CONVERT_ERR_LEN,
			 "FILEDIGESTS, FILEMODES and FILEFLAGS must come together");
		return -EBADMSG;
	}
	if (f->modes.count != f->digests.count ||
	    f->flags.count != f->digests.count ||
	    (f->have_basenames && f->basenames.count != f->digests.count)) {
		snprintf(err, CONVERT_ERR_LEN,
			 "file counts disagree: %u digests, %u modes, %u flags, %u basenames",
			 f->digests.count, f->modes.count, f->flags.count,
			 f->have_basenames ? f->basenames.count : f->digests.count);
		return -EBADMSG;
	}
	f->n = f->digests.count;
	return 0;
}

static bool selected(const struct files *f, const struct convert_opts *o,
		     uint32_t i, const char *base, size_t baselen)
{
	uint16_t mode = rpmh_u16(&f->modes, i);

	if ((mode & S_IFMT_BITS) != S_IFREG_BITS ||
	    (rpmh_u32(&f->flags, i) & RPMFILE_GHOST))
		return false;
	if (!o->exec_only || (mode & S_IXANY_BITS))
		return true;
	return base && convert_is_shlib(base, baselen);
}

/* Length of the digest string at @d (for messages), before @end. */
static size_t digest_len(const char *d, const char *end)
{
	const char *nul = memchr(d, 0, (size_t)(end - d));

	return nul ? (size_t)(nul - d) : (size_t)(end - d);
}

/* Where the first selected %config file is, for the second block. */
struct resume {
	uint32_t i;
	const char *d;		/* its digest */
	struct rpmh_strings bs;	/* its base name on (with --exec-only) */
};

/* Check the digest string at @d (f->hexlen hex digits and a NUL, before
 * @end) and decode it into @out. */
static int take_digest(const struct files *f, uint32_t i, const char *d,
		       const char *end, uint8_t *out, char *err)
{
	/* a shorter string fails hex_decode() at its NUL */
	if ((size_t)(end - d) > f->hexlen && d[f->hexlen] == '\0' &&
	    hex_decode(out, d, f->hexlen / 2) == 0)
		return 0;
	if (digest_len(d, end) != f->hexlen)
		snprintf(err, CONVERT_ERR_LEN,
			 "FILEDIGESTS[%u]: %zu hex digits, expected %zu",
			 i, digest_len(d, end), f->hexlen);
	else
		snprintf(err, CONVERT_ERR_LEN,
			 "FILEDIGESTS[%u]: not a hex string", i);
	return -EBADMSG;
}

/*
 * The one pass over the files: check every digest, copy the selected
 * files that are not %config into the open block. *nconf gets the number
 * of selected %config files, and *rs where the first of them is.
 */
static int copy_digests(const struct files *f, const struct convert_opts *o,
			struct compact_writer *w, uint32_t *nsel,
			uint32_t *nconf, struct resume *rs, char *err)
{
	const char *d = (const char *)f->digests.data, *end = d + f->digests.len;
	uint8_t scratch[HASH_MAX_DIGEST_SIZE], *slot;
	bool need_base = o->exec_only && f->have_basenames;
	const char *b = NULL;
	struct rpmh_strings bs;
	size_t blen = 0;
	uint32_t i;
	int ret;

	*nsel = 0;
	*nconf = 0;
	if (need_base)
		rpmh_strings_init(&bs, &f->basenames);
	for (i = 0; i < f->n; i++) {
		if (need_base && !(b = rpmh_strings_next(&bs, &blen))) {
			snprintf(err, CONVERT_ERR_LEN, "BASENAMES[%u] missing", i);
			return -EBADMSG;
		}
		/* rpmh_parse() checked that f->n strings end before @end */
		if (d >= end) {
			snprintf(err, CONVERT_ERR_LEN, "FILEDIGESTS[%u] missing", i);
			return -EBADMSG;
		}
		if (*d == '\0') {
			d++;
			continue;
		}
		slot = scratch;
		if (selected(f, o, i, b, blen)) {
			if (rpmh_u32(&f->flags, i) & RPMFILE_CONFIG) {
				if ((*nconf)++ == 0) {
					rs->i = i;
					rs->d = d;
					rs->bs.p = b;
					rs->bs.end = need_base ? bs.end : NULL;
				}
			} else {
				slot = compact_digest_slot(w);
				if (!slot) {
					snprintf(err, CONVERT_ERR_LEN, "list too large");
					return -E2BIG;
				}
				(*nsel)++;
			}
		}
		ret = take_digest(f, i, d, end, slot, err);
		if (ret)
			return ret;
		d += f->hexlen + 1;
	}
	return 0;
}

/*
 * Copy the @nconf selected %config files into the open block, from @rs
 * on: copy_digests() checked every string and counted them.
 */
static int copy_config(const struct files *f, const struct convert_opts *o,
		       struct compact_writer *w, uint32_t nconf,
		       const struct resume *rs, char *err)
{
	const char *d = rs->d, *end = (const char *)f->digests.data + f->digests.len;
	bool need_base = o->exec_only && f->have_basenames;
	struct rpmh_strings bs = rs->bs;
	const char *b = NULL;
	size_t blen = 0;
	uint8_t *slot;
	uint32_t i;

	for (i = rs->i; i < f->n && nconf; i++) {
		if (need_base)
			b = rpmh_strings_next(&bs, &blen);
		if (d >= end || (need_base && !b)) {
			snprintf(err, CONVERT_ERR_LEN, "FILEDIGESTS[%u] missing", i);
			return -EBADMSG;
		}
		if (*d == '\0') {
			d++;
			continue;
		}
		if ((rpmh_u32(&f->flags, i) & RPMFILE_CONFIG) &&
		    selected(f, o, i, b, blen)) {
			slot = compact_digest_slot(w);
			if (!slot) {
				snprintf(err, CONVERT_ERR_LEN, "list too large");
				return -E2BIG;
			}
			if (take_digest(f, i, d, end, slot, err))
				return -EBADMSG;
			nconf--;
		}
		d += f->hexlen + 1;
	}
	return 0;
}

static int fill(const struct rpmh *h, const struct convert_opts *o,
		struct compact_writer *w, struct convert_info *info, char *err)
{
	struct resume rs = { 0, NULL, { NULL, NULL } };
	struct files f;
	uint32_t nsel, nconf;
	int ret;

	ret = get_files(h, &f, err);
	if (!ret)
		ret = check_dirs(h, &f, err);
	if (ret || f.n == 0)
		return ret;
	info->files = f.n;
	ret = get_algo(h, o, info, err);
	if (ret)
		return ret;
	f.hexlen = 2 * hash_digest_size(info->algo);
	ret = compact_reserve(w, f.n, f.hexlen / 2);
	if (!ret)
		ret = compact_block_begin(w, o->type,
					  1u << COMPACT_MOD_IMMUTABLE, info->algo);
	if (ret) {
		snprintf(err, CONVERT_ERR_LEN, "cannot start the list: %s",
			 strerror(-ret));
		return ret;
	}
	ret = copy_digests(&f, o, w, &nsel, &nconf, &rs, err);
	if (ret)
		return ret;
	info->selected = nsel;
	compact_block_end(w);
	if (nconf == 0)
		return 0;
	/* %config files: a second block, not immutable */
	ret = compact_block_begin(w, o->type, 0, info->algo);
	if (!ret)
		ret = copy_config(&f, o, w, nconf, &rs, err);
	if (ret)
		return ret;
	info->config = nconf;
	info->selected += nconf;
	compact_block_end(w);
	return 0;
}

int convert_rpm(const uint8_t *buf, size_t len, const struct convert_opts *o,
		struct compact_writer *w, struct convert_info *info,
		char err[CONVERT_ERR_LEN])
{
	const char *why = "invalid";
	struct modsig sig;
	struct rpmh h;
	int ret;

	memset(info, 0, sizeof(*info));
	compact_writer_reset(w);
	err[0] = '\0';
	ret = modsig_split(buf, len, &sig, &why);
	if (ret) {
		snprintf(err, CONVERT_ERR_LEN, "%s", why);
		return ret;
	}
	info->is_signed = sig.sig != NULL;
	ret = rpmh_parse(&h, buf, sig.body_len, &why);
	if (ret) {
		if (h.bad_entry >= 0)
			snprintf(err, CONVERT_ERR_LEN, "header index entry %d: %s",
				 h.bad_entry, why);
		else
			snprintf(err, CONVERT_ERR_LEN, "header: %s", why);
		return ret;
	}
	get_nevra(&h, info);
	ret = fill(&h, o, w, info, err);
	if (ret)
		compact_writer_reset(w);
	return ret;
}
