// SPDX-License-Identifier: GPL-2.0-only
/*
 * `diglim attest LOG [--pcrs FILE] [--lists DIR]...`: what a remote
 * verifier makes of a DIGLIM system's IMA measurement list.
 *
 * The log is replayed into PCR values and compared with the TPM's. Each
 * entry's template digest must be the bank's hash of its template data,
 * so that what the tool reads is what was extended. The digest lists the
 * kernel recorded (ima-buf entries add_buffer_<label>, add_file_<name>,
 * holding the list) give the reference values; each file measurement
 * outside the DIGLIM PCR is then known (its digest is in a list) or
 * unknown. With --lists, every list and every list file the log shows must
 * be one of the distribution's (a compact list file, an rpm list file or
 * diglim-parser's conversion of it, with or without --exec-only); with
 * --keyring, only the list files of --lists whose signature verifies with
 * one of its keys, as `diglim verify` checks them, count.
 */
#include "attest.h"
#include "attestquote.h"
#include "digestset.h"
#include "imalog.h"
#include "listcheck.h"
#include "util.h"

#include "compact.h"
#include "convert.h"
#include "hash_algo.h"
#include "hex.h"
#include "listdir.h"
#include "modsig.h"

#include <dirent.h>
#include <errno.h>
#include <gcrypt.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIGLIM_PCR_DEFAULT	11
/*
 * PCRs 0-9 are the firmware's and the boot loader's (TCG PC Client PCR
 * allocation): their values are not compared with the log unless it
 * extends them; they give the boot aggregate's.
 */
#define BOOT_PCRS		10
#define LIST_EVENT_ADD_BUFFER	"add_buffer_"
#define LIST_EVENT_ADD_FILE	"add_file_"
#define LIST_EVENT_DEL_BUFFER	"del_buffer_"
#define LIST_EVENT_DEL_FILE	"del_file_"

/* PCR banks and the algorithms list files are identified with. */
static const struct {
	const char *name;
	int gcry;
	unsigned int linux_algo;
	uint16_t tpm_algo;
} algos[] = {
	{ "sha1", GCRY_MD_SHA1, HASH_ALGO_SHA1, TPM_ALG_SHA1 },
	{ "sha256", GCRY_MD_SHA256, HASH_ALGO_SHA256, TPM_ALG_SHA256 },
	{ "sha384", GCRY_MD_SHA384, HASH_ALGO_SHA384, TPM_ALG_SHA384 },
	{ "sha512", GCRY_MD_SHA512, HASH_ALGO_SHA512, TPM_ALG_SHA512 },
};
#define NALGOS (sizeof(algos) / sizeof(algos[0]))

/*
 * A compact list file of --lists. The kernel measures a list it reads by
 * path as a file (its digest), not as a buffer, so the verifier needs the
 * file to know the digests in it.
 */
struct known_file {
	uint8_t digest[NALGOS][64];	/* of the whole file, per algos[] */
	uint8_t *buf;			/* owned */
	size_t len;
	bool used;			/* its digests are in refs already */
};

struct attest {
	const char *log_path;
	size_t bank;			/* index in algos[] */
	size_t dsize;			/* bank digest size */
	unsigned int diglim_pcr;
	bool verbose;
	/* --pcrs */
	bool pcr_given[IMA_PCR_MAX];
	uint8_t pcr_tpm[IMA_PCR_MAX][64];
	/* --lists: digests of the distribution's list files and conversions */
	bool have_lists;
	struct digestset known_lists;
	/* --keyring: only list files signed by one of its keys count */
	struct keyring *kr;
	unsigned long lists_counted, lists_refused;
	/* the compact list files of --lists, for the kernel's reads of them */
	struct known_file *known_files;
	size_t nfiles;
	/*
	 * The entries judged: all of them, or, when the log's end does not
	 * replay to the given PCR values but an earlier entry does, the
	 * entries up to it (the log grew after the PCRs were read).
	 */
	unsigned long limit, total;
	/* from the log */
	struct digestset refs;
	uint8_t pcr_log[IMA_PCR_MAX][64];
	bool pcr_used[IMA_PCR_MAX];
	unsigned long entries, lists_added, lists_deleted, list_files;
	unsigned long invalid_lists, unknown_lists, files, known, unknown;
	unsigned long violations, other, ref_digests;
	/* the first boot_aggregate entry */
	bool have_boot_aggregate;
	char boot_algo[32];
	uint8_t boot_aggregate[64];
	size_t boot_len;
};

