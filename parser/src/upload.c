// SPDX-License-Identifier: GPL-2.0-only
/* securityfs I/O: <securityfs>/integrity/diglim/digest_list_{add,del,label,source}. */
#include "upload.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "limits.h"

static const char *const op_files[DIGEST_LIST_OP__LAST] = {
	[DIGEST_LIST_ADD] = "digest_list_add",
	[DIGEST_LIST_DEL] = "digest_list_del",
};

int upload_open(struct upload *u, const char *securityfs)
{
	char path[4096];
	int n;

	u->dirfd = -1;
	u->has_source = 0;
	n = snprintf(path, sizeof(path), "%s/%s", securityfs, UPLOAD_SUBDIR);
	if (n < 0 || (size_t)n >= sizeof(path))
		return -ENAMETOOLONG;
	u->dirfd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (u->dirfd < 0)
		return -errno;
	/* looked up once: a kernel without parser trust costs no syscall */
	u->has_source = faccessat(u->dirfd, "digest_list_source", F_OK, 0) == 0;
	return 0;
}

void upload_close(struct upload *u)
{
	if (u->dirfd >= 0)
		close(u->dirfd);
	u->dirfd = -1;
}

/* One write of the whole buffer at offset 0, as the kernel wants it. */
static int write_file(const struct upload *u, const char *file,
		      const void *buf, size_t len)
{
	ssize_t n;
	int fd, ret = 0;

	fd = openat(u->dirfd, file, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	do {
		n = write(fd, buf, len);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		ret = -errno;
	else if ((size_t)n != len)
		ret = -EIO;
	if (close(fd) < 0 && !ret && errno != EINTR)
		ret = -errno;
	return ret;
}

int upload_path(const struct upload *u, enum ops op, const char *path)
{
	if ((unsigned int)op >= DIGEST_LIST_OP__LAST || path[0] != '/')
		return -EINVAL;
	return write_file(u, op_files[op], path, strlen(path));
}

int upload_source(const struct upload *u, int source_fd)
{
	char num[16];
	int n;

	if (source_fd < 0 || !u->has_source)
		return 0;
	n = snprintf(num, sizeof(num), "%d", source_fd);
	if (n < 0 || (size_t)n >= sizeof(num))
		return -EINVAL;
	return write_file(u, "digest_list_source", num, (size_t)n);
}

int upload_buffer(const struct upload *u, enum ops op, const char *label,
		  const void *buf, size_t len)
{
	int ret;

	if ((unsigned int)op >= DIGEST_LIST_OP__LAST || len == 0 ||
	    len > UPLOAD_MAX || ((const char *)buf)[0] == '/')
		return -EINVAL;
	ret = write_file(u, "digest_list_label", label, strlen(label));
	if (ret)
		return ret;
	return write_file(u, op_files[op], buf, len);
}
