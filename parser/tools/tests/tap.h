/* SPDX-License-Identifier: GPL-2.0-only */
/* TAP for the host tools' unit tests: plan printed at the end. */
#ifndef DIGLIM_TOOLS_TEST_TAP_H
#define DIGLIM_TOOLS_TEST_TAP_H

#include <stdbool.h>

bool ok(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the plan; 0 when every check passed, 1 otherwise. */
int done_testing(void);

#endif
