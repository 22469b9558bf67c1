// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: rpm list files through rpm_header.c and convert.c. */
#include <stddef.h>
#include <stdint.h>

#include "compact.h"
#include "convert.h"
#include "rpm_header.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct convert_opts opts[] = {
		{ .type = COMPACT_FILE },
		{ .type = COMPACT_PARSER, .exec_only = true, .allow_md5 = true },
	};
	char err[CONVERT_ERR_LEN];
	struct compact_writer w;
	struct convert_info info;
	const char *why;
	struct rpmh h;
	size_t i, n;

	/* the bare header reader on the whole input */
	(void)rpmh_parse(&h, data, size, &why);
	compact_writer_init(&w);
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		if (convert_rpm(data, size, &opts[i], &w, &info, err) == 0 &&
		    w.len && compact_validate(w.buf, w.len, &n, &why) != 0)
			__builtin_trap();	/* the writer made an invalid list */
	}
	compact_writer_free(&w);
	return 0;
}
