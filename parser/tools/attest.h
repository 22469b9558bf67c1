/* SPDX-License-Identifier: GPL-2.0-only */
/* `diglim attest`: judge a DIGLIM system's IMA measurement list. */
#ifndef DIGLIM_TOOLS_ATTEST_H
#define DIGLIM_TOOLS_ATTEST_H

/* argv[0] is "attest". Returns an exit code of util.h. */
int cmd_attest(int argc, char **argv);

#endif
