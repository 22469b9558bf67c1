// SPDX-License-Identifier: GPL-2.0-only
/* Appended OpenPGP signatures made with gpg --detach-sign. */
#include "sign.h"
#include "pgp.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run @argv (no shell), stdin from /dev/null; 0 when it exits 0. */
static int run(char *const argv[])
{
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int fd = open("/dev/null", O_RDONLY);

		if (fd >= 0)
			dup2(fd, 0);
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return -ECHILD;
	return 0;
}

static int write_all(int fd, const uint8_t *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int sign_detached(const char *homedir, const char *keyid, const uint8_t *data,
		  size_t len, uint8_t **sig, size_t *sig_len)
{
	const char *tmpdir = getenv("TMPDIR");
	char dir[4096], in[4096 + 8], out[4096 + 8];
	struct pgp_sig parsed;
	const char *why;
	char *argv[20];
	int fd, ret, i = 0;

	*sig = NULL;
	*sig_len = 0;
	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	if ((size_t)snprintf(dir, sizeof(dir), "%s/diglim-sign.XXXXXX", tmpdir) >= sizeof(dir))
		return -ENAMETOOLONG;
	if (!mkdtemp(dir))
		return -errno;
	snprintf(in, sizeof(in), "%s/data", dir);
	snprintf(out, sizeof(out), "%s/sig", dir);
	fd = open(in, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = write_all(fd, data, len);
	if (close(fd) < 0 && !ret)
		ret = -errno;
	if (ret)
		goto out;

	argv[i++] = "gpg";
	if (homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)homedir;
	}
	argv[i++] = "--batch";
	argv[i++] = "--no-tty";
	argv[i++] = "--quiet";
	argv[i++] = "--digest-algo";
	argv[i++] = "SHA256";
	argv[i++] = "--local-user";
	argv[i++] = (char *)keyid;
	argv[i++] = "--output";
	argv[i++] = out;
	argv[i++] = "--detach-sign";
	argv[i++] = in;
	argv[i] = NULL;
	ret = run(argv);
	if (homedir) {
		char *kill_argv[] = { "gpgconf", "--homedir", (char *)homedir,
				      "--kill", "gpg-agent", NULL };

		run(kill_argv);
	}
	if (ret) {
		ret = ret == -ECHILD ? -EIO : ret;
		goto out;
	}
	ret = read_whole_file(out, 1 << 20, sig, sig_len);
	if (ret)
		goto out;
	if (pgp_sig_parse_packet(*sig, *sig_len, &parsed, &why)) {
		tool_err(out, "gpg output is not one v4 signature packet: %s", why);
		free(*sig);
		*sig = NULL;
		*sig_len = 0;
		ret = -EBADMSG;
	}
out:
	unlink(in);
	unlink(out);
	rmdir(dir);
	return ret;
}
