// SPDX-License-Identifier: GPL-2.0-only
/* Read a whole list file through open/read (IMA sees and appraises it). */
#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int file_buf_reserve(struct file_buf *fb, size_t need)
{
	uint8_t *p;

	if (need <= fb->cap)
		return 0;
	p = realloc(fb->data, need);
	if (!p)
		return -ENOMEM;
	fb->data = p;
	fb->cap = need;
	return 0;
}

/* Open @name, check it; its size in *sizep. */
static int open_checked(int dirfd, const char *name, size_t max, int *fdp,
			size_t *sizep)
{
	struct stat st;
	int fd, ret = 0;

	*fdp = -1;
	*sizep = 0;
	fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW |
		    O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		ret = -errno;
	else if (!S_ISREG(st.st_mode))
		ret = -EINVAL;
	else if (st.st_size < 0 || (uint64_t)st.st_size > max)
		ret = -EFBIG;
	if (ret) {
		close(fd);
		return ret;
	}
	*fdp = fd;
	*sizep = (size_t)st.st_size;
	return 0;
}

int open_list_file(int dirfd, const char *name, size_t max, int *fdp,
		   size_t *sizep)
{
	return open_checked(dirfd, name, max, fdp, sizep);
}

int read_list_file(int dirfd, const char *name, size_t max,
		   struct file_buf *fb)
{
	size_t size, want, ask, got = 0;
	ssize_t n;
	int fd, ret;

	fb->len = 0;
	ret = open_checked(dirfd, name, max, &fd, &size);
	if (ret)
		return ret;
	/* one byte more than expected, to see a file that grew */
	want = size + 1;
	ret = file_buf_reserve(fb, want);
	if (ret)
		goto out;
	while (got < want) {
		ask = want - got;
		n = read(fd, fb->data + got, ask);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			goto out;
		}
		if (n == 0)
			break;
		got += (size_t)n;
		/*
		 * A read of a regular file that stops short of the byte after
		 * st_size stopped at its end: no second read() to be told so
		 * (one syscall per file saved). A file that grew since fstat()
		 * still fills the extra byte and fails below.
		 */
		if ((size_t)n < ask && got == size)
			break;
	}
	if (got != size)
		ret = -EIO;
	else
		fb->len = got;
out:
	close(fd);
	return ret;
}

void file_buf_free(struct file_buf *fb)
{
	free(fb->data);
	fb->data = NULL;
	fb->len = fb->cap = 0;
}
