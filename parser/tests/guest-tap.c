// SPDX-License-Identifier: GPL-2.0-only
/* TAP for guest-load.c: each line with one write(2) (console interleaving). */
#include "tap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int count, failed;

static void line(const char *prefix, const char *fmt, va_list ap)
{
	char buf[512];
	int n = snprintf(buf, sizeof(buf), "%s", prefix), m;

	m = vsnprintf(buf + n, sizeof(buf) - (size_t)n - 1, fmt, ap);
	if (m < 0)
		m = 0;
	n += m;
	if ((size_t)n > sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	if (write(STDOUT_FILENO, buf, (size_t)n) < 0) {
		/* nowhere to report it */
	}
}

int tap_ok(int pass, const char *fmt, ...)
{
	char prefix[32];
	va_list ap;

	count++;
	failed += !pass;
	snprintf(prefix, sizeof(prefix), "%sok %d - ", pass ? "" : "not ", count);
	va_start(ap, fmt);
	line(prefix, fmt, ap);
	va_end(ap);
	return pass;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	line("# ", fmt, ap);
	va_end(ap);
}

void tap_plan(int n)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "1..%d\n", n);

	if (write(STDOUT_FILENO, buf, (size_t)len) < 0) {
		/* nowhere to report it */
	}
}

int tap_exit(void)
{
	return failed || count == 0 ? 1 : 0;
}