static void print_digest(const char *algo, const uint8_t *d, size_t len)
{
	char hex[2 * 64 + 1];

	if (len > 64)
		len = 64;
	hex_encode(d, len, hex);
	printf("%s:%s", algo, hex);
}

/* --- the distribution's lists (--lists) ------------------------------ */

/* Every algorithm's digest of @buf into the known lists, and into @out. */
static int know(struct attest *a, const uint8_t *buf, size_t len,
		uint8_t out[NALGOS][64])
{
	uint8_t d[NALGOS][64];
	size_t i;
	int ret;

	for (i = 0; i < NALGOS; i++) {
		gcry_md_hash_buffer(algos[i].gcry, d[i], buf, len);
		ret = digestset_add(&a->known_lists, algos[i].linux_algo, d[i],
				    gcry_md_get_algo_dlen(algos[i].gcry));
		if (ret)
			return ret;
	}
	if (out)
		memcpy(out, d, sizeof(d));
	return 0;
}

/* Keep compact list file @buf (taking it) for the kernel's reads of it. */
static int keep_file(struct attest *a, uint8_t *buf, size_t len,
		     uint8_t digest[NALGOS][64])
{
	struct known_file *f;

	f = realloc(a->known_files, (a->nfiles + 1) * sizeof(*f));
	if (!f)
		return -ENOMEM;
	a->known_files = f;
	f = &a->known_files[a->nfiles++];
	memcpy(f->digest, digest, sizeof(f->digest));
	f->buf = buf;
	f->len = len;
	f->used = false;
	return 0;
}

/* The conversions diglim-parser can make of rpm list file @buf. */
static int know_conversions(struct attest *a, const char *path,
			    const uint8_t *buf, size_t len, uint16_t type)
{
	struct compact_writer w;
	struct convert_info info;
	char err[CONVERT_ERR_LEN];
	int exec_only, ret = 0;

	compact_writer_init(&w);
	for (exec_only = 0; exec_only <= 1 && !ret; exec_only++) {
		struct convert_opts o = { .type = type, .exec_only = exec_only };

		compact_writer_reset(&w);
		ret = convert_rpm(buf, len, &o, &w, &info, err);
		if (ret) {
			tool_err(path, "diglim-parser refuses it: %s", err);
			break;
		}
		if (w.len)
			ret = know(a, w.buf, w.len, NULL);
	}
	compact_writer_free(&w);
	return ret;
}

/* Read the list files of directory @dir. Returns an exit code. */
static int load_lists(struct attest *a, const char *dir)
{
	struct dirent **ents;
	int n, i, status = EXIT_OK;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		tool_err(dir, "cannot list: %s", strerror(errno));
		return EXIT_SYSTEM;
	}
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name, *why;
		uint8_t digest[NALGOS][64];
		struct list_name ln;
		uint8_t *buf = NULL;
		char *path = NULL;
		size_t len;
		int ret;

		if (name[0] == '.' || list_name_parse(name, &ln, &why))
			goto next;
		if (asprintf(&path, "%s/%s", dir, name) < 0) {
			path = NULL;
			tool_err(dir, "%s", strerror(ENOMEM));
			status = EXIT_SYSTEM;
			goto next;
		}
		ret = read_whole_file(path, TOOL_FILE_MAX, &buf, &len);
		if (ret) {
			tool_err(path, "cannot read: %s", strerror(-ret));
			status = EXIT_SYSTEM;
			goto next;
		}
		if (a->kr) {
			struct listcheck c;

			if (listfile_check(a->kr, buf, len,
					   ln.format == LIST_FMT_RPM ? "rpm" : "compact",
					   &c)) {
				/* not the distribution's: its lists stay unknown */
				printf("list file %s not counted: %s\n", path, c.why);
				a->lists_refused++;
				goto next;
			}
		}
		a->lists_counted++;
		ret = know(a, buf, len, digest);
		if (!ret && ln.format == LIST_FMT_RPM)
			ret = know_conversions(a, path, buf, len, ln.type);
		if (!ret && ln.format == LIST_FMT_COMPACT) {
			ret = keep_file(a, buf, len, digest);
			if (!ret)
				buf = NULL;
		}
		if (ret == -ENOMEM) {
			tool_err(path, "%s", strerror(ENOMEM));
			status = EXIT_SYSTEM;
		} else if (ret && status == EXIT_OK) {
			status = EXIT_INVALID;
		}
