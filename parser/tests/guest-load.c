// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test (test/guest/suites/parser.suite): diglim-parser against the
 * real DIGLIM securityfs interface. The suite stages the parser as
 * /usr/sbin/diglim-parser, list files in /etc/diglim and /etc/diglim-bad,
 * and in /etc/diglim.expected the digest counts the host computed from
 * its own conversion ("file N", "parser N", "lists N", "bad-file N").
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "iface.h"
#include "tap.h"

#define PARSER	"/usr/sbin/diglim-parser"

struct counts {
	long parser, file;
};

static int read_counts(struct counts *c)
{
	return iface_counts(&c->parser, &c->file);
}

static long expected(const char *key)
{
	char line[128], k[32];
	long v, found = -1;
	FILE *f = fopen("/etc/diglim.expected", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%31s %ld", k, &v) == 2 && !strcmp(k, key))
			found = v;
	fclose(f);
	return found;
}

#define PARSER_ERR	"/tmp/parser.err"

enum stdio_mode {
	STDIO_INHERIT,	/* the test's own */
	STDIO_CLOSED,	/* descriptors 0-2 closed, as the kernel runs it */
	STDIO_CAPTURE,	/* stderr to PARSER_ERR */
};

/* Run the parser with its stdio as @mode says; its exit status, or -1. */
static int parser(const char *op, const char *dir, enum stdio_mode mode)
{
	int st, fd;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (mode == STDIO_CLOSED) {
			for (fd = 0; fd < 3; fd++)
				close(fd);
		} else if (mode == STDIO_CAPTURE) {
			fd = open(PARSER_ERR, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
			if (fd < 0 || dup2(fd, STDERR_FILENO) < 0)
				_exit(126);
		}
		execl(PARSER, PARSER, op, dir, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* Does the last run's stderr (STDIO_CAPTURE) hold @what? */
static int err_has(const char *what)
{
	char buf[8192];
	ssize_t n;
	int fd = open(PARSER_ERR, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	return strstr(buf, what) != NULL;
}

/* Copy @from to @to (a list file "installed" into a directory). */
static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t n = 0;
	int in, out, ret = -1;

	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (out >= 0) {
		while ((n = read(in, buf, sizeof(buf))) > 0)
			if (write(out, buf, (size_t)n) != n)
				break;
		ret = n == 0 ? 0 : -1;
		if (close(out) < 0)
			ret = -1;
	}
	close(in);
	return ret;
}

/* Does the kernel log hold a diglim-parser record at priority 3? */
static int kmsg_has_error(const char *what)
{
	char rec[2048];
	ssize_t n;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK), found = 0;

	if (fd < 0)
		return 0;
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		if (n <= 0)
			continue;
		rec[n] = '\0';
		/* "<facility * 8 + level>,seq,time,flags;diglim-parser: ..." */
		if ((strtol(rec, NULL, 10) & 7) == 3 &&
		    strstr(rec, ";diglim-parser: ") && strstr(rec, what))
			found = 1;
	}
	close(fd);
	return found;
}

int main(void)
{
	struct counts c0, c1, c2, c3;
	long want_file = expected("file"), want_parser = expected("parser");
	long want_lists = expected("lists"), want_bad = expected("bad-file");
	long want_new = expected("new-file");
	char summary[128];
	int st;

	tap_plan(18);
	tap_ok(want_file > 0 && want_parser > 0 && want_lists > 0 && want_bad > 0 &&
	       want_new > 0,
	       "the suite staged its expectations (file %ld, parser %ld, lists %ld)",
	       want_file, want_parser, want_lists);
	st = read_counts(&c0);
	tap_ok(st == 0, "digests_count readable: parser %ld, file %ld", c0.parser, c0.file);

	st = parser("add", "/etc/diglim", STDIO_INHERIT);
	tap_ok(st == 0, "diglim-parser add /etc/diglim exits 0 (got %d)", st);
	read_counts(&c1);
	tap_ok(c1.file - c0.file == want_file, "File digests grew by %ld (want %ld)",
	       c1.file - c0.file, want_file);
	tap_ok(c1.parser - c0.parser == want_parser, "Parser digests grew by %ld (want %ld)",
	       c1.parser - c0.parser, want_parser);
	tap_ok(iface_loaded_files() == 2 * want_lists,
	       "digest_lists_loaded has 2 entries per list (%ld for %ld lists)",
	       iface_loaded_files(), want_lists);

	snprintf(summary, sizeof(summary), "0 lists added, %ld already loaded, ", want_lists);
	st = parser("add", "/etc/diglim", STDIO_CAPTURE);
	read_counts(&c2);
	tap_ok(st == 0, "adding the same lists again exits 0 (got %d)", st);
	tap_ok(err_has(summary), "and reports every list already loaded (\"%s\")", summary);
	tap_ok(c2.file == c1.file && c2.parser == c1.parser &&
	       iface_loaded_files() == 2 * want_lists, "and changes nothing");

	/* a package installed after boot: add loads its list, and only it */
	st = copy_file("/etc/diglim-new/0-file_list-rpm-newpkg", "/etc/diglim/0-file_list-rpm-newpkg");
	tap_ok(st == 0, "a new package's list file copied into /etc/diglim");
	snprintf(summary, sizeof(summary), "1 lists added, %ld already loaded, ", want_lists);
	st = parser("add", "/etc/diglim", STDIO_CAPTURE);
	read_counts(&c2);
	tap_ok(st == 0 && err_has(summary), "add loads the new list (exit %d, \"%s\")", st,
	       summary);
	tap_ok(c2.file - c1.file == want_new && c2.parser == c1.parser &&
	       iface_loaded_files() == 2 * (want_lists + 1),
	       "File digests grew by the new package's own: %ld (want %ld)",
	       c2.file - c1.file, want_new);

	st = parser("del", "/etc/diglim", STDIO_INHERIT);
	read_counts(&c2);
	tap_ok(st == 0, "diglim-parser del /etc/diglim exits 0 (got %d)", st);
	tap_ok(c2.file == c0.file && c2.parser == c0.parser && iface_loaded_files() == 0,
	       "counts back to %ld/%ld, no list loaded", c2.parser, c2.file);

	/* no stdio at all, one bad file among good ones */
	st = parser("add", "/etc/diglim-bad", STDIO_CLOSED);
	read_counts(&c3);
	tap_ok(st == 1, "with fds 0-2 closed, a bad file makes add exit 1 (got %d)", st);
	tap_ok(c3.file - c0.file == want_bad, "the good files still loaded: +%ld (want %ld)",
	       c3.file - c0.file, want_bad);
	tap_ok(kmsg_has_error("1-file_list-rpm-truncated"),
	       "the error went to /dev/kmsg at priority 3, naming the file");
	st = parser("del", "/etc/diglim-bad", STDIO_CLOSED);
	read_counts(&c3);
	tap_ok(st == 1 && c3.file == c0.file, "del: the good files deleted (exit %d, file %ld)",
	       st, c3.file);
	return tap_exit();
}
