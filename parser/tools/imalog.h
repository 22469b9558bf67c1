/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IMA's binary measurement list, as read from
 * <securityfs>/ima/binary_runtime_measurements[_<bank>]: entries of
 *
 *   u32 pcr | template digest (the bank's size) | u32 name length | name |
 *   u32 data length | template data
 *
 * little endian, where the template data is the fields of the template,
 * each a u32 length and its bytes, and the template digest is the bank's
 * hash of the template data (all zeros for a violation).
 */
#ifndef DIGLIM_TOOLS_IMALOG_H
#define DIGLIM_TOOLS_IMALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IMA_PCR_MAX		24	/* PCRs 0-23 */
#define IMA_TEMPLATE_NAME_MAX	255
#define IMA_FIELDS_MAX		8

/* One entry; pointers are into the log's buffer. */
struct ima_event {
	size_t offset;			/* of the entry in the log */
	uint32_t pcr;
	const uint8_t *template_digest;	/* bank size bytes */
	bool violation;			/* template digest all zeros */
	char template_name[IMA_TEMPLATE_NAME_MAX + 1];
	const uint8_t *data;		/* template data, as hashed */
	uint32_t data_len;
	/*
	 * For the templates whose first fields are d-ng (or d-ngv2) and
	 * n-ng (ima-ng, ima-sig, ima-buf, ima-modsig, ima-ngv2, ima-sigv2):
	 */
	bool has_digest;
	int algo;			/* Linux hash algo of the digest, -1 unknown */
	char algo_name[32];		/* as the entry names it */
	const uint8_t *digest;
	size_t digest_len;
	const char *name;		/* n-ng, NUL-terminated in the data */
	/* ima-buf: the buffer measured */
	const uint8_t *buf;
	size_t buf_len;
};

struct ima_log {
	const uint8_t *p;
	size_t len;
	size_t pos;
	size_t digest_size;		/* of the bank the file is for */
};

void ima_log_init(struct ima_log *l, const uint8_t *p, size_t len,
		  size_t digest_size);

/*
 * The next entry of @l into @e. Returns 1, 0 at the end, or -EBADMSG with
 * *why set (e->offset names the entry) for a malformed entry, after which
 * the log cannot be read further.
 */
int ima_log_next(struct ima_log *l, struct ima_event *e, const char **why);

#endif
