// SPDX-License-Identifier: GPL-2.0-only
/* List file names and rpm list file bytes. */
#include "listfile.h"

#include "bytes.h"
#include "modsig.h"
#include "rpm_header.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LABEL_MAX 200

static int label_ok(const char *label)
{
	size_t i, n = strlen(label);

	if (n == 0 || n > LABEL_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if (label[i] < 0x21 || label[i] > 0x7e || label[i] == '/')
			return 0;
	return 1;
}

int listfile_name(char out[LISTFILE_NAME_MAX + 1], const char *type,
		  const char *format, const char *label)
{
	int n;

	if (!label_ok(label))
		return -EINVAL;
	n = snprintf(out, LISTFILE_NAME_MAX + 1, "0-%s_list-%s-%s", type,
		     format, label);
	if (n < 0 || n > LISTFILE_NAME_MAX)
		return -EINVAL;
	return 0;
}

const char *listfile_label(const char *name, const char **format)
{
	static const char *const types[] = { "file", "metadata", "parser" };
	static const char *const formats[] = { "rpm", "compact" };
	const char *p = name;
	size_t i, digits = 0, n;

	while (*p >= '0' && *p <= '9') {
		p++;
		digits++;
	}
	if (digits == 0 || digits > 9 || *p++ != '-')
		return NULL;
	for (i = 0; i < 3; i++) {
		n = strlen(types[i]);
		if (!strncmp(p, types[i], n) && !strncmp(p + n, "_list-", 6))
			break;
	}
	if (i == 3)
		return NULL;
	p += n + 6;
	for (i = 0; i < 2; i++) {
		n = strlen(formats[i]);
		if (!strncmp(p, formats[i], n) && p[n] == '-')
			break;
	}
	if (i == 2)
		return NULL;
	*format = formats[i];
	p += n + 1;
	return label_ok(p) ? p : NULL;
}

int listfile_rpm_build(const uint8_t *blob, size_t blob_len,
		       const uint8_t *sig, size_t sig_len,
		       uint8_t **out, size_t *out_len)
{
	uint8_t *hdr, *full;
	size_t hdr_len, full_len;
	uint64_t want;
	int ret;

	*out = NULL;
	*out_len = 0;
	if (blob_len < 8)
		return -EBADMSG;
	want = 8 + 16 * (uint64_t)get_be32(blob) + get_be32(blob + 4);
	if (want != blob_len)
		return -EBADMSG;
	hdr_len = RPMH_MAGIC_LEN + blob_len;
	hdr = malloc(hdr_len);
	if (!hdr)
		return -ENOMEM;
	memcpy(hdr, RPMH_MAGIC, RPMH_MAGIC_LEN);
	memcpy(hdr + RPMH_MAGIC_LEN, blob, blob_len);
	if (!sig) {
		*out = hdr;
		*out_len = hdr_len;
		return 0;
	}
	ret = listfile_append_sig(hdr, hdr_len, sig, sig_len, &full, &full_len);
	free(hdr);
	if (ret)
		return ret;
	*out = full;
	*out_len = full_len;
	return 0;
}

int listfile_rpm_check(const uint8_t *buf, size_t len, const char **why)
{
	struct rpmh h;

	return rpmh_parse(&h, buf, len, why);
}

int listfile_append_sig(const uint8_t *body, size_t body_len,
			const uint8_t *sig, size_t sig_len,
			uint8_t **out, size_t *out_len)
{
	uint8_t *p;
	size_t len;

	*out = NULL;
	if (sig_len == 0 || sig_len > UINT32_MAX ||
	    body_len > SIZE_MAX - sig_len - MODSIG_TRAILER_LEN)
		return -EINVAL;
	len = body_len + sig_len + MODSIG_TRAILER_LEN;
	p = malloc(len);
	if (!p)
		return -ENOMEM;
	memcpy(p, body, body_len);
	memcpy(p + body_len, sig, sig_len);
	modsig_trailer(p + body_len + sig_len, (uint32_t)sig_len);
	*out = p;
	*out_len = len;
	return 0;
}
