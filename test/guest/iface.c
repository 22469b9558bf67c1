// SPDX-License-Identifier: GPL-2.0-only
/* Readers of DIGLIM's securityfs interface for the guest test programs. */
#include "iface.h"

#include <dirent.h>
#include <stdio.h>

int iface_counts(long *parser, long *file)
{
	char line[128];
	FILE *f = fopen(IFACE "/digests_count", "r");

	*parser = *file = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Parser digests: %ld", parser) == 1)
			continue;
		(void)sscanf(line, "File digests: %ld", file);
	}
	fclose(f);
	return *parser >= 0 && *file >= 0 ? 0 : -1;
}

long iface_loaded_files(void)
{
	struct dirent *de;
	long n = 0;
	DIR *d = opendir(IFACE "/digest_lists_loaded");

	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}
