// SPDX-License-Identifier: GPL-2.0-only
/*
 * init for the diglim test guests.
 *
 * Runs as PID 1 from the initramfs: mounts the pseudo file systems, runs
 * every executable in /tests in name order, forwards each program's output
 * indented by four spaces (a TAP subtest) and prints one top-level TAP line
 * per program.  When the kernel has kmemleak, a final check scans for leaks.
 * The last line is "diglim-guest: status=N" (0: every program passed), which
 * the host's test/run-guest turns into its exit status; then the guest
 * powers off.
 *
 * Kernel command line options read from /proc/cmdline:
 *   diglimtest.timeout=SECONDS  time limit per program (default 600)
 *   diglimtest.tests=DIR        run the programs of DIR, an absolute path,
 *                               instead of /tests (a second boot of one
 *                               disk runs programs of its own)
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TESTS_DIR		"/tests"
#define TESTS_DIR_MAX		256
#define DEFAULT_TIMEOUT_S	600
#define KMEMLEAK		"/sys/kernel/debug/kmemleak"
/* kmemleak ignores objects younger than 5 s (MSECS_MIN_AGE). */
#define KMEMLEAK_MIN_AGE_S	6
#define EXIT_SKIP_KSFT		4
#define EXIT_SKIP_AUTOMAKE	77

struct pseudo_fs {
	const char *type;
	const char *target;
	bool required;
};

static const struct pseudo_fs pseudo_fs[] = {
	{ "devtmpfs",   "/dev",                   true },
	{ "proc",       "/proc",                  true },
	{ "sysfs",      "/sys",                   true },
	{ "securityfs", "/sys/kernel/security",   true },
	{ "debugfs",    "/sys/kernel/debug",      false },
	{ "tmpfs",      "/tmp",                   true },
	{ "tmpfs",      "/run",                   true },
};

static unsigned int results;
static unsigned int failures;

/* Write a whole line with a single write(2). */
static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	if ((size_t)len >= sizeof(line))
		len = (int)sizeof(line) - 1;
	if (write(STDOUT_FILENO, line, (size_t)len) < 0)
		return;
}

static void result(bool ok, const char *name, const char *directive)
{
	results++;
	if (!ok)
		failures++;
	out("%sok %u - %s%s%s\n", ok ? "" : "not ", results, name,
	    directive ? " # " : "", directive ? directive : "");
}

static void setup_console(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
}

static bool mount_pseudo_fs(void)
{
	bool ok = true;
	size_t i;

	for (i = 0; i < sizeof(pseudo_fs) / sizeof(pseudo_fs[0]); i++) {
		const struct pseudo_fs *fs = &pseudo_fs[i];

		/* An existing directory is fine; mount() reports the rest. */
		mkdir(fs->target, 0755);
		if (mount(fs->type, fs->target, fs->type, 0, NULL) == 0 ||
		    errno == EBUSY)
			continue;
		if (fs->required) {
			out("# init: cannot mount %s on %s: %s\n", fs->type,
			    fs->target, strerror(errno));
			ok = false;
		}
		/* The console only exists once devtmpfs is mounted. */
		if (i == 0)
			setup_console();
	}
	setup_console();
	return ok;
}

/* Value of "key=" on the kernel command line, or NULL. */
static char *cmdline_value(const char *key, char *buf, size_t size)
{
	size_t keylen = strlen(key);
	char *tok, *save = NULL;
	ssize_t len;
	int fd;

	fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	len = read(fd, buf, size - 1);
	close(fd);
	if (len <= 0)
		return NULL;
	buf[len] = '\0';
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (strncmp(tok, key, keylen) == 0 && tok[keylen] == '=')
			return tok + keylen + 1;
	}
	return NULL;
}

/* The directory of the programs to run: diglimtest.tests=, or /tests. */
static void tests_dir(char *dir, size_t size)
{
	char buf[4096], *val;

	snprintf(dir, size, "%s", TESTS_DIR);
	val = cmdline_value("diglimtest.tests", buf, sizeof(buf));
	if (!val)
		return;
	if (val[0] != '/' || strlen(val) >= size || strstr(val, "/..")) {
		out("# init: diglimtest.tests=%s is not an absolute path: %s\n",
		    val, TESTS_DIR);
		return;
	}
	snprintf(dir, size, "%s", val);
}