next:
		free(buf);
		free(path);
		free(ents[i]);
	}
	free(ents);
	a->have_lists = true;
	return status;
}

/* --- PCR values (--pcrs) ------------------------------------------------ */

/*
 * Lines "N HEX" (optionally "N: 0xHEX"), '#' comments and empty lines.
 * A line "BANK:" (as tpm2_pcrread prints before each bank's values) makes
 * the values up to the next such line count only when BANK is the log's
 * bank, so that tpm2_pcrread's output of several banks can be given as is.
 * Returns an exit code.
 */
static int load_pcrs(struct attest *a, const char *path)
{
	char line[512];
	unsigned int lineno = 0;
	bool other_bank = false;
	FILE *f = fopen(path, "re");

	if (!f) {
		tool_err(path, "cannot open: %s", strerror(errno));
		return EXIT_SYSTEM;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *end;
		unsigned long pcr;
		size_t i;

		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			tool_err(path, "line %u: longer than %zu bytes", lineno,
				 sizeof(line) - 2);
			goto invalid;
		}
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#' || *p == '\n' || *p == '\0')
			continue;
		i = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (i && (*p < '0' || *p > '9') && p[i] == ':' &&
		    !p[i + 1 + strspn(p + i + 1, " \t\r\n")]) {
			p[i] = '\0';
			other_bank = strcmp(p, algos[a->bank].name) != 0;
			continue;
		}
		if (other_bank)
			continue;
		errno = 0;
		pcr = strtoul(p, &end, 10);
		if (end == p || errno || pcr >= IMA_PCR_MAX) {
			tool_err(path, "line %u: not \"PCR HEX\" with a PCR of 0-23",
				 lineno);
			goto invalid;
		}
		p = end;
		/* tpm2_pcrread writes "    0 : 0x..." for PCRs 0-9 */
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == ':')
			p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			p += 2;
		i = strspn(p, "0123456789abcdefABCDEF");
		if (i == 2 * a->dsize)
			hex_decode(a->pcr_tpm[pcr], p, a->dsize);
		p += i;
		if (i != 2 * a->dsize || (*p != '\n' && *p != '\0' && *p != ' ' &&
					  *p != '\t' && *p != '\r')) {
			tool_err(path, "line %u: PCR %lu is not %zu hex bytes (%s bank)",
				 lineno, pcr, a->dsize, algos[a->bank].name);
			goto invalid;
		}
		a->pcr_given[pcr] = true;
	}
	if (ferror(f)) {
		tool_err(path, "cannot read: %s", strerror(errno));
		fclose(f);
		return EXIT_SYSTEM;
	}
	fclose(f);
	return EXIT_OK;
invalid:
	fclose(f);
	return EXIT_INVALID;
}

/* --- the log ------------------------------------------------------------ */

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool is_list_event(const struct ima_event *e)
{
	return !strcmp(e->template_name, "ima-buf") && e->name &&
	       (starts(e->name, LIST_EVENT_ADD_BUFFER) ||
		starts(e->name, LIST_EVENT_ADD_FILE) ||
		starts(e->name, LIST_EVENT_DEL_BUFFER) ||
		starts(e->name, LIST_EVENT_DEL_FILE));
}

/*
 * IMA measures its boot aggregate first, before anything else. A later
 * entry of that name is a file whose path IMA could not resolve (it logs
 * the base name alone), judged like any other file.
 */
static bool is_boot_aggregate(const struct ima_event *e)
{
	return e->offset == 0 && e->name && !strcmp(e->name, "boot_aggregate");
}

