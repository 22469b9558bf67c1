// SPDX-License-Identifier: GPL-2.0-only
/* Scratch directories for the unit tests. */
#include "tmpdir.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void tmpdir_make(char *out, size_t size)
{
	const char *t = getenv("TMPDIR");

	snprintf(out, size, "%s/diglim-test.XXXXXX", t && t[0] ? t : "/tmp");
	if (!mkdtemp(out)) {
		perror("mkdtemp");
		abort();
	}
}

void tmpdir_remove(const char *dir)
{
	char p[4096];
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			tmpdir_remove(p);
		else
			unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

void tmpdir_write(const char *dir, const char *name, const void *buf, size_t len)
{
	char p[4096];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
		perror(p);
		abort();
	}
}

long tmpdir_read(const char *dir, const char *name, void *buf, size_t size)
{
	char p[4096];
	ssize_t n;
	int fd;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, size);
	close(fd);
	return n;
}
