// SPDX-License-Identifier: GPL-2.0-only
/*
 * `diglim attest --quote`: see attestquote.h. The chain a verifier
 * follows: the attestation key it enrolled signed the quote; the quote
 * carries the verifier's nonce (it is fresh) and the digest of the PCR
 * values the verifier was given (they are the TPM's); the measurement list
 * replays to those values (attest.c), and every PCR the list extends is
 * one the quote covers.
 */
#include "attestquote.h"
#include "util.h"

#include "hex.h"

#include <errno.h>
#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUOTE_FILE_MAX	4096	/* the three structures are much smaller */

bool quote_nonce_parse(struct quote_args *qa, const char *hex)
{
	size_t n = strlen(hex);

	if (n % 2 || n / 2 > QUOTE_NONCE_MAX || hex_decode(qa->nonce, hex, n / 2))
		return false;
	qa->nonce_len = n / 2;
	return true;
}

static void print_hex(const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		printf("%02x", p[i]);
}

static void print_pcrs(uint32_t pcrs)
{
	unsigned int i;

	for (i = 0; i < TPM_QUOTE_PCRS; i++)
		if (pcrs & (1u << i))
			printf(" %u", i);
}

static int read_small(const char *path, uint8_t **buf, size_t *len)
{
	int ret = read_whole_file(path, QUOTE_FILE_MAX, buf, len);

	if (!ret)
		return EXIT_OK;
	tool_err(path, "cannot read: %s",
		 ret == -EINVAL ? "not a regular file" :
		 ret == -EFBIG ? "larger than a TPM structure" : strerror(-ret));
	return EXIT_SYSTEM;
}

/*
 * The PCRs of the quote: all of the values' bank, each given; the digest
 * of their values in the quote's order is the quote's. NULL, or why not.
 */
static const char *check_pcrs(const struct tpm_quote *q,
			      const struct quote_pcrs *p, uint32_t *covered,
			      char *why, size_t why_size)
{
	gcry_md_hd_t h;
	unsigned int s, i;
	const uint8_t *d;

	*covered = 0;
	if (gcry_md_open(&h, tpm_alg_gcry(q->sig_hash), 0))
		return "libgcrypt could not hash the PCR values";
	for (s = 0; s < q->nsel; s++) {
		if (q->sel[s].hash != p->bank && q->sel[s].pcrs) {
			snprintf(why, why_size,
				 "it covers PCRs of the %s bank; the values given are of %s",
				 tpm_alg_name(q->sel[s].hash), tpm_alg_name(p->bank));
			gcry_md_close(h);
			return why;
		}
		for (i = 0; i < TPM_QUOTE_PCRS; i++) {
			if (!(q->sel[s].pcrs & (1u << i)))
				continue;
			if (!p->given[i]) {
				snprintf(why, why_size,
					 "it covers PCR %u, and no value was given for it", i);
				gcry_md_close(h);
				return why;
			}
			gcry_md_write(h, p->values[i], p->dsize);
			*covered |= 1u << i;
		}
	}
	d = gcry_md_read(h, 0);
	if (q->pcr_digest_len != gcry_md_get_algo_dlen(tpm_alg_gcry(q->sig_hash)) ||
	    memcmp(d, q->pcr_digest, q->pcr_digest_len) != 0) {
		gcry_md_close(h);
		return "its PCR digest is not the digest of the values given: they are not the TPM's";
	}
	gcry_md_close(h);
	for (i = 0; i < IMA_PCR_MAX; i++) {
		if (p->used[i] && !(*covered & (1u << i))) {
			snprintf(why, why_size,
				 "the log extends PCR %u, which the quote does not cover", i);
			return why;
		}
	}
	return NULL;
}

int attest_quote(const struct quote_args *qa, const struct quote_pcrs *p,
		 bool *ok, uint32_t *vouched)
{
	uint8_t *akb = NULL, *qb = NULL, *sb = NULL;
	size_t akl, ql, sl;
	struct tpm_quote q;
	struct tpm_ak ak;
	const char *why;
	char buf[160];
	uint32_t covered;
	int status;

	*ok = false;
	*vouched = 0;
	status = read_small(qa->ak, &akb, &akl);
	if (!status)
		status = read_small(qa->quote, &qb, &ql);
	if (!status)
		status = read_small(qa->sig, &sb, &sl);
	if (status)
		goto out;
	why = tpm_ak_parse(akb, akl, &ak);
	if (why) {
		printf("quote: FAIL: attestation key %s: %s\n", qa->ak, why);
		goto out;
	}
	printf("quote: attestation key ");
	print_hex(ak.name, ak.name_len);
	if (ak.type == TPM_ALG_RSA)
		printf(" (rsa %u)\n", ak.bits);
	else
		printf(" (ecc %s)\n", ak.curve);
	why = tpm_quote_check(&ak, qb, ql, sb, sl, &q, buf, sizeof(buf));
	if (why) {
		printf("quote: FAIL: %s, %s: %s\n", qa->quote, qa->sig, why);
		goto out;
	}
	/*
	 * The reset and restart counts are obfuscated for keys outside the
	 * endorsement hierarchy (Part 1, 36.7): only the clock is printed.
	 */
	printf("quote: signed by the attestation key (%s, %s); TPM clock %llu ms\n",
	       tpm_alg_name(q.sig_alg), tpm_alg_name(q.sig_hash),
	       (unsigned long long)q.clock);
	if (q.extra_len != qa->nonce_len ||
	    (q.extra_len && memcmp(q.extra_data, qa->nonce, q.extra_len) != 0)) {
		printf("quote: FAIL: its nonce is ");
		print_hex(q.extra_data, q.extra_len);
		printf(", not the verifier's: an old quote, or another verifier's\n");
		goto out;
	}
	why = check_pcrs(&q, p, &covered, buf, sizeof(buf));
	if (why) {
		printf("quote: FAIL: %s\n", why);
		goto out;
	}
	printf("quote: nonce matches; PCRs");
	print_pcrs(covered);
	printf(" of %s have the values given, and cover the log\n",
	       tpm_alg_name(p->bank));
	*ok = true;
	*vouched = covered;
out:
	free(akb);
	free(qb);
	free(sb);
	return status;
}
