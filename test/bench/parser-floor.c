// SPDX-License-Identifier: GPL-2.0-only
/*
 * Floor for test/bench/parser: the system calls any program doing the
 * parser's job must make, and nothing else. No parsing, no check, no sort:
 * each list file is opened, fstat()ed, read whole and closed, then an
 * eleventh of it (about the size of a converted list) is written the way
 * the parser writes its output:
 *
 *   parser-floor add DIR --securityfs SFS   label to SFS/integrity/diglim/
 *                                           digest_list_label, then the
 *                                           bytes to digest_list_add (one
 *                                           open, write, close each)
 *   parser-floor convert FILE... -o DIR     the bytes to DIR/<name>
 *
 * Built static with musl like the parser; its time is what the parser
 * cannot go below on this machine, and librpm's time over it is the
 * largest ratio any parser can show.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static unsigned char *buf;
static size_t cap;

/* Read @name whole into buf; its length, or -1. */
static long read_whole(int dirfd, const char *name)
{
	struct stat st;
	ssize_t n;
	int fd;

	fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	if ((size_t)st.st_size + 1 > cap) {
		free(buf);
		cap = (size_t)st.st_size + 1;
		buf = malloc(cap);
		if (!buf) {
			close(fd);
			return -1;
		}
	}
	n = read(fd, buf, (size_t)st.st_size + 1);
	close(fd);
	return n == st.st_size ? (long)n : -1;
}

static int put(int dirfd, const char *name, int flags, const void *p, size_t len)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CLOEXEC | flags, 0644), ret = 0;

	if (fd < 0)
		return -1;
	if (write(fd, p, len) != (ssize_t)len)
		ret = -1;
	close(fd);
	return ret;
}

static size_t out_len(long n)
{
	return n / 11 ? (size_t)n / 11 : 1;
}

static int add(const char *dir, const char *securityfs)
{
	char path[4096];
	struct dirent *de;
	int sfd, failed = 0;
	DIR *d;
	long n;

	snprintf(path, sizeof(path), "%s/integrity/diglim", securityfs);
	sfd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	d = opendir(dir);
	if (sfd < 0 || !d)
		return 2;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		n = read_whole(dirfd(d), de->d_name);
		if (n < 0 ||
		    put(sfd, "digest_list_label", 0, de->d_name, strlen(de->d_name)) ||
		    put(sfd, "digest_list_add", 0, buf, out_len(n)))
			failed++;
	}
	closedir(d);
	close(sfd);
	return failed ? 1 : 0;
}

static int convert(int argc, char **argv)
{
	const char *name;
	int i, outfd = -1, failed = 0;
	long n;

	for (i = 2; i + 1 < argc; i++)
		if (!strcmp(argv[i], "-o"))
			outfd = open(argv[i + 1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (outfd < 0)
		return 2;
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-o")) {
			i++;
			continue;
		}
		name = strrchr(argv[i], '/');
		name = name ? name + 1 : argv[i];
		n = read_whole(AT_FDCWD, argv[i]);
		if (n < 0 || put(outfd, name, O_CREAT | O_TRUNC, buf, out_len(n)))
			failed++;
	}
	close(outfd);
	return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "add") && !strcmp(argv[3], "--securityfs"))
		return add(argv[2], argv[4]);
	if (argc > 2 && !strcmp(argv[1], "convert"))
		return convert(argc, argv);
	fputs("usage: parser-floor add DIR --securityfs SFS\n"
	      "       parser-floor convert FILE... -o DIR\n", stderr);
	return 2;
}
