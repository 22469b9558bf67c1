/* SPDX-License-Identifier: GPL-2.0-only */
/* securityfs I/O: <securityfs>/integrity/diglim/digest_list_{add,del,label,source}. */
#ifndef DIGLIM_UPLOAD_H
#define DIGLIM_UPLOAD_H

#include <stddef.h>

#include <linux/diglim.h>

#include "readfile.h"

#define UPLOAD_SECURITYFS_DEFAULT	"/sys/kernel/security"
#define UPLOAD_SECURITYFS_ENV		"DIGLIM_SECURITYFS"
#define UPLOAD_SUBDIR			"integrity/diglim"

struct upload {
	int dirfd;	/* <securityfs>/integrity/diglim */
	int has_source;	/* the kernel has digest_list_source */
};

/* Open the interface directory under @securityfs. 0 or -errno. */
int upload_open(struct upload *u, const char *securityfs);
void upload_close(struct upload *u);

/* Ask the kernel to read the list at absolute @path. 0 or -errno. */
int upload_path(const struct upload *u, enum ops op, const char *path);

/*
 * Tell the kernel that the next buffer is converted from the file open as
 * @source_fd, and read back into @fb the bytes the kernel read from it (at
 * most @max; @hint, the file's size, sizes the first read): those are
 * what IMA appraised, and the only bytes to convert, since a second read
 * of the file could return others.  The kernel reads the file as a digest
 * list, so IMA's appraisal can refuse it (-EACCES).  0, -ENOSYS when the
 * kernel has no digest_list_source (as upload_open() found; the caller
 * reads the file itself), -EFBIG above @max, or -errno.
 */
int upload_source(const struct upload *u, int source_fd, size_t hint,
		  size_t max, struct file_buf *fb);

/* Label the next buffer with @label, then upload @buf. 0 or -errno. */
int upload_buffer(const struct upload *u, enum ops op, const char *label,
		  const void *buf, size_t len);

#endif
