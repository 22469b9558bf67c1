// SPDX-License-Identifier: GPL-2.0-only
/* Messages to stderr, or to /dev/kmsg when there is no usable stderr. */
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define LOG_LINE_MAX 512

static int log_fd = -1;		/* -1: nowhere */
static int log_kmsg;		/* log_fd is kmsg: add <level> */
static int log_verbose;

static int fd_writable(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl >= 0 && (fl & O_ACCMODE) != O_RDONLY;
}

/* Occupy a closed descriptor 0-2 with something harmless. */
static void fill_fd(int want)
{
	int fd;

	if (fcntl(want, F_GETFD) >= 0 || errno != EBADF)
		return;
	/* 0..want-1 are open, so the lowest free descriptor is want */
	fd = open("/dev/null", O_RDWR | O_NOCTTY);
	if (fd < 0)
		fd = open("/", O_RDONLY | O_DIRECTORY);
	if (fd >= 0 && fd != want)
		close(fd);
}

void log_init(void)
{
	const char *kmsg = getenv(LOG_KMSG_ENV);
	int stderr_ok = fd_writable(STDERR_FILENO);

	/* a closed pipe on stderr must not kill the parser */
	signal(SIGPIPE, SIG_IGN);
	fill_fd(STDIN_FILENO);
	fill_fd(STDOUT_FILENO);
	fill_fd(STDERR_FILENO);
	if (stderr_ok) {
		log_fd = STDERR_FILENO;
		return;
	}
	log_fd = open(kmsg && kmsg[0] ? kmsg : LOG_KMSG,
		      O_WRONLY | O_CLOEXEC | O_NOCTTY | O_APPEND);
	log_kmsg = log_fd >= 0;
}

void log_set_verbose(int verbose)
{
	log_verbose = verbose;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	char line[LOG_LINE_MAX];
	int saved = errno, n, m, i;
	va_list ap;

	if (log_fd < 0 || (level >= LOG_LVL_INFO && log_verbose < 1) ||
	    (level >= LOG_LVL_DEBUG && log_verbose < 2))
		goto out;
	n = log_kmsg ? snprintf(line, sizeof(line), "<%d>" LOG_PREFIX, level)
		     : snprintf(line, sizeof(line), LOG_PREFIX);
	if (n < 0)
		goto out;
	va_start(ap, fmt);
	m = vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (m < 0)
		goto out;
	if (m > (int)sizeof(line) - 2 - n)
		m = (int)sizeof(line) - 2 - n;
	/* one line per message: file names may hold control characters */
	for (i = n; i < n + m; i++)
		if ((unsigned char)line[i] < ' ' || line[i] == 0x7f)
			line[i] = '?';
	n += m;
	line[n++] = '\n';
	/* one write: one kmsg record; failures have nowhere to go */
	if (write(log_fd, line, (size_t)n) < 0) {
		/* nowhere left to report it */
	}
out:
	errno = saved;
}