/*
 * The reference values of list @buf (an add event's buffer, or a list file
 * the kernel read). 0, -EBADMSG (with *why) when it is no compact list, or
 * -ENOMEM.
 */
static int add_refs(struct attest *a, const uint8_t *buf, size_t len,
		    const char **why)
{
	struct compact_block b;
	struct modsig ms;
	size_t pos = 0;
	uint32_t i;
	int ret;

	if (modsig_split(buf, len, &ms, why) ||
	    compact_validate(buf, ms.body_len, NULL, why))
		return -EBADMSG;
	while ((ret = compact_next(buf, ms.body_len, &pos, &b, why)) == 1) {
		if (b.type != COMPACT_FILE && b.type != COMPACT_PARSER)
			continue;
		for (i = 0; i < b.count; i++) {
			ret = digestset_add(&a->refs, b.algo,
					    b.digests + (size_t)i * b.dsize,
					    b.dsize);
			if (ret)
				return ret;
		}
		a->ref_digests += b.count;
	}
	return ret < 0 ? -EBADMSG : 0;
}

/*
 * A list file the kernel read (@e, in the DIGLIM PCR): if it is a compact
 * list file of --lists, its digests are reference values.
 */
static int add_file_refs(struct attest *a, const struct ima_event *e)
{
	const char *why;
	size_t i, k;

	for (k = 0; k < NALGOS && algos[k].linux_algo != (unsigned int)e->algo; k++)
		;
	if (e->algo < 0 || k == NALGOS)
		return 0;
	for (i = 0; i < a->nfiles; i++) {
		struct known_file *f = &a->known_files[i];

		if (f->used || e->digest_len != gcry_md_get_algo_dlen(algos[k].gcry) ||
		    memcmp(f->digest[k], e->digest, e->digest_len) != 0)
			continue;
		f->used = true;
		/* a file that is no valid compact list whitelists nothing */
		return add_refs(a, f->buf, f->len, &why) == -ENOMEM ? -ENOMEM : 0;
	}
	return 0;
}

/* Whether @e's list (an add or del event's buffer) is the distribution's. */
static void check_list(struct attest *a, const struct ima_event *e)
{
	uint8_t d[32];

	if (!a->have_lists)
		return;
	gcry_md_hash_buffer(GCRY_MD_SHA256, d, e->buf, e->buf_len);
	if (digestset_count(&a->known_lists, HASH_ALGO_SHA256, d, sizeof(d)))
		return;
	printf("unknown list %s (PCR %u, ", e->name, e->pcr);
	print_digest("sha256", d, sizeof(d));
	printf("): not one of the lists given\n");
	a->unknown_lists++;
}

/* A file measurement in the DIGLIM PCR: the kernel read a list file. */
static void check_list_file(struct attest *a, const struct ima_event *e)
{
	a->list_files++;
	/* A digest of an algorithm this tool does not know is no known list. */
	if (!a->have_lists ||
	    (e->algo >= 0 &&
	     digestset_count(&a->known_lists, (unsigned int)e->algo, e->digest,
			     e->digest_len)))
		return;
	printf("unknown list file %s (PCR %u, ", e->name, e->pcr);
	print_digest(e->algo_name, e->digest, e->digest_len);
	printf("): not one of the lists given\n");
	a->unknown_lists++;
}

static void check_file(struct attest *a, const struct ima_event *e)
{
	bool known = e->algo >= 0 &&
		     digestset_count(&a->refs, (unsigned int)e->algo,
				     e->digest, e->digest_len);

	a->files++;
	if (known) {
		a->known++;
		if (a->verbose) {
			printf("known file %s ", e->name);
			print_digest(e->algo_name, e->digest, e->digest_len);
			printf(" (PCR %u)\n", e->pcr);
		}
		return;
	}
	a->unknown++;
	printf("unknown file %s ", e->name);
	print_digest(e->algo_name, e->digest, e->digest_len);
	printf(" (PCR %u)\n", e->pcr);
}

