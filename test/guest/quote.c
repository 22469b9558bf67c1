// SPDX-License-Identifier: GPL-2.0-only
/*
 * A TPM 2.0 quote with raw commands (see quote.h). The guests have no TSS:
 * three commands of the TPM 2.0 Library (Part 3), marshalled by hand, big
 * endian, each authorised (where it needs it) by the empty password
 * session TPM_RS_PW.
 */
#include "quote.h"
#include "measure.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TPM_DEV			"/dev/tpmrm0"
#define TPM_ST_NO_SESSIONS	0x8001
#define TPM_ST_SESSIONS		0x8002
#define TPM_CC_CREATE_PRIMARY	0x00000131
#define TPM_CC_QUOTE		0x00000158
#define TPM_CC_FLUSH_CONTEXT	0x00000165
#define TPM_RH_OWNER		0x40000001
#define TPM_RS_PW		0x40000009
#define TPM_ALG_SHA256		0x000b
#define TPM_ALG_NULL		0x0010
#define TPM_ALG_ECDSA		0x0018
#define TPM_ALG_ECC		0x0023
#define TPM_ECC_NIST_P256	0x0003
/* fixedTPM | fixedParent | sensitiveDataOrigin | userWithAuth | restricted | sign */
#define AK_ATTRIBUTES		0x00050072u
#define NONCE_MAX		32
#define BUF_MAX			2048

struct buf {
	uint8_t p[BUF_MAX];
	size_t len;
	size_t pos;		/* reading */
	bool bad;
};

static void put16(struct buf *b, uint16_t v)
{
	if (b->len + 2 > sizeof(b->p)) {
		b->bad = true;
		return;
	}
	b->p[b->len++] = (uint8_t)(v >> 8);
	b->p[b->len++] = (uint8_t)v;
}

static void put32(struct buf *b, uint32_t v)
{
	put16(b, (uint16_t)(v >> 16));
	put16(b, (uint16_t)v);
}

