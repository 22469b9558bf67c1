// SPDX-License-Identifier: GPL-2.0-only
/* Minimal TAP output for the native unit tests (parser and host tools). */
#include "tap.h"

#include <stdarg.h>
#include <stdio.h>

static int tap_count, tap_failed;

int tap_ok(int pass, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return pass;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed || tap_count == 0 ? 1 : 0;
}
