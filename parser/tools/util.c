// SPDX-License-Identifier: GPL-2.0-only
/* Small helpers of the diglim host tools. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tool_cmd = "diglim";

void tool_err(const char *file, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_cmd);
	if (file)
		fprintf(stderr, "%s: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int read_whole_file(const char *path, size_t max, uint8_t **buf, size_t *len)
{
	struct stat st;
	uint8_t *p = NULL;
	size_t got = 0;
	int fd, ret = 0;

	*buf = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
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
	if ((uintmax_t)st.st_size > max) {
		ret = -EFBIG;
		goto out;
	}
	/* One spare byte: a file that grew while being read is detected. */
	p = malloc((size_t)st.st_size + 1);
	if (!p) {
		ret = -ENOMEM;
		goto out;
	}
	for (;;) {
		ssize_t n = read(fd, p + got, (size_t)st.st_size + 1 - got);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			goto out;
		}
		if (n == 0)
			break;
		got += (size_t)n;
		if (got > (size_t)st.st_size) {
			ret = -EAGAIN;	/* changed while read */
			goto out;
		}
	}
	*buf = p;
	*len = got;
	p = NULL;
out:
	free(p);
	close(fd);
	return ret;
}

int write_file_atomic(const char *dir, const char *name, const void *buf,
		      size_t len)
{
	char *tmp = NULL, *dst = NULL;
	const uint8_t *b = buf;
	size_t done = 0;
	int fd = -1, ret = 0;

	if (asprintf(&tmp, "%s/.%s.XXXXXX", dir, name) < 0) {
		tmp = NULL;
		return -ENOMEM;
	}
	if (asprintf(&dst, "%s/%s", dir, name) < 0) {
		dst = NULL;
		ret = -ENOMEM;
		goto out;
	}
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	while (done < len) {
		ssize_t n = write(fd, b + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			goto out_unlink;
		}
		done += (size_t)n;
	}
	if (fchmod(fd, 0644) < 0) {
		ret = -errno;
		goto out_unlink;
	}
	if (close(fd) < 0) {
		fd = -1;
		ret = -errno;
		goto out_unlink;
	}
	fd = -1;
	if (rename(tmp, dst) < 0) {
		ret = -errno;
		goto out_unlink;
	}
	goto out;
out_unlink:
	unlink(tmp);
out:
	if (fd >= 0)
		close(fd);
	free(tmp);
	free(dst);
	return ret;
}

void hex_encode(const uint8_t *in, size_t len, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 0xf];
	}
	out[2 * len] = '\0';
}