/* Replay @e into the log's PCRs after checking its template digest. */
static int replay(struct attest *a, const struct ima_event *e)
{
	int gcry = algos[a->bank].gcry;
	uint8_t d[64], ext[2 * 64];

	if (e->violation) {
		memset(ext + a->dsize, 0xff, a->dsize);
	} else {
		gcry_md_hash_buffer(gcry, d, e->data, e->data_len);
		if (memcmp(d, e->template_digest, a->dsize) != 0)
			return -EBADMSG;
		memcpy(ext + a->dsize, e->template_digest, a->dsize);
	}
	memcpy(ext, a->pcr_log[e->pcr], a->dsize);
	gcry_md_hash_buffer(gcry, a->pcr_log[e->pcr], ext, 2 * a->dsize);
	a->pcr_used[e->pcr] = true;
	return 0;
}

/* Whether PCR @i's given value is compared with the log's. */
static bool log_pcr(const struct attest *a, unsigned int i)
{
	return a->pcr_used[i] || i >= BOOT_PCRS;
}

/* Whether every given PCR of the log has the replayed value (zero if unused). */
static bool pcrs_match(const struct attest *a)
{
	static const uint8_t zero[64];
	unsigned int i;

	for (i = 0; i < IMA_PCR_MAX; i++) {
		if (a->pcr_given[i] && log_pcr(a, i) &&
		    memcmp(a->pcr_used[i] ? a->pcr_log[i] : zero,
			   a->pcr_tpm[i], a->dsize) != 0)
			return false;
	}
	return true;
}

enum pass {
	PASS_REPLAY,	/* check and replay every entry; the entries judged */
	PASS_COLLECT,	/* the same, and the reference values of the lists */
	PASS_JUDGE,	/* judge each entry */
};

/*
 * One pass over the log, up to a->limit entries after PASS_REPLAY.
 * Returns an exit code.
 */
static int walk(struct attest *a, const uint8_t *log, size_t len,
		enum pass pass)
{
	struct ima_event e;
	struct ima_log l;
	const char *why = NULL;
	unsigned long n = 0, match = 0;
	bool matched = false;
	int ret;

	if (pass != PASS_JUDGE) {
		memset(a->pcr_log, 0, sizeof(a->pcr_log));
		memset(a->pcr_used, 0, sizeof(a->pcr_used));
	}
	ima_log_init(&l, log, len, a->dsize);
	while ((ret = ima_log_next(&l, &e, &why)) == 1) {
		if (pass != PASS_REPLAY && n == a->limit)
			break;
		n++;
		if (pass != PASS_JUDGE) {
			if (replay(a, &e)) {
				tool_err(a->log_path, "entry at byte %zu (%s, PCR %u): template digest is not the %s of its data",
					 e.offset, e.template_name, e.pcr,
					 algos[a->bank].name);
				return EXIT_INVALID;
			}
		}
		if (pass == PASS_REPLAY) {
			if (pcrs_match(a)) {
				match = n;
				matched = true;
			}
			continue;
		}
		if (pass == PASS_COLLECT) {
			a->entries++;
			ret = 0;
			if (is_list_event(&e) && (starts(e.name, LIST_EVENT_ADD_BUFFER) ||
						  starts(e.name, LIST_EVENT_ADD_FILE))) {
				ret = add_refs(a, e.buf, e.buf_len, &why);
				if (ret == -EBADMSG) {
					/* the kernel refuses such a list */
					printf("invalid list %s: %s\n", e.name, why);
					a->invalid_lists++;
					ret = 0;
				}
			} else if (e.pcr == a->diglim_pcr && e.has_digest &&
				   strcmp(e.template_name, "ima-buf") != 0) {
				ret = add_file_refs(a, &e);
			}
			if (ret) {
				tool_err(a->log_path, "entry at byte %zu: %s",
					 e.offset, strerror(-ret));
				return EXIT_SYSTEM;
			}
			continue;
		}
		if (e.violation) {
			printf("violation (PCR %u, %s)\n", e.pcr, e.template_name);
			a->violations++;
		} else if (is_list_event(&e)) {
			if (starts(e.name, "add_")) {
				a->lists_added++;
				if (a->verbose)
					printf("list %s (PCR %u)\n", e.name, e.pcr);
			} else {
				a->lists_deleted++;
				if (a->verbose)
					printf("list deleted %s (PCR %u)\n", e.name, e.pcr);
			}
			check_list(a, &e);
		} else if (!e.has_digest || !strcmp(e.template_name, "ima-buf") ||
			   is_boot_aggregate(&e)) {
			a->other++;
			if (e.has_digest && is_boot_aggregate(&e) &&
			    e.digest_len <= sizeof(a->boot_aggregate)) {
				a->have_boot_aggregate = true;
				snprintf(a->boot_algo, sizeof(a->boot_algo), "%s",
					 e.algo_name);
				memcpy(a->boot_aggregate, e.digest, e.digest_len);
				a->boot_len = e.digest_len;
			}
		} else if (e.pcr == a->diglim_pcr) {
			check_list_file(a, &e);
		} else {
			check_file(a, &e);
		}
	}
	if (ret < 0) {
		tool_err(a->log_path, "entry at byte %zu: %s", e.offset, why);
		return EXIT_INVALID;
	}
	if (pass == PASS_REPLAY) {
		a->total = n;
		a->limit = n;
		if (!pcrs_match(a) && matched)
			a->limit = match;
	}
	return EXIT_OK;
}

