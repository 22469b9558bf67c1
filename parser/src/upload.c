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

/* Read @fd from offset 0 to its end into @fb, at most @max bytes. */
static int read_back(int fd, size_t hint, size_t max, struct file_buf *fb)
{
	size_t got = 0, ask;
	ssize_t n;
	int ret;

	/* one byte more than the hint, so that a read of all is short */
	ret = file_buf_reserve(fb, (hint < max ? hint : max) + 1);
	for (; !ret; ) {
		if (got == fb->cap) {
			if (got > max) {
				ret = -EFBIG;
				break;
			}
			ret = file_buf_reserve(fb, got > max / 2 ? max + 1 :
					       2 * got);
			if (ret)
				break;
		}
		ask = fb->cap - got;
		n = pread(fd, fb->data + got, ask, (off_t)got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			break;
		}
		got += (size_t)n;
		/* the kernel gives all it has up to the size asked: the end */
		if ((size_t)n < ask)
			break;
	}
	if (!ret && got > max)
		ret = -EFBIG;
	fb->len = ret ? 0 : got;
	return ret;
}

int upload_source(const struct upload *u, int source_fd, size_t hint,
		  size_t max, struct file_buf *fb)
{
	char num[16];
	ssize_t n;
	int fd, len, ret = 0;

	fb->len = 0;
	if (!u->has_source)
		return -ENOSYS;
	if (source_fd < 0)
		return -EBADF;
	len = snprintf(num, sizeof(num), "%d", source_fd);
	if (len < 0 || (size_t)len >= sizeof(num))
		return -EINVAL;
	fd = openat(u->dirfd, "digest_list_source",
		    O_RDWR | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	do {
		n = pwrite(fd, num, (size_t)len, 0);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		ret = -errno;
	else if (n != len)
		ret = -EIO;
	if (!ret)
		ret = read_back(fd, hint, max, fb);
	close(fd);
	return ret;
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
