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
 * and, to see where that time goes (test/bench/parser --floors):
 *
 *   parser-floor add-held DIR --securityfs SFS
 *                     add, with the two interface files opened once and
 *                     written at offset 0 for every list (the DIGLIM
 *                     kernel leaves the file position at 0)
 *   parser-floor nop  start and exit
 *   parser-floor scan open|read|mmap|mmap-touch|mmap-populate DIR
 *                     only list DIR and open, fstat and close each file,
 *                     with nothing more, read() whole, mmap() without
 *                     touching, mmap() touching one byte per page, or
 *                     mmap(MAP_POPULATE) touching one byte per page
 *
 * Built static with musl like the parser; its time is what the parser
 * cannot go below on this machine, and librpm's time over it is the
 * largest ratio any parser can show.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static unsigned char *buf;
static size_t cap;
static volatile unsigned long sink;	/* keeps scan()'s loads */

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

static int put_held(int fd, const void *p, size_t len)
{
	return pwrite(fd, p, len, 0) == (ssize_t)len ? 0 : -1;
}

static int add(const char *dir, const char *securityfs, int held)
{
	int sfd, lfd = -1, afd = -1, failed = 0;
	char path[4096];
	struct dirent *de;
	DIR *d = NULL;
	long n;

	snprintf(path, sizeof(path), "%s/integrity/diglim", securityfs);
	sfd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (sfd < 0)
		return 2;
	if (held) {
		lfd = openat(sfd, "digest_list_label", O_WRONLY | O_CLOEXEC);
		afd = openat(sfd, "digest_list_add", O_WRONLY | O_CLOEXEC);
	}
	if (!held || (lfd >= 0 && afd >= 0))
		d = opendir(dir);
	if (!d) {
		failed = -1;
		goto out;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		n = read_whole(dirfd(d), de->d_name);
		if (n < 0)
			failed++;
		else if (held)
			failed += put_held(lfd, de->d_name, strlen(de->d_name)) ||
				  put_held(afd, buf, out_len(n));
		else
			failed += put(sfd, "digest_list_label", 0, de->d_name,
				      strlen(de->d_name)) ||
				  put(sfd, "digest_list_add", 0, buf, out_len(n));
	}
	closedir(d);
out:
	if (lfd >= 0)
		close(lfd);
	if (afd >= 0)
		close(afd);
	close(sfd);
	return failed < 0 ? 2 : failed ? 1 : 0;
}

/* One way of getting at the bytes of each file of @dir, nothing else. */
static int scan(const char *how, const char *dir)
{
	unsigned long sum = 0;
	struct dirent *de;
	unsigned char *p;
	struct stat st;
	int fd, flags, failed = 0;
	off_t off;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return 2;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (strcmp(how, "read") == 0) {
			failed += read_whole(dirfd(d), de->d_name) < 0;
			continue;
		}
		fd = openat(dirfd(d), de->d_name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
		if (fd < 0) {
			failed++;
			continue;
		}
		if (fstat(fd, &st) < 0) {
			failed++;
		} else if (strncmp(how, "mmap", 4) == 0 && st.st_size > 0) {
			flags = MAP_PRIVATE |
				(strcmp(how, "mmap-populate") == 0 ? MAP_POPULATE : 0);
			p = mmap(NULL, (size_t)st.st_size, PROT_READ, flags, fd, 0);
			if (p == MAP_FAILED) {
				failed++;
			} else {
				if (strcmp(how, "mmap") != 0)
					for (off = 0; off < st.st_size; off += 4096)
						sum += p[off];
				munmap(p, (size_t)st.st_size);
			}
		}
		close(fd);
	}
	closedir(d);
	sink = sum;
	return failed ? 1 : 0;
}

static int convert(int argc, char **argv)
{
	const char *name;
	int i, outfd = -1, failed = 0;
	long n;

	for (i = 2; i + 1 < argc && outfd < 0; i++)
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
	if (argc == 5 && !strcmp(argv[3], "--securityfs") &&
	    (!strcmp(argv[1], "add") || !strcmp(argv[1], "add-held")))
		return add(argv[2], argv[4], !strcmp(argv[1], "add-held"));
	if (argc == 2 && !strcmp(argv[1], "nop"))
		return 0;
	if (argc == 4 && !strcmp(argv[1], "scan"))
		return scan(argv[2], argv[3]);
	if (argc > 2 && !strcmp(argv[1], "convert"))
		return convert(argc, argv);
	fputs("usage: parser-floor add|add-held DIR --securityfs SFS\n"
	      "       parser-floor convert FILE... -o DIR\n"
	      "       parser-floor nop\n"
	      "       parser-floor scan open|read|mmap|mmap-touch|mmap-populate DIR\n",
	      stderr);
	return 2;
}
