// SPDX-License-Identifier: GPL-2.0-only
/* File and program helpers of the guest IMA tests. */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int write_str_file(const char *path, const char *s)
{
	return write_buf_file(path, s, strlen(s));
}

int write_buf_file(const char *path, const void *buf, size_t len)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	if (write(fd, buf, len) != (ssize_t)len)
		err = errno ? errno : EIO;
	if (close(fd) < 0 && !err)
		err = errno;
	return err;
}

int copy_file(const char *from, const char *path, const char *extra,
	      uid_t uid, mode_t mode)
{
	size_t elen = strlen(extra);
	char buf[65536];
	int in, out, err = 0;
	ssize_t n;

	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return errno;
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (out < 0) {
		err = errno;
		close(in);
		return err;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			err = EIO;
			break;
		}
	if (n < 0 && !err)
		err = errno;
	if (!err && elen && write(out, extra, elen) != (ssize_t)elen)
		err = EIO;
	if (fchown(out, uid, 0) < 0 && !err)
		err = errno;
	if (fchmod(out, mode) < 0 && !err)
		err = errno;
	if (close(out) < 0 && !err)
		err = errno;
	close(in);
	return err;
}

int stage_file(const char *dir, const char *name, const char *path, uid_t uid,
	       mode_t mode)
{
	char from[512];
	int n = snprintf(from, sizeof(from), "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= sizeof(from))
		return ENAMETOOLONG;
	return copy_file(from, path, "", uid, mode);
}

int run_exit0(const char *path)
{
	char *const argv[] = { (char *)path, (char *)"--exit0", NULL };

	return run_argv(path, argv);
}

int run_argv(const char *path, char *const argv[])
{
	int pipefd[2], st, err = 0;
	pid_t pid;

	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return errno;
	pid = fork();
	if (pid < 0) {
		err = errno;
		close(pipefd[0]);
		close(pipefd[1]);
		return err;
	}
	if (pid == 0) {
		close(pipefd[0]);
		execv(path, argv);
		err = errno;
		if (write(pipefd[1], &err, sizeof(err)) < 0)
			_exit(126);
		_exit(127);
	}
	close(pipefd[1]);
	if (read(pipefd[0], &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(pipefd[0]);
	if (waitpid(pid, &st, 0) < 0)
		return errno;
	if (err)
		return err;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

const char *run_result(int err)
{
	return err < 0 ? "ran, failed" : err ? strerror(err) : "ran, exit 0";
}
