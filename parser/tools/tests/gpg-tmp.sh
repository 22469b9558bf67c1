# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash
#
# Sourced by the TAP tests that run GnuPG: sets tmp to a new directory
# /tmp/diglim-$1.XXXXXX, removed at exit together with the gpg-agent of each
# GnuPG home $tmp/gpg-* the test made.

tmp=$(mktemp -d "/tmp/diglim-$1.XXXXXX")
# shellcheck disable=SC2317 # called by the EXIT trap
gpg_tmp_cleanup() {
	local h
	for h in "$tmp"/gpg-*; do
		[ -d "$h" ] && gpgconf --homedir "$h" --kill gpg-agent >/dev/null 2>&1
	done
	rm -rf "$tmp"
}
trap gpg_tmp_cleanup EXIT
