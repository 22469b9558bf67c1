// SPDX-License-Identifier: GPL-2.0-only
/*
 * Smoke test run in every guest: the kernel is the one the host built, IMA
 * is active and measures into a real TPM 2.0 (not TPM-bypass), and the
 * measurement list starts with boot_aggregate and replays to PCR 10.
 *
 * Kernel command line options read from /proc/cmdline:
 *   diglimtest.release=RELEASE  the kernel release the host built
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "sha256.h"
#include "tap.h"

#define IMA_DIR		"/sys/kernel/security/ima"
#define IMA_LIST_SHA256	IMA_DIR "/ascii_runtime_measurements_sha256"
#define TPM_DIR		"/sys/class/tpm/tpm0"
#define PCR10_SHA256	TPM_DIR "/pcr-sha256/10"
#define IMA_PCR		10
#define MAX_LIST	(1 << 20)

/* Read a whole small file into a NUL-terminated heap buffer. */
static char *read_text(const char *path, size_t max)
{
	size_t used = 0;
	char *buf;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		tap_diag("open %s: %s", path, strerror(errno));
		return NULL;
	}
	buf = malloc(max + 1);
	if (!buf) {
		close(fd);
		return NULL;
	}
	while (used < max && (n = read(fd, buf + used, max - used)) > 0)
		used += (size_t)n;
	close(fd);
	buf[used] = '\0';
	return buf;
}

static bool parse_hex(const char *hex, size_t hexlen, uint8_t *out,
		      size_t outlen)
{
	size_t i;

	if (hexlen != outlen * 2)
		return false;
	for (i = 0; i < outlen; i++) {
		unsigned int v;

		if (!isxdigit((unsigned char)hex[2 * i]) ||
		    !isxdigit((unsigned char)hex[2 * i + 1]) ||
		    sscanf(hex + 2 * i, "%2x", &v) != 1)
			return false;
		out[i] = (uint8_t)v;
	}
	return true;
}

static bool all_zero(const uint8_t *p, size_t len)
{
	while (len--)
		if (*p++)
			return false;
	return true;
}

static char *cmdline_value(const char *key)
{
	char *cmdline = read_text("/proc/cmdline", 4096), *tok, *save = NULL;
	size_t keylen = strlen(key);
	char *value = NULL;

	if (!cmdline)
		return NULL;
	for (tok = strtok_r(cmdline, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (!strncmp(tok, key, keylen) && tok[keylen] == '=') {
			value = strdup(tok + keylen + 1);
			break;
		}
	}
	free(cmdline);
	return value;
}

static void check_release(void)
{
	char *expected = cmdline_value("diglimtest.release");
	struct utsname uts;

	if (uname(&uts) < 0 || !expected) {
		tap_ok(false, "kernel release is the one built from kernel/series (no diglimtest.release= given)");
		free(expected);
		return;
	}
	if (!tap_ok(!strcmp(uts.release, expected),
		    "kernel release is the one built from kernel/series"))
		tap_diag("running %s, built %s", uts.release, expected);
	free(expected);
}

static void check_tpm(void)
{
	char *major = read_text(TPM_DIR "/tpm_version_major", 16);

	tap_ok(major && atoi(major) == 2, "a TPM 2.0 chip is present");
	free(major);
}

/* PCR 10 of the sha256 bank; false when unreadable. */
static bool read_pcr10(uint8_t pcr[SHA256_DIGEST_SIZE])
{
	char *text = read_text(PCR10_SHA256, 128);
	bool ok;

	if (!text)
		return false;
	ok = parse_hex(text, strcspn(text, "\n"), pcr, SHA256_DIGEST_SIZE);
	if (!ok)
		tap_diag("%s: unexpected content '%s'", PCR10_SHA256, text);
	free(text);
	return ok;
}

struct ima_entry {
	unsigned int pcr;
	uint8_t template_hash[SHA256_DIGEST_SIZE];
	char template[32];
	char digest[160];
	char name[256];
};

/* Parse "PCR template-hash template-name algo:digest name ..." */
static bool parse_entry(const char *line, struct ima_entry *e)
{
	char hash[2 * SHA256_DIGEST_SIZE + 2];

	memset(e, 0, sizeof(*e));
	if (sscanf(line, "%u %65s %31s %159s %255s", &e->pcr, hash,
		   e->template, e->digest, e->name) != 5)
		return false;
	return parse_hex(hash, strlen(hash), e->template_hash,
			 sizeof(e->template_hash));
}

static void check_measurements(void)
{
	uint8_t pcr[SHA256_DIGEST_SIZE], replay[SHA256_DIGEST_SIZE] = { 0 };
	char *list = read_text(IMA_LIST_SHA256, MAX_LIST), *line, *save = NULL;
	bool first_ok = false, parsed = true, have_pcr;
	unsigned int entries = 0;

	tap_ok(list != NULL, "IMA is active: %s is readable", IMA_LIST_SHA256);
	have_pcr = read_pcr10(pcr);
	if (!tap_ok(have_pcr && !all_zero(pcr, sizeof(pcr)),
		    "PCR 10 (sha256 bank) is non-zero after boot"))
		tap_diag("IMA may be running in TPM-bypass mode");

	for (line = list ? strtok_r(list, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ima_entry e;
		struct sha256_ctx ctx;

		if (!parse_entry(line, &e)) {
			tap_diag("unparsable measurement: %s", line);
			parsed = false;
			break;
		}
		if (entries++ == 0) {
			const char *colon = strchr(e.digest, ':');
			uint8_t d[SHA256_DIGEST_SIZE];

			first_ok = !strcmp(e.name, "boot_aggregate") &&
				   e.pcr == IMA_PCR && colon &&
				   parse_hex(colon + 1, strlen(colon + 1), d,
					     sizeof(d)) &&
				   !all_zero(d, sizeof(d));
			if (!first_ok)
				tap_diag("first entry: %s", line);
		}
		if (e.pcr != IMA_PCR)
			continue;
		sha256_init(&ctx);
		sha256_update(&ctx, replay, sizeof(replay));
		sha256_update(&ctx, e.template_hash, sizeof(e.template_hash));
		sha256_final(&ctx, replay);
	}
	free(list);
	tap_ok(first_ok,
	       "the first measurement is boot_aggregate with a non-zero TPM digest");
	tap_ok(parsed && entries > 0 && have_pcr &&
	       !memcmp(replay, pcr, sizeof(pcr)),
	       "replaying %u measurements gives PCR 10", entries);
}

int main(void)
{
	tap_plan(6);
	check_release();
	check_tpm();
	check_measurements();
	return tap_exit();
}
