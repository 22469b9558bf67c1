// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of log.c: stderr, or kmsg when stderr is closed. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "log.h"
#include "tap.h"
#include "tmpdir.h"

/* In a child: close @nclose of fds 0-2 from 2 down, log, report fds. */
static int child(const char *kmsg, int close_from, int verbose)
{
	int fd;

	setenv(LOG_KMSG_ENV, kmsg, 1);
	for (fd = 2; fd >= close_from; fd--)
		close(fd);
	log_init();
	log_set_verbose(verbose);
	log_err("error %d", 42);
	if (verbose > 1)
		log_err("name\nwith\tcontrol\x1b chars");
	log_info("info line");
	fd = open("/dev/null", O_RDONLY);
	/* the first file opened after log_init() must not land on 0-2 */
	return fd > 2 ? 0 : 1;
}

static int run(const char *kmsg, int close_from, int verbose, int errfd)
{
	int st;
	pid_t pid = fork();

	if (pid == 0) {
		if (errfd >= 0)
			dup2(errfd, 2);
		_exit(child(kmsg, close_from, verbose));
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int main(void)
{
	char dir[256], kmsg[300], buf[512];
	long n;
	int fd;

	tmpdir_make(dir, sizeof(dir));
	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", dir);
	tmpdir_write(dir, "kmsg", "", 0);
	tmpdir_write(dir, "stderr", "", 0);
	snprintf(buf, sizeof(buf), "%s/stderr", dir);
	fd = open(buf, O_WRONLY);

	ok(run(kmsg, 3, 0, fd) == 0, "with stderr: child ran");
	n = tmpdir_read(dir, "stderr", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok(!strcmp(buf, "diglim-parser: error 42\n"), "stderr got the prefixed error only");
	n = tmpdir_read(dir, "kmsg", buf, sizeof(buf) - 1);
	ok(n == 0, "kmsg untouched while stderr works");

	ok(run(kmsg, 2, 1, -1) == 0, "stderr closed: child ran, fd 2 refilled");
	n = tmpdir_read(dir, "kmsg", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok(!strcmp(buf, "<3>diglim-parser: error 42\n<6>diglim-parser: info line\n"),
	   "kmsg got <level>-prefixed records (-v shows info)");

	tmpdir_write(dir, "kmsg", "", 0);
	ok(run(kmsg, 0, 0, -1) == 0, "fds 0-2 all closed: refilled, later files land above 2");
	n = tmpdir_read(dir, "kmsg", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok(!strcmp(buf, "<3>diglim-parser: error 42\n"), "kmsg got the error");

	fd = open(kmsg, O_RDONLY);
	tmpdir_write(dir, "kmsg", "", 0);
	ok(run(kmsg, 3, 0, fd) == 0, "stderr open read-only: treated as unusable");
	n = tmpdir_read(dir, "kmsg", buf, sizeof(buf) - 1);
	ok(n > 0 && !strncmp(buf, "<3>", 3), "message went to kmsg");
	close(fd);

	ok(run("/nonexistent/kmsg", 2, 0, -1) == 0, "no stderr and no kmsg: messages dropped, no crash");

	tmpdir_write(dir, "stderr", "", 0);
	snprintf(buf, sizeof(buf), "%s/stderr", dir);
	fd = open(buf, O_WRONLY);
	ok(run(kmsg, 3, 2, fd) == 0, "a message with control characters");
	close(fd);
	n = tmpdir_read(dir, "stderr", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok(strstr(buf, "diglim-parser: name?with?control? chars\n") != NULL,
	   "is written on one line, control characters as '?'");
	{
		int p[2], st;
		pid_t pid;

		if (pipe(p) == 0) {
			close(p[0]);
			pid = fork();
			if (pid == 0) {
				dup2(p[1], 2);
				log_init();
				log_err("into a closed pipe");
				_exit(7);
			}
			close(p[1]);
			waitpid(pid, &st, 0);
			ok(WIFEXITED(st) && WEXITSTATUS(st) == 7,
			   "logging into a pipe without reader does not kill the process (SIGPIPE ignored)");
		}
	}
	tmpdir_remove(dir);
	return tap_done();
}
