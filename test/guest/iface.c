// SPDX-License-Identifier: GPL-2.0-only
/* Readers of DIGLIM's securityfs interface for the guest test programs. */
#include "iface.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

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

long iface_list_actions(const char *label)
{
	char path[512], line[256];
	struct dirent *de;
	long actions = -1;
	size_t ll = strlen(label);
	DIR *d = opendir(IFACE "/digest_lists_loaded");
	FILE *f;

	if (!d)
		return -1;
	while (actions < 0 && (de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);

		/* <algo>-<hex digest>-<label>.ascii */
		if (n < ll + 6 || strcmp(de->d_name + n - 6, ".ascii") != 0 ||
		    strncmp(de->d_name + n - 6 - ll, label, ll) != 0)
			continue;
		snprintf(path, sizeof(path), IFACE "/digest_lists_loaded/%s",
			 de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(line, sizeof(line), f))
			(void)sscanf(line, "actions: %ld", &actions);
		fclose(f);
	}
	closedir(d);
	return actions;
}
