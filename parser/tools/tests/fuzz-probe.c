// SPDX-License-Identifier: GPL-2.0-only
/* Does clang link a libFuzzer target here? (meson probe) */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	(void)d;
	(void)n;
	return 0;
}
