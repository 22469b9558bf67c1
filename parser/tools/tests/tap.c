// SPDX-License-Identifier: GPL-2.0-only
/* TAP for the host tools' unit tests. */
#include "tap.h"

#include <stdarg.h>
#include <stdio.h>

static unsigned int n_tests, n_failed;

bool ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	if (n_tests == 0)
		printf("TAP version 13\n");
	n_tests++;
	if (!cond)
		n_failed++;
	printf("%sok %u - ", cond ? "" : "not ", n_tests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int done_testing(void)
{
	printf("1..%u\n", n_tests);
	return n_failed || n_tests == 0;
}
