/* SPDX-License-Identifier: GPL-2.0-only */
/* securityfs I/O: <securityfs>/integrity/diglim/digest_list_{add,del,label,source}. */
#ifndef DIGLIM_UPLOAD_H
#define DIGLIM_UPLOAD_H

#include <stddef.h>

#include <linux/diglim.h>

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
 * Label the next buffer with @label, then upload @buf. When @source_fd is
 * not -1 and the kernel has digest_list_source (as upload_open() found),
 * first tell it that @buf was converted from the file open as @source_fd.
 * 0 or -errno.
 */
int upload_buffer(const struct upload *u, enum ops op, const char *label,
		  const void *buf, size_t len, int source_fd);

#endif
