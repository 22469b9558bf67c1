// SPDX-License-Identifier: GPL-2.0-only
/* IMA's measurement list and the TPM's PCRs (see measure.h). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure.h"
#include "tap.h"

char *read_text(const char *path, size_t max)
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

bool print_binary_log(void)
{
	uint8_t buf[4096];
	char hex[2 * 64 + 1];
	size_t have = 0, i, n;
	ssize_t got;
	bool ok = true;
	int fd;

	fd = open(IMA_BINARY_SHA256, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		tap_diag("open %s: %s", IMA_BINARY_SHA256, strerror(errno));
		return false;
	}
	for (;;) {
		got = read(fd, buf + have, sizeof(buf) - have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			tap_diag("read %s: %s", IMA_BINARY_SHA256, strerror(errno));
			ok = false;
		}
		if (got > 0)
			have += (size_t)got;
		/* whole lines of 64 bytes; the rest at the end */
		for (i = 0; i + 64 <= have || (got <= 0 && i < have); i += n) {
			n = have - i < 64 ? have - i : 64;
			for (size_t k = 0; k < n; k++)
				snprintf(hex + 2 * k, 3, "%02x", buf[i + k]);
			tap_diag("imalog %s", hex);
		}
		memmove(buf, buf + i, have - i);
		have -= i;
		if (got <= 0)
			break;
	}
	close(fd);
	return ok;
}

bool parse_hex(const char *hex, size_t hexlen, uint8_t *out, size_t outlen)
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

bool all_zero(const uint8_t *p, size_t len)
{
	while (len--)
		if (*p++)
			return false;
	return true;
}

bool pcr_read(unsigned int pcr, uint8_t out[SHA256_DIGEST_SIZE])
{
	char path[64], *text;
	bool ok;

	snprintf(path, sizeof(path), TPM_DIR "/pcr-sha256/%u", pcr);
	text = read_text(path, 128);
	if (!text)
		return false;
	ok = parse_hex(text, strcspn(text, "\n"), out, SHA256_DIGEST_SIZE);
	if (!ok)
		tap_diag("%s: unexpected content '%s'", path, text);
	free(text);
	return ok;
}

bool print_boot_pcr(unsigned int pcr)
{
	uint8_t v[SHA256_DIGEST_SIZE];
	char hex[2 * SHA256_DIGEST_SIZE + 1];
	size_t i;

	if (!pcr_read(pcr, v))
		return false;
	for (i = 0; i < sizeof(v); i++)
		snprintf(hex + 2 * i, 3, "%02x", v[i]);
	tap_diag("boot-pcr %u %s", pcr, hex);
	return true;
}

bool ima_entry_parse(const char *line, struct ima_entry *e)
{
	char hash[2 * SHA256_DIGEST_SIZE + 2];

	memset(e, 0, sizeof(*e));
	if (sscanf(line, "%u %65s %31s %159s %255s", &e->pcr, hash,
		   e->template, e->digest, e->name) != 5)
		return false;
	return parse_hex(hash, strlen(hash), e->template_hash,
			 sizeof(e->template_hash));
}

void pcr_extend(uint8_t pcr_value[SHA256_DIGEST_SIZE],
		const struct ima_entry *e)
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, pcr_value, SHA256_DIGEST_SIZE);
	sha256_update(&ctx, e->template_hash, sizeof(e->template_hash));
	sha256_final(&ctx, pcr_value);
}
