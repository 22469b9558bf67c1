/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * List files as parser/README.md defines them: names
 * <N>-<type>_list-<format>-<label> and the bytes of an rpm list file.
 */
#ifndef DIGLIM_TOOLS_LISTFILE_H
#define DIGLIM_TOOLS_LISTFILE_H

#include <stddef.h>
#include <stdint.h>

#define LISTFILE_NAME_MAX 255

/*
 * Write "0-<type>_list-<format>-<label>" into @out. Returns 0, or
 * -EINVAL when the label is empty, longer than 200 bytes, or holds a
 * non-printable character or '/'.
 */
int listfile_name(char out[LISTFILE_NAME_MAX + 1], const char *type,
		  const char *format, const char *label);

/*
 * The label of a list file name, or NULL when @name does not follow the
 * pattern. *format gets "rpm" or "compact" (static strings).
 */
const char *listfile_label(const char *name, const char **format);

/*
 * Build an rpm list file from a header blob without magic (be32 ril,
 * be32 rdl, index, data: what headerGet(HEADERIMMUTABLE) returns) and an
 * optional signature packet (@sig NULL: unsigned). Returns 0, -EBADMSG
 * when the blob's lengths do not match its size, or -ENOMEM.
 */
int listfile_rpm_build(const uint8_t *blob, size_t blob_len,
		       const uint8_t *sig, size_t sig_len,
		       uint8_t **out, size_t *out_len);

/*
 * Check the rpm header at the start of @buf (exactly @len bytes, magic
 * included) with the early-boot parser's own rules. 0, or -EBADMSG with
 * *why set.
 */
int listfile_rpm_check(const uint8_t *buf, size_t len, const char **why);

/*
 * Append an appended-signature trailer (packet, struct module_signature,
 * marker) to @body. Returns a malloc'ed buffer in *out, 0 or -ENOMEM.
 */
int listfile_append_sig(const uint8_t *body, size_t body_len,
			const uint8_t *sig, size_t sig_len,
			uint8_t **out, size_t *out_len);

#endif