static void put_bytes(struct buf *b, const uint8_t *p, size_t n)
{
	if (n > sizeof(b->p) - b->len) {
		b->bad = true;
		return;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static const uint8_t *get(struct buf *b, size_t n)
{
	const uint8_t *p = b->p + b->pos;

	if (b->bad || n > b->len - b->pos) {
		b->bad = true;
		return NULL;
	}
	b->pos += n;
	return p;
}

static uint32_t get32(struct buf *b)
{
	const uint8_t *p = get(b, 4);

	return p ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		   (uint32_t)p[2] << 8 | p[3] : 0;
}

static uint16_t get16(struct buf *b)
{
	const uint8_t *p = get(b, 2);

	return p ? (uint16_t)(p[0] << 8 | p[1]) : 0;
}

/* Skip a TPM2B; its start (size field included) into *start. */
static size_t skip2b(struct buf *b, const uint8_t **start)
{
	size_t at = b->pos;
	uint16_t n = get16(b);

	get(b, n);
	*start = b->p + at;
	return b->pos - at;
}

/* Header with a placeholder size, the command code. */
static void cmd_start(struct buf *b, uint16_t tag, uint32_t cc)
{
	b->len = 0;
	b->bad = false;
	put16(b, tag);
	put32(b, 0);
	put32(b, cc);
}

/* The empty password session: authorisation area of one session. */
static void put_pw_session(struct buf *b)
{
	put32(b, 9);		/* authorizationSize */
	put32(b, TPM_RS_PW);
	put16(b, 0);		/* nonceCaller */
	put_bytes(b, (const uint8_t[]){ 0 }, 1);	/* sessionAttributes */
	put16(b, 0);		/* hmac: the empty password */
}

/*
 * Send @b to the TPM and read the response into @b (positioned after the
 * response code). Returns the TPM's response code, or -1 with a diagnostic.
 */
static long transact(int fd, struct buf *b, const char *what)
{
	ssize_t n;
	uint32_t rc;

	if (b->bad) {
		tap_diag("%s: the command does not fit", what);
		return -1;
	}
	b->p[2] = (uint8_t)(b->len >> 24);
	b->p[3] = (uint8_t)(b->len >> 16);
	b->p[4] = (uint8_t)(b->len >> 8);
	b->p[5] = (uint8_t)b->len;
	n = write(fd, b->p, b->len);
	if (n != (ssize_t)b->len) {
		tap_diag("%s: write %s: %s", what, TPM_DEV,
			 n < 0 ? strerror(errno) : "short write");
		return -1;
	}
	n = read(fd, b->p, sizeof(b->p));
	if (n < 10) {
		tap_diag("%s: read %s: %s", what, TPM_DEV,
			 n < 0 ? strerror(errno) : "short response");
		return -1;
	}
	b->len = (size_t)n;
	b->pos = 6;
	rc = get32(b);
	if (rc)
		tap_diag("%s: TPM response code 0x%x", what, rc);
	return rc;
}

static void print_hex(const char *tag, const uint8_t *p, size_t len)
{
	char hex[2 * 512 + 1];
	size_t i;

	if (len > 512) {
		tap_diag("%s: %zu bytes, too long to print", tag, len);
		return;
	}
	for (i = 0; i < len; i++)
		snprintf(hex + 2 * i, 3, "%02x", p[i]);
	hex[2 * len] = '\0';
	tap_diag("%s %s", tag, hex);
}

/* The nonce of diglimtest.nonce=HEX into @nonce; its length, or -1. */
static int read_nonce(uint8_t nonce[NONCE_MAX])
{
	char *cmdline = read_text("/proc/cmdline", 4096), *p, *end;
	size_t n;
	int ret = -1;

	p = cmdline ? strstr(cmdline, "diglimtest.nonce=") : NULL;
	if (p) {
		p += strlen("diglimtest.nonce=");
		end = p + strcspn(p, " \n");
		n = (size_t)(end - p);
		if (n && n <= 2 * (size_t)NONCE_MAX && parse_hex(p, n, nonce, n / 2))
			ret = (int)(n / 2);
	}
	if (ret < 0)
		tap_diag("no diglimtest.nonce=HEX (1-%d bytes) on the kernel command line",
			 NONCE_MAX);
	free(cmdline);
	return ret;
}

/* CreatePrimary of the AK: its handle, and its TPM2B_PUBLIC printed. */
static bool create_ak(int fd, struct buf *b, uint32_t *handle)
{
	const uint8_t *pub;
	size_t len;

	cmd_start(b, TPM_ST_SESSIONS, TPM_CC_CREATE_PRIMARY);
	put32(b, TPM_RH_OWNER);
	put_pw_session(b);
	put16(b, 4);			/* inSensitive: empty userAuth, data */
	put32(b, 0);
	put16(b, 24);			/* inPublic: TPMT_PUBLIC */
	put16(b, TPM_ALG_ECC);
	put16(b, TPM_ALG_SHA256);	/* nameAlg */
	put32(b, AK_ATTRIBUTES);
	put16(b, 0);			/* authPolicy */
	put16(b, TPM_ALG_NULL);		/* symmetric */
	put16(b, TPM_ALG_ECDSA);	/* scheme */
	put16(b, TPM_ALG_SHA256);
	put16(b, TPM_ECC_NIST_P256);
	put16(b, TPM_ALG_NULL);		/* kdf */
	put16(b, 0);			/* unique.x */
	put16(b, 0);			/* unique.y */
	put16(b, 0);			/* outsideInfo */
	put32(b, 0);			/* creationPCR: none */
	if (transact(fd, b, "TPM2_CreatePrimary"))
		return false;
	*handle = get32(b);
	get32(b);			/* parameterSize */
	len = skip2b(b, &pub);		/* outPublic */
	if (b->bad) {
		tap_diag("TPM2_CreatePrimary: response too short");
		return false;
	}
	print_hex("quote-ak", pub, len);
	return true;
}

/* Quote PCRs 0-11 of sha256 over @nonce with @ak; print both parts. */
static bool quote(int fd, struct buf *b, uint32_t ak, const uint8_t *nonce,
		  size_t nonce_len)
{
	static const uint8_t select[3] = { 0xff, 0x0f, 0x00 };	/* 0-11 */
	const uint8_t *attest, *sig, *r, *s;
	size_t attest_len, r_len, s_len;

	cmd_start(b, TPM_ST_SESSIONS, TPM_CC_QUOTE);
	put32(b, ak);
	put_pw_session(b);
	put16(b, (uint16_t)nonce_len);	/* qualifyingData */
	put_bytes(b, nonce, nonce_len);
	put16(b, TPM_ALG_NULL);		/* inScheme: the key's */
	put32(b, 1);			/* PCRselect: one bank */
	put16(b, TPM_ALG_SHA256);
	put_bytes(b, (const uint8_t[]){ sizeof(select) }, 1);
	put_bytes(b, select, sizeof(select));
	if (transact(fd, b, "TPM2_Quote"))
		return false;
	get32(b);			/* parameterSize */
	attest_len = skip2b(b, &attest);
	sig = b->p + b->pos;
	if (get16(b) != TPM_ALG_ECDSA && !b->bad) {
		tap_diag("TPM2_Quote: not an ECDSA signature");
		return false;
	}
	get16(b);			/* hash */
	r_len = skip2b(b, &r);
	s_len = skip2b(b, &s);
	if (b->bad || attest_len < 2) {
		tap_diag("TPM2_Quote: response too short");
		return false;
	}
	print_hex("quote-attest", attest + 2, attest_len - 2);
	print_hex("quote-sig", sig, 4 + r_len + s_len);
	return true;
}

bool print_quote(void)
{
	uint8_t nonce[NONCE_MAX];
	struct buf *b = calloc(1, sizeof(*b));
	uint32_t ak = 0;
	bool ok = false;
	int fd = -1, n;

	n = read_nonce(nonce);
	if (!b || n < 0)
		goto out;
	fd = open(TPM_DEV, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		tap_diag("open %s: %s", TPM_DEV, strerror(errno));
		goto out;
	}
	if (!create_ak(fd, b, &ak))
		goto out;
	ok = quote(fd, b, ak, nonce, (size_t)n);
	cmd_start(b, TPM_ST_NO_SESSIONS, TPM_CC_FLUSH_CONTEXT);
	put32(b, ak);
	if (transact(fd, b, "TPM2_FlushContext"))
		ok = false;
out:
	if (fd >= 0)
		close(fd);
	free(b);
	return ok;
}