/* Compare the replayed PCRs with the TPM's; false on a mismatch. */
static bool compare_pcrs(struct attest *a)
{
	static const uint8_t zero[64];
	bool ok = true;
	unsigned int i;

	for (i = 0; i < IMA_PCR_MAX; i++) {
		const uint8_t *mine = a->pcr_used[i] ? a->pcr_log[i] : zero;

		if (!a->pcr_used[i] && (!a->pcr_given[i] || !log_pcr(a, i)))
			continue;
		printf("pcr %u: ", i);
		print_digest(algos[a->bank].name, mine, a->dsize);
		if (!a->pcr_given[i]) {
			printf(" (not checked: no TPM value given)\n");
			continue;
		}
		if (!memcmp(mine, a->pcr_tpm[i], a->dsize)) {
			printf(" matches the TPM\n");
			continue;
		}
		printf(" DOES NOT MATCH the TPM's ");
		print_digest(algos[a->bank].name, a->pcr_tpm[i], a->dsize);
		putchar('\n');
		ok = false;
	}
	return ok;
}

/*
 * The boot aggregate IMA measured first: the hash, in its bank, of PCRs
 * 0-9 (0-7 for sha1) as they were when IMA started. Checked against the
 * given values of those PCRs (only those a quote vouched for, with
 * --quote: @quoted, bit i for PCR i). False on a mismatch.
 */
static bool check_boot_aggregate(struct attest *a, bool quote,
				 uint32_t quoted)
{
	unsigned int i, n = a->bank == 0 ? 8 : BOOT_PCRS;
	uint8_t d[64];
	gcry_md_hd_t h;

	if (!a->have_boot_aggregate)
		return true;
	printf("boot_aggregate: ");
	print_digest(a->boot_algo, a->boot_aggregate, a->boot_len);
	if (strcmp(a->boot_algo, algos[a->bank].name) != 0 || a->boot_len != a->dsize) {
		printf(" (not checked: the PCR values given are of %s)\n",
		       algos[a->bank].name);
		return true;
	}
	for (i = 0; i < n; i++) {
		if (!a->pcr_given[i] || (quote && !(quoted & (1u << i)))) {
			printf(" (not checked: no %s value of PCR %u)\n",
			       quote ? "quoted" : "given", i);
			return true;
		}
	}
	if (gcry_md_open(&h, algos[a->bank].gcry, 0)) {
		printf(" (not checked: libgcrypt failed)\n");
		return true;
	}
	for (i = 0; i < n; i++)
		gcry_md_write(h, a->pcr_tpm[i], a->dsize);
	memcpy(d, gcry_md_read(h, 0), a->dsize);
	gcry_md_close(h);
	if (!memcmp(d, a->boot_aggregate, a->dsize)) {
		printf(" matches PCRs 0-%u\n", n - 1);
		return true;
	}
	printf(" DOES NOT MATCH PCRs 0-%u (", n - 1);
	print_digest(algos[a->bank].name, d, a->dsize);
	printf(")\n");
	return false;
}

