// SPDX-License-Identifier: GPL-2.0-only
/* Helpers of the guest key tests: see keys.h. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "keys.h"
#include "tap.h"

bool blob_read(const char *path, struct blob *b)
{
	ssize_t n;
	int fd;

	b->len = 0;
	b->data = malloc(BLOB_MAX);
	if (!b->data)
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		tap_diag("open %s: %s", path, strerror(errno));
		return false;
	}
	while (b->len < BLOB_MAX &&
	       (n = read(fd, b->data + b->len, BLOB_MAX - b->len)) > 0)
		b->len += (size_t)n;
	close(fd);
	return b->len > 0 && b->len < BLOB_MAX;
}

bool blob_read_at(const char *dir, const char *name, struct blob *b)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return blob_read(path, b);
}

long add_key(const char *type, const char *desc, const void *data, size_t len,
	     long ring)
{
	return syscall(SYS_add_key, type, desc, data, len, ring);
}

long keyctl(int cmd, long a, long b, long c, long d)
{
	return syscall(SYS_keyctl, cmd, a, b, c, d);
}

bool read_fpr(const char *dir, const char *name, char fpr[FPR_HEX + 1])
{
	struct blob b;
	bool ok;
	size_t i;

	ok = blob_read_at(dir, name, &b) && b.len >= FPR_HEX;
	for (i = 0; ok && i < FPR_HEX; i++) {
		ok = isxdigit(b.data[i]);
		fpr[i] = (char)tolower(b.data[i]);
	}
	fpr[FPR_HEX] = '\0';
	free(b.data);
	if (!ok)
		tap_diag("%s/%s: not a fingerprint", dir, name);
	return ok;
}

long proc_keys_find(const char *name)
{
	char line[512], want[64];
	long id = -1;
	FILE *f;

	/* "<serial> <flags> <usage> <timeout> <perm> <uid> <gid> keyring <name>: ..." */
	snprintf(want, sizeof(want), " %s: ", name);
	f = fopen("/proc/keys", "re");
	if (!f)
		return -1;
	while (id < 0 && fgets(line, sizeof(line), f))
		if (strstr(line, " keyring ") && strstr(line, want))
			id = strtol(line, NULL, 16);
	fclose(f);
	return id;
}