static unsigned int program_timeout(void)
{
	char buf[4096], *val, *end;
	unsigned long t;

	val = cmdline_value("diglimtest.timeout", buf, sizeof(buf));
	if (!val)
		return DEFAULT_TIMEOUT_S;
	errno = 0;
	t = strtoul(val, &end, 10);
	if (errno || *end || t == 0 || t > 86400)
		return DEFAULT_TIMEOUT_S;
	return (unsigned int)t;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/*
 * Copy the program's output to the console line by line, indented.  Returns
 * false when the time limit passed before the program closed its output.
 */
static bool forward_output(int fd, long deadline_ms)
{
	char buf[4096];
	size_t used = 0;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		long left = deadline_ms - now_ms();
		ssize_t n;
		char *nl;
		int r;

		if (left <= 0)
			return false;
		r = poll(&pfd, 1, left > 1000 ? 1000 : (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		n = read(fd, buf + used, sizeof(buf) - 1 - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
		buf[used] = '\0';
		while ((nl = memchr(buf, '\n', used))) {
			*nl = '\0';
			out("    %s\n", buf);
			used -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, used);
		}
		if (used == sizeof(buf) - 1) {	/* over-long line: split it */
			out("    %s\n", buf);
			used = 0;
		}
	}
	if (used) {
		buf[used] = '\0';
		out("    %s\n", buf);
	}
	return true;
}

static void run_program(const char *dir, const char *name,
			unsigned int timeout_s)
{
	char path[512], directive[64];
	int pipefd[2], status = 0;
	bool finished;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	out("# running %s\n", path);
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		out("# pipe: %s\n", strerror(errno));
		result(false, name, NULL);
		return;
	}
	pid = fork();
	if (pid < 0) {
		out("# fork: %s\n", strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		result(false, name, NULL);
		return;
	}
	if (pid == 0) {
		char *const argv[] = { path, NULL };

		setpgid(0, 0);
		dup2(pipefd[1], STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		if (chdir("/tmp") < 0)
			_exit(127);
		execv(path, argv);
		out("# exec %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	close(pipefd[1]);
	finished = forward_output(pipefd[0], now_ms() + timeout_s * 1000L);
	close(pipefd[0]);
	if (!finished) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	/* Children of the program that outlived it must not linger. */
	kill(-pid, SIGKILL);

	if (!finished) {
		snprintf(directive, sizeof(directive), "TIMEOUT after %u s",
			 timeout_s);
		result(false, name, directive);
	} else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		result(true, name, NULL);
	} else if (WIFEXITED(status) &&
		   (WEXITSTATUS(status) == EXIT_SKIP_KSFT ||
		    WEXITSTATUS(status) == EXIT_SKIP_AUTOMAKE)) {
		result(true, name, "SKIP");
	} else if (WIFEXITED(status)) {
		snprintf(directive, sizeof(directive), "exit status %d",
			 WEXITSTATUS(status));
		result(false, name, NULL);
		out("# %s: %s\n", name, directive);
	} else {
		out("# %s: killed by signal %d\n", name,
		    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
		result(false, name, NULL);
	}
}

static int select_program(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static void run_programs(const char *dir, unsigned int timeout_s)
{
	char what[TESTS_DIR_MAX + 8];
	struct dirent **list;
	int n, i;

	n = scandir(dir, &list, select_program, alphasort);
	if (n < 0) {
		out("# init: cannot list %s: %s\n", dir, strerror(errno));
		snprintf(what, sizeof(what), "list %s", dir);
		result(false, what, NULL);
		return;
	}
	for (i = 0; i < n; i++) {
		run_program(dir, list[i]->d_name, timeout_s);
		free(list[i]);
	}
	free(list);
}

/* Scan for leaks when the kernel has kmemleak; one TAP result. */
static void check_kmemleak(void)
{
	static const char scan[] = "scan";
	char buf[4096];
	bool leaked = false;
	ssize_t n;
	int fd;

	fd = open(KMEMLEAK, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	sleep(KMEMLEAK_MIN_AGE_S);
	if (write(fd, scan, sizeof(scan) - 1) < 0) {
		out("# kmemleak scan: %s\n", strerror(errno));
		close(fd);
		result(false, "kmemleak", NULL);
		return;
	}
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf, sizeof(buf) - 1)) > 0) {
		char *line, *save = NULL;

		buf[n] = '\0';
		leaked = true;
		for (line = strtok_r(buf, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			out("# %s\n", line);
	}
	close(fd);
	result(!leaked, "kmemleak: no unreferenced objects", NULL);
}

static void power_off(void)
{
	sync();
	/*
	 * A root file system left mounted read-write needs its journal
	 * replayed at the next boot: remount it read-only first, so a
	 * disk booted again (the demo image) comes up clean.
	 */
	if (mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY, NULL) != 0)
		out("# init: cannot remount / read-only: %s\n", strerror(errno));
	reboot(RB_POWER_OFF);
	/* Without ACPI power-off, a reboot ends QEMU run with -no-reboot. */
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

int main(void)
{
	char dir[TESTS_DIR_MAX], path[TESTS_DIR_MAX + 40];
	unsigned int timeout_s;
	bool mounted;

	if (getpid() != 1) {
		fprintf(stderr, "init: must run as PID 1\n");
		return 2;
	}
	mounted = mount_pseudo_fs();
	out("TAP version 13\n");
	if (!mounted)
		result(false, "mount pseudo file systems", NULL);
	tests_dir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s:/usr/sbin:/usr/bin:/sbin:/bin", dir);
	setenv("PATH", path, 1);
	timeout_s = program_timeout();
	run_programs(dir, timeout_s);
	check_kmemleak();
	out("1..%u\n", results);
	out("diglim-guest: status=%d\n", failures ? 1 : 0);
	power_off();
	return 0;
}
