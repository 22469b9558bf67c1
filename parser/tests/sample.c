// SPDX-License-Identifier: GPL-2.0-only
/* A fixed sample package for the unit tests. */
#include "sample.h"

#include <string.h>

void sample_files(struct rpmgen_file files[SAMPLE_FILES],
		  char digests[SAMPLE_FILES][129], size_t digest_bytes)
{
	static const struct rpmgen_file tmpl[SAMPLE_FILES] = {
		{ "/usr/bin/", "ls", 0100755, 0, NULL },
		{ "/usr/lib64/", "libfoo.so.1.2", 0100644, 0, NULL },
		{ "/etc/", "foo.conf", 0100644, 1u << 0, NULL },
		{ "/usr/share/doc/foo/", "README", 0100644, 1u << 1, NULL },
		{ "/usr/", "lib64", 040755, 0, "" },
		{ "/usr/lib64/", "libbar.so", 0120777, 0, "" },
		{ "/var/log/", "foo.log", 0100644, 1u << 6, NULL },
		{ "/usr/share/foo/", "empty", 0100644, 0, NULL },
		{ "/usr/libexec/", "helper", 0100700, 1u << 0, NULL },
	};
	uint64_t seed = 42;
	size_t i;

	for (i = 0; i < SAMPLE_FILES; i++) {
		files[i] = tmpl[i];
		rpmgen_hex_digest(&seed, digests[i], digest_bytes);
		if (!files[i].digest)
			files[i].digest = digests[i];
		else
			digests[i][0] = '\0';
	}
}

uint8_t *sample_header(uint32_t pgp_algo, size_t digest_bytes, size_t *len)
{
	struct rpmgen_file files[SAMPLE_FILES];
	char digests[SAMPLE_FILES][129];
	struct rpmgen_pkg p = {
		.name = "foo", .version = "1.0", .release = "1.fc39",
		.arch = "x86_64", .pgp_algo = pgp_algo,
		.files = files, .nfiles = SAMPLE_FILES, .filler = 100,
	};

	sample_files(files, digests, digest_bytes);
	return rpmgen_package(&p, len);
}
