// SPDX-License-Identifier: GPL-2.0-only
/* File and program helpers of the guest IMA tests. */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "keys.h"

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

int stage_file(const char *dir, const char *name, const char *path, uid_t uid,
	       mode_t mode)
{
	struct blob b = { 0 };
	int fd, err = 0;

	if (!blob_read_at(dir, name, &b)) {
		free(b.data);
		return ENOENT;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		err = errno;
	} else {
		if (write(fd, b.data, b.len) != (ssize_t)b.len)
			err = EIO;
		if (fchown(fd, uid, 0) < 0 && !err)
			err = errno;
		if (fchmod(fd, mode) < 0 && !err)
			err = errno;
		if (close(fd) < 0 && !err)
			err = errno;
	}
	free(b.data);
	return err;
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
