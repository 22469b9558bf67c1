/* SPDX-License-Identifier: GPL-2.0-only */
/* `diglim dump`: human-readable view of list files. */
#ifndef DIGLIM_TOOLS_DUMP_H
#define DIGLIM_TOOLS_DUMP_H

int cmd_dump(int argc, char **argv);

#endif
