/* SPDX-License-Identifier: GPL-2.0-only */
/* `diglim export`: rpm list files from an rpm database or package files. */
#ifndef DIGLIM_TOOLS_EXPORT_H
#define DIGLIM_TOOLS_EXPORT_H

int cmd_export(int argc, char **argv);

#endif