static void usage(FILE *f)
{
	fputs("usage: diglim attest LOG [--bank ALGO] [--pcrs FILE] [--lists DIR]...\n"
	      "                     [--keyring KEYS.pgp]... [--diglim-pcr N] [--verbose]\n"
	      "                     [--quote ATTEST --quote-sig SIG --ak AK.pub --nonce HEX]\n", f);
}

int cmd_attest(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "bank", required_argument, NULL, 'b' },
		{ "pcrs", required_argument, NULL, 'p' },
		{ "lists", required_argument, NULL, 'l' },
		{ "keyring", required_argument, NULL, 'k' },
		{ "diglim-pcr", required_argument, NULL, 'd' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quote", required_argument, NULL, 'Q' },
		{ "quote-sig", required_argument, NULL, 'S' },
		{ "ak", required_argument, NULL, 'A' },
		{ "nonce", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct attest *a;
	const char *pcrs = NULL, *bank = "sha256";
	char **lists = NULL, *keyrings[KEYRINGS_MAX];
	struct quote_args qa = { 0 };
	const char *nonce = NULL;
	struct keyring kr;
	int nkr = 0;
	uint8_t *log = NULL;
	size_t len, i;
	int c, nlists = 0, status = EXIT_OK, ret;
	bool pcrs_ok, quote_ok = true, boot_ok;
	uint32_t quoted = 0;

	a = calloc(1, sizeof(*a));
	lists = calloc((size_t)argc, sizeof(*lists));
	if (!a || !lists) {
		tool_err(NULL, "%s", strerror(ENOMEM));
		free(a);
		free(lists);
		return EXIT_SYSTEM;
	}
	a->diglim_pcr = DIGLIM_PCR_DEFAULT;
	while ((c = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		char *arg = optarg ? optarg : (char *)"", *end;
		unsigned long v;

		switch (c) {
		case 'b':
			bank = arg;
			break;
		case 'p':
			pcrs = arg;
			break;
		case 'l':
			lists[nlists++] = arg;
			break;
		case 'k':
			if (nkr == KEYRINGS_MAX) {
				tool_err(NULL, "at most %d --keyring options",
					 KEYRINGS_MAX);
				status = EXIT_USAGE;
				goto out;
			}
			keyrings[nkr++] = arg;
			break;
		case 'd':
			errno = 0;
			v = strtoul(arg, &end, 10);
			if (errno || *end || end == arg || v >= IMA_PCR_MAX) {
				tool_err(NULL, "--diglim-pcr %s: not a PCR number (0-23)",
					 arg);
				status = EXIT_USAGE;
				goto out;
			}
			a->diglim_pcr = (unsigned int)v;
			break;
		case 'v':
			a->verbose = true;
			break;
		case 'Q':
			qa.quote = arg;
			break;
		case 'S':
			qa.sig = arg;
			break;
		case 'A':
			qa.ak = arg;
			break;
		case 'N':
			nonce = arg;
			break;
		case 'h':
			usage(stdout);
			goto out;
		default:
			usage(stderr);
			status = EXIT_USAGE;
			goto out;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		status = EXIT_USAGE;
		goto out;
	}
	a->log_path = argv[optind];
	for (i = 0; i < NALGOS && strcmp(algos[i].name, bank) != 0; i++)
		;
	if (i == NALGOS) {
		tool_err(NULL, "--bank %s: not one of sha1, sha256, sha384, sha512",
			 bank);
		status = EXIT_USAGE;
		goto out;
	}
	a->bank = i;
	a->dsize = gcry_md_get_algo_dlen(algos[i].gcry);
	if (digestset_init(&a->refs) || digestset_init(&a->known_lists)) {
		tool_err(NULL, "no random seed: %s", strerror(errno));
		status = EXIT_SYSTEM;
		goto out;
	}
	if (nkr && !nlists) {
		tool_err(NULL, "--keyring checks the list files of --lists: give --lists DIR");
		status = EXIT_USAGE;
		goto out;
	}
	if (qa.quote || qa.sig || qa.ak || nonce) {
		if (!qa.quote || !qa.sig || !qa.ak || !nonce || !pcrs) {
			tool_err(NULL, "a quote is checked with --quote, --quote-sig, --ak, --nonce and --pcrs together");
			status = EXIT_USAGE;
			goto out;
		}
		if (!quote_nonce_parse(&qa, nonce)) {
			tool_err(NULL, "--nonce %s: not hex bytes (at most %d)",
				 nonce, QUOTE_NONCE_MAX);
			status = EXIT_USAGE;
			goto out;
		}
	}
	if (pcrs) {
		status = load_pcrs(a, pcrs);
		if (status)
			goto out;
	}
	if (nkr) {
		status = keyrings_load(&kr, keyrings, nkr);
		if (status)
			goto out;
		a->kr = &kr;
	}
	for (c = 0; c < nlists; c++) {
		status = load_lists(a, lists[c]);
		if (status)
			goto out;
	}
	if (nlists)
		printf("lists given: %lu list files counted, %lu not counted%s\n",
		       a->lists_counted, a->lists_refused,
		       a->kr ? " (signature checked)" : "");
	ret = read_whole_file(a->log_path, SIZE_MAX / 2, &log, &len);
	if (ret) {
		tool_err(a->log_path, "cannot read: %s",
			 ret == -EINVAL ? "not a regular file" : strerror(-ret));
		status = EXIT_SYSTEM;
		goto out;
	}
	status = walk(a, log, len, PASS_REPLAY);
	if (!status)
		status = walk(a, log, len, PASS_COLLECT);
	if (status)
		goto out;
	if (a->limit < a->total)
		printf("log: the PCR values given are the log's after entry %lu of %lu; the %lu %s after it, measured later, %s not judged\n",
		       a->limit, a->total, a->total - a->limit,
		       a->total - a->limit == 1 ? "entry" : "entries",
		       a->total - a->limit == 1 ? "is" : "are");
	pcrs_ok = compare_pcrs(a);
	if (qa.quote) {
		struct quote_pcrs qp = {
			.bank = algos[a->bank].tpm_algo, .dsize = a->dsize,
			.given = a->pcr_given, .values = a->pcr_tpm,
			.used = a->pcr_used,
		};

		status = attest_quote(&qa, &qp, &quote_ok, &quoted);
		if (status)
			goto out;
	}
	status = walk(a, log, len, PASS_JUDGE);
	if (status)
		goto out;
	boot_ok = check_boot_aggregate(a, qa.quote != NULL, quoted);
	printf("attest: %lu entries; %lu lists added (%lu reference digests), %lu deleted, %lu invalid; %lu list files; %lu files measured: %lu known, %lu unknown; %lu unknown lists; %lu violations; %lu other\n",
	       a->entries, a->lists_added, a->ref_digests, a->lists_deleted,
	       a->invalid_lists, a->list_files, a->files, a->known, a->unknown,
	       a->unknown_lists, a->violations, a->other);
	if (!pcrs_ok || !quote_ok || !boot_ok || a->unknown ||
	    a->unknown_lists || a->violations) {
		printf("attest: FAIL:%s%s%s%s%s%s\n",
		       pcrs_ok ? "" : " the log does not match the TPM;",
		       quote_ok ? "" : " the PCR values are not the TPM's quote;",
		       boot_ok ? "" : " the boot aggregate does not match the boot PCRs;",
		       a->unknown ? " unknown files ran;" : "",
		       a->unknown_lists ? " lists not from the distribution;" : "",
		       a->violations ? " violations;" : "");
		status = EXIT_INVALID;
	} else {
		printf("attest: OK%s\n", pcrs ? "" : " (PCRs not checked)");
	}
out:
	for (i = 0; i < a->nfiles; i++)
		free(a->known_files[i].buf);
	free(a->known_files);
	if (a->kr)
		keyring_free(a->kr);
	digestset_free(&a->refs);
	digestset_free(&a->known_lists);
	free(log);
	free(lists);
	free(a);
	return status;
}
