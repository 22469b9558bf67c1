#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Generate the OpenPGP test vectors of the kernel's PGP KUnit test
# (CONFIG_PGP_KUNIT_VECTORS): public keys, detached signatures and the data
# they sign, all made by GnuPG in a throw-away GNUPGHOME.  The private keys
# never leave that directory and are deleted with it.
#
# usage: kernel/pgp-vectors.sh
#
# Prints the absolute path of the vector file on stdout.  The file lives in
# $DIGLIM_CACHE/pgp-vectors/<hash of this script>/vectors.bin, so an
# unchanged script reuses it (and the kernel's cache key stays stable).
# Next to it, builtin.pgp holds key C alone, for CONFIG_PGP_BUILTIN_KEYS of
# the test kernel.
#
# Format (read by crypto/asymmetric_keys/pgp_kunit.c): a sequence of records
#   name (ASCII, NUL-terminated, at most 31 bytes) | be32 length | data
# Names: data; key-a (RSA-2048 + RSA-2048 signing subkey), key-b (RSA-2048),
# key-c (RSA-4096), key-ed (EdDSA), key-p521 (ECDSA P-521),
# key-rsa1024 (too small); fpr-a, fpr-sub,
# fpr-b, fpr-c (20-byte v4 fingerprints as GnuPG prints them);
# sig-a-sha256/-sha224/-sha384/-sha512/-sha1, sig-sub-sha256, sig-b-sha256,
# sig-c-sha256, sig-c-sha512, sig-ed (signatures over "data");
# key-u-by-b (RSA-2048 + RSA-2048 signing subkey, certified by B), fpr-u,
# fpr-usub, sig-usub-sha256 (by U's subkey); key-v-by-c (RSA-2048,
# certified by C); key-w (RSA-2048 + RSA-2048 encryption-only subkey),
# fpr-wsub.
#
# Environment: DIGLIM_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/diglim).
# Exit status: 0 done (or cached), 1 failed.

set -euo pipefail

self=$(realpath "${BASH_SOURCE[0]}")
cache=${DIGLIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/diglim}
id=$(sha256sum <"$self" | cut -c1-16)
dir="$cache/pgp-vectors/$id"
out="$dir/vectors.bin"

die() {
	echo "kernel/pgp-vectors.sh: $*" >&2
	exit 1
}

if [ -s "$out" ] && [ -s "$dir/builtin.pgp" ]; then
	echo "$out"
	exit 0
fi

command -v gpg >/dev/null || die "gpg is not installed (apt-get install gnupg)"
mkdir -p "$dir"
tmp=$(mktemp -d)
export GNUPGHOME="$tmp/gnupg"
mkdir -m 700 "$GNUPGHOME"
cleanup() {
	gpgconf --homedir "$GNUPGHOME" --kill all >/dev/null 2>&1 || true
	rm -rf "$tmp"
}
trap cleanup EXIT

g() {
	gpg --batch --quiet --no-tty --pinentry-mode loopback --passphrase '' "$@" \
		2>>"$tmp/gpg.log" || { cat "$tmp/gpg.log" >&2; die "gpg $* failed"; }
}

# Primary fingerprint of the key whose user ID is $1.
fpr_of() {
	g --with-colons --list-keys "$1" | awk -F: '$1 == "fpr" { print $10; exit }'
}

# Fingerprint of the (last) subkey of $1.
subfpr_of() {
	g --with-colons --list-keys "$1" |
		awk -F: '$1 == "sub" { s = 1; next } s && $1 == "fpr" { f = $10 } END { print f }'
}

newkey() {
	g --quick-gen-key "$1" "$2" sign never
}

newkey 'PGP KUnit A <a@kunit.invalid>' rsa2048
fa=$(fpr_of a@kunit.invalid)
g --quick-add-key "$fa" rsa2048 sign never
fsub=$(subfpr_of a@kunit.invalid)
newkey 'PGP KUnit B <b@kunit.invalid>' rsa2048
newkey 'PGP KUnit C <c@kunit.invalid>' rsa4096
newkey 'PGP KUnit Ed <ed@kunit.invalid>' ed25519
newkey 'PGP KUnit P521 <p521@kunit.invalid>' nistp521
newkey 'PGP KUnit Small <small@kunit.invalid>' rsa1024
fb=$(fpr_of b@kunit.invalid)
fc=$(fpr_of c@kunit.invalid)
fed=$(fpr_of ed@kunit.invalid)

