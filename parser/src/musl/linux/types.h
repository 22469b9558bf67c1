/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The few <linux/types.h> names the uapi header needs, for the musl build
 * (musl-gcc does not search the host's kernel headers).
 */
#ifndef DIGLIM_MUSL_LINUX_TYPES_H
#define DIGLIM_MUSL_LINUX_TYPES_H
#include <stdint.h>
typedef uint8_t __u8;
typedef uint16_t __u16;
typedef uint32_t __u32;
typedef uint64_t __u64;
typedef uint16_t __le16;
typedef uint32_t __le32;
typedef uint64_t __le64;
typedef uint16_t __be16;
typedef uint32_t __be32;
typedef uint64_t __be64;
#endif
