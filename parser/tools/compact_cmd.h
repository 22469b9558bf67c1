/* SPDX-License-Identifier: GPL-2.0-only */
/* `diglim compact`: a compact list of files' digests, optionally signed. */
#ifndef DIGLIM_TOOLS_COMPACT_CMD_H
#define DIGLIM_TOOLS_COMPACT_CMD_H

int cmd_compact(int argc, char **argv);

#endif
