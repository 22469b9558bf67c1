// SPDX-License-Identifier: GPL-2.0-only
/* Read a whole list file through open/read (IMA sees and appraises it). */
#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static int grow(struct file_buf *fb, size_t need)
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

int read_list_file_fd(int dirfd, const char *name, size_t max,
		      struct file_buf *fb, int *fdp)
{
	struct stat st;
	size_t want, ask, got = 0;
	ssize_t n;
	int fd, ret = 0;

	fb->len = 0;
	if (fdp)
		*fdp = -1;
	fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW |
		    O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		ret = -errno;
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		ret = -EINVAL;
		goto out;
	}
	if (st.st_size < 0 || (uint64_t)st.st_size > max) {
		ret = -EFBIG;
		goto out;
	}
	/* one byte more than expected, to see a file that grew */
	want = (size_t)st.st_size + 1;
	ret = grow(fb, want);
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
		if ((size_t)n < ask && got == (size_t)st.st_size)
			break;
	}
	if (got != (size_t)st.st_size)
		ret = -EIO;
	else
		fb->len = got;
out:
	if (ret || !fdp) {
		close(fd);
		fd = -1;
	}
	if (fdp)
		*fdp = fd;
	return ret;
}

int read_list_file(int dirfd, const char *name, size_t max,
		   struct file_buf *fb)
{
	return read_list_file_fd(dirfd, name, max, fb, NULL);
}

void file_buf_free(struct file_buf *fb)
{
	free(fb->data);
	fb->data = NULL;
	fb->len = fb->cap = 0;
}