# Certified keys: U (with a signing subkey) by B, V by C; W has an
# encryption-only subkey.
newkey 'PGP KUnit U <u@kunit.invalid>' rsa2048
fu=$(fpr_of u@kunit.invalid)
g --quick-add-key "$fu" rsa2048 sign never
fusub=$(subfpr_of u@kunit.invalid)
g --local-user "$fb!" --quick-sign-key "$fu" >/dev/null
newkey 'PGP KUnit V <v@kunit.invalid>' rsa2048
fv=$(fpr_of v@kunit.invalid)
g --local-user "$fc!" --quick-sign-key "$fv" >/dev/null
newkey 'PGP KUnit W <w@kunit.invalid>' rsa2048
fw=$(fpr_of w@kunit.invalid)
g --quick-add-key "$fw" rsa2048 encr never
fwsub=$(subfpr_of w@kunit.invalid)

v="$tmp/v"
mkdir "$v"
# Header-like data: an RPM header magic followed by text.
{
	printf '\x8e\xad\xe8\x01\x00\x00\x00\x00'
	for i in $(seq 1 64); do printf 'diglim pgp kunit vector line %03d\n' "$i"; done
} >"$v/data"

g --export "$fa" >"$v/key-a"
g --export "$fb" >"$v/key-b"
g --export "$fc" >"$v/key-c"
g --export "$fed" >"$v/key-ed"
g --export p521@kunit.invalid >"$v/key-p521"
g --export small@kunit.invalid >"$v/key-rsa1024"
g --export "$fu" >"$v/key-u-by-b"
g --export "$fv" >"$v/key-v-by-c"
g --export "$fw" >"$v/key-w"
for f in a:"$fa" sub:"$fsub" b:"$fb" c:"$fc" u:"$fu" usub:"$fusub" wsub:"$fwsub"; do
	printf '%s' "${f#*:}" | xxd -r -p >"$v/fpr-${f%%:*}"
done

sign() { # name signer digest
	g --local-user "$2!" --digest-algo "$3" --detach-sign -o "$v/$1" "$v/data"
}
for h in SHA256 SHA224 SHA384 SHA512 SHA1; do
	sign "sig-a-${h,,}" "$fa" "$h"
done
sign sig-sub-sha256 "$fsub" SHA256
sign sig-b-sha256 "$fb" SHA256
sign sig-c-sha256 "$fc" SHA256
sign sig-c-sha512 "$fc" SHA512
sign sig-ed "$fed" SHA256
sign sig-usub-sha256 "$fusub" SHA256

# Check the vectors with GnuPG itself before writing them.
g --verify "$v/sig-a-sha256" "$v/data"
g --verify "$v/sig-sub-sha256" "$v/data"
g --verify "$v/sig-usub-sha256" "$v/data"
g --check-sigs "$fu" | grep -q '^sig!  *[0-9A-F]* .*PGP KUnit B' ||
	die "B's certification of U is not in the key"

be32() {
	printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($1 >> 24 & 255)) $(($1 >> 16 & 255)) \
		$(($1 >> 8 & 255)) $(($1 & 255))
}
{
	for n in data key-a key-b key-c key-ed key-p521 key-rsa1024 fpr-a fpr-sub fpr-b fpr-c \
		sig-a-sha256 sig-a-sha224 sig-a-sha384 sig-a-sha512 sig-a-sha1 \
		sig-sub-sha256 sig-b-sha256 sig-c-sha256 sig-c-sha512 sig-ed \
		key-u-by-b fpr-u fpr-usub sig-usub-sha256 key-v-by-c key-w fpr-wsub; do
		printf '%s\0' "$n"
		# shellcheck disable=SC2059 # the format is the escaped length
		printf "$(be32 "$(stat -c %s "$v/$n")")"
		cat "$v/$n"
	done
} >"$out.tmp"
cp "$v/key-c" "$dir/builtin.pgp"
mv "$out.tmp" "$out"
echo "$out"
