/* SPDX-License-Identifier: GPL-2.0-only */
/* Read a whole list file through open/read (IMA sees and appraises it). */
#ifndef DIGLIM_READFILE_H
#define DIGLIM_READFILE_H

#include <stddef.h>
#include <stdint.h>

/* A reusable buffer. */
struct file_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
};

/*
 * Read regular file @name (relative to @dirfd, symlinks not followed) into
 * @fb, at most @max bytes. Returns 0 or a negative errno: -EFTYPE-like
 * -EINVAL for a non-regular file, -EFBIG above @max, -EIO when the file
 * changed size while being read, open/read errors.
 */
int read_list_file(int dirfd, const char *name, size_t max,
		   struct file_buf *fb);
/*
 * Open regular file @name (relative to @dirfd, symlinks not followed) for
 * reading, without reading it: *fdp is its descriptor, which the caller
 * closes, and *sizep its size. 0, -EINVAL for a non-regular file, -EFBIG
 * above @max, or -errno.
 */
int open_list_file(int dirfd, const char *name, size_t max, int *fdp,
		   size_t *sizep);
/* Make room for @need bytes in @fb. 0 or -ENOMEM. */
int file_buf_reserve(struct file_buf *fb, size_t need);
void file_buf_free(struct file_buf *fb);

#endif
