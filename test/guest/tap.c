// SPDX-License-Identifier: GPL-2.0-only
/*
 * Minimal TAP producer for the guest test programs, see tap.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "tap.h"

static unsigned int tap_planned;
static unsigned int tap_current;
static unsigned int tap_failed;

static void tap_emit(const char *prefix, const char *suffix,
		     const char *fmt, va_list ap)
{
	char line[1024];
	int len, n;

	len = snprintf(line, sizeof(line), "%s", prefix);
	n = vsnprintf(line + len, sizeof(line) - (size_t)len, fmt, ap);
	if (n < 0)
		n = 0;
	len += n;
	if ((size_t)len >= sizeof(line) - 64)
		len = (int)sizeof(line) - 64;
	len += snprintf(line + len, sizeof(line) - (size_t)len, "%s\n", suffix);
	if (write(STDOUT_FILENO, line, (size_t)len) < 0)
		tap_failed++;
}

void tap_plan(unsigned int count)
{
	printf("TAP version 13\n1..%u\n", count);
	fflush(stdout);
	tap_planned = count;
}

bool tap_ok(bool cond, const char *fmt, ...)
{
	char prefix[32];
	va_list ap;

	tap_current++;
	snprintf(prefix, sizeof(prefix), "%sok %u - ", cond ? "" : "not ",
		 tap_current);
	if (!cond)
		tap_failed++;
	va_start(ap, fmt);
	tap_emit(prefix, "", fmt, ap);
	va_end(ap);
	return cond;
}

void tap_skip(const char *reason, const char *fmt, ...)
{
	char prefix[32], suffix[256];
	va_list ap;

	tap_current++;
	snprintf(prefix, sizeof(prefix), "ok %u - ", tap_current);
	snprintf(suffix, sizeof(suffix), " # SKIP %s", reason);
	va_start(ap, fmt);
	tap_emit(prefix, suffix, fmt, ap);
	va_end(ap);
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_emit("# ", "", fmt, ap);
	va_end(ap);
}

int tap_exit(void)
{
	if (tap_current != tap_planned) {
		tap_diag("planned %u checks but ran %u", tap_planned,
			 tap_current);
		return 1;
	}
	return tap_failed ? 1 : 0;
}
