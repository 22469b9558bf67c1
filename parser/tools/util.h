/* SPDX-License-Identifier: GPL-2.0-only */
/* Small helpers of the diglim host tools: messages, files, hex, big endian. */
#ifndef DIGLIM_TOOLS_UTIL_H
#define DIGLIM_TOOLS_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exit codes of `diglim`, documented in `diglim --help`. */
enum {
	EXIT_OK = 0,		/* everything done and valid */
	EXIT_INVALID = 1,	/* an input is malformed or a check failed */
	EXIT_USAGE = 2,		/* bad command line */
	EXIT_SYSTEM = 3,	/* I/O, librpm, libgcrypt or gpg failure */
};

/* Largest file the tools read (the kernel takes at most 64 MiB - 1). */
#define TOOL_FILE_MAX (64u * 1024 * 1024 - 1)

/* "diglim COMMAND: " prefix for messages; set by main(). */
extern const char *tool_cmd;

/* Print "diglim CMD: FILE: message" on stderr (FILE may be NULL). */
void tool_err(const char *file, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Read the whole regular file @path (at most @max bytes) into a malloc'ed
 * buffer. Returns 0, or -errno (-EFBIG when too big, -EINVAL when not a
 * regular file); the caller prints.
 */
int read_whole_file(const char *path, size_t max, uint8_t **buf, size_t *len);

/*
 * Write @len bytes to @dir/@name atomically (a hidden temporary file in
 * @dir, then rename). Returns 0 or -errno.
 */
int write_file_atomic(const char *dir, const char *name, const void *buf,
		      size_t len);

/* Lowercase hex of @len bytes into @out (2 * len + 1 bytes). */
void hex_encode(const uint8_t *in, size_t len, char *out);

#endif
