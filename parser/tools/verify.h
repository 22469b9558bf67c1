/* SPDX-License-Identifier: GPL-2.0-only */
/* `diglim verify`: check the appended signatures of list files. */
#ifndef DIGLIM_TOOLS_VERIFY_H
#define DIGLIM_TOOLS_VERIFY_H

int cmd_verify(int argc, char **argv);

#endif
