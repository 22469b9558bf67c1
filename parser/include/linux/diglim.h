/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * DIGLIM user API: the compact digest list format and the values that
 * describe a list and the actions taken on it.
 *
 * A compact list is a sequence of blocks, each a struct compact_list_hdr
 * followed by hdr.count digests of algorithm hdr.algo (enum hash_algo
 * numbering), hdr.datalen == hdr.count * digest size bytes in all.
 * All multi-byte fields are little endian.
 */

#ifndef _UAPI__LINUX_DIGLIM_H
#define _UAPI__LINUX_DIGLIM_H

#include <linux/types.h>

/**
 * enum compact_types - What the digests of a block are the digests of
 * @COMPACT_PARSER: executables of a trusted digest list parser
 * @COMPACT_FILE: file contents
 * @COMPACT_METADATA: file metadata
 * @COMPACT_DIGEST_LIST: digest lists (internal: never in a compact list)
 * @COMPACT__LAST: number of types
 */
enum compact_types {
	COMPACT_PARSER,
	COMPACT_FILE,
	COMPACT_METADATA,
	COMPACT_DIGEST_LIST,
	COMPACT__LAST
};

/**
 * enum compact_modifiers - Bit numbers of compact_list_hdr.modifiers
 * @COMPACT_MOD_IMMUTABLE: the files must not be changed
 * @COMPACT_MOD__LAST: number of modifiers
 */
enum compact_modifiers {
	COMPACT_MOD_IMMUTABLE,
	COMPACT_MOD__LAST
};

/**
 * enum compact_actions - Bit numbers of the actions done on a digest list
 * @COMPACT_ACTION_IMA_MEASURED: IMA measured the list
 * @COMPACT_ACTION_IMA_APPRAISED: IMA appraised the list
 * @COMPACT_ACTION_IMA_APPRAISED_DIGSIG: IMA appraised it with a signature
 * @COMPACT_ACTION__LAST: number of actions
 */
enum compact_actions {
	COMPACT_ACTION_IMA_MEASURED,
	COMPACT_ACTION_IMA_APPRAISED,
	COMPACT_ACTION_IMA_APPRAISED_DIGSIG,
	COMPACT_ACTION__LAST
};

/**
 * enum ops - Operations on a digest list
 * @DIGEST_LIST_ADD: add the list
 * @DIGEST_LIST_DEL: delete the list
 * @DIGEST_LIST_OP__LAST: number of operations
 */
enum ops {
	DIGEST_LIST_ADD,
	DIGEST_LIST_DEL,
	DIGEST_LIST_OP__LAST
};

/**
 * struct compact_list_hdr - Header of a block of a compact list
 * @version: format version, 1
 * @_reserved: 0
 * @type: enum compact_types
 * @modifiers: bit mask of enum compact_modifiers
 * @algo: digest algorithm (enum hash_algo)
 * @count: number of digests that follow
 * @datalen: length of the digests that follow, in bytes
 */
struct compact_list_hdr {
	__u8 version;
	__u8 _reserved;
	__le16 type;
	__le16 modifiers;
	__le16 algo;
	__le32 count;
	__le32 datalen;
} __attribute__((packed));

#endif /* _UAPI__LINUX_DIGLIM_H */
