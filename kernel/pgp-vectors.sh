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
# certified by C), key-v-by-cb (V certified by C, then by B), fpr-v;
# key-w (RSA-2048 + RSA-2048 encryption-only subkey), fpr-wsub.
# Revocation and expiry: key-r (RSA-2048 + signing subkey), key-r-revoked
# (the same after its revocation certificate was imported), fpr-r,
# fpr-rsub; key-s (a signing subkey its primary key revoked), fpr-s,
# fpr-ssub; key-x-expired (made on 2020-01-01 to expire a day later);
# key-y (expires in 20 years; one signing subkey expires in 10, another
# never), fpr-y, fpr-ysub, fpr-ysub2, exp-y, exp-ysub (the expiration times
# GnuPG gives Y and its first subkey, ASCII decimal seconds since the
# epoch), sig-y-sha256; key-z (made on 2020-01-01 to expire a day later,
# with a signing subkey that does, then twelve hours later set to never
# expire), key-z-old (Z before that), fpr-z, fpr-zsub; key-q (RSA-2048,
# self-signed with SHA-1) and key-q-revoked (the same after its revocation
# certificate, made with SHA-1 as older GnuPG made them, was imported).
# Key flags: key-t-old (RSA-2048 that signs and certifies, made on
# 2020-01-01, + signing subkey), key-t (the same after a newer
# self-signature left its primary key certification only), fpr-t, fpr-tsub,
# sig-t-sha256 (by T's primary key, made before that), sig-tsub-sha256 (by
# its subkey); key-n-old (RSA-2048 + signing subkey, made on 2020-01-01),
# key-n (the same after a newer binding made the subkey encryption-only),
# fpr-n, fpr-nsub, sig-nsub-sha256 (by N's subkey, made before that).
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

# Revocation and expiry.  GnuPG's clock is set back with
# --faked-system-time for the keys that must have expired already.
then='20200101T000000!'
later='20200101T120000!'
newkey 'PGP KUnit R <r@kunit.invalid>' rsa2048
fr=$(fpr_of r@kunit.invalid)
g --quick-add-key "$fr" rsa2048 sign never
frsub=$(subfpr_of r@kunit.invalid)
newkey 'PGP KUnit S <s@kunit.invalid>' rsa2048
fs=$(fpr_of s@kunit.invalid)
g --quick-add-key "$fs" rsa2048 sign never
fssub=$(subfpr_of s@kunit.invalid)
# "key 1", revkey, sure, reason 0 (none given), empty text, okay, save.
printf 'key 1\nrevkey\ny\n0\n\ny\nsave\n' | g --command-fd 0 --edit-key "$fs"
g --faked-system-time "$then" --quick-gen-key 'PGP KUnit X <x@kunit.invalid>' rsa2048 sign 1d
g --cert-digest-algo SHA1 --quick-gen-key 'PGP KUnit Q <q@kunit.invalid>' rsa2048 sign never
fq=$(fpr_of q@kunit.invalid)
newkey 'PGP KUnit Y <y@kunit.invalid>' rsa2048
fy=$(fpr_of y@kunit.invalid)
g --quick-set-expire "$fy" 20y
g --quick-add-key "$fy" rsa2048 sign 10y
fysub=$(subfpr_of y@kunit.invalid)
g --quick-add-key "$fy" rsa2048 sign never
fysub2=$(subfpr_of y@kunit.invalid)
g --faked-system-time "$then" --quick-gen-key 'PGP KUnit Z <z@kunit.invalid>' rsa2048 sign 1d
fz=$(fpr_of z@kunit.invalid)
g --faked-system-time "$then" --quick-add-key "$fz" rsa2048 sign 1d
fzsub=$(subfpr_of z@kunit.invalid)

# Key flags, changed after the signatures below are made: T and N are made
# in 2020 so that the self-signature and binding made then are older.
g --faked-system-time "$then" --quick-gen-key 'PGP KUnit T <t@kunit.invalid>' rsa2048 sign,cert never
ft=$(fpr_of t@kunit.invalid)
g --faked-system-time "$then" --quick-add-key "$ft" rsa2048 sign never
ftsub=$(subfpr_of t@kunit.invalid)
g --faked-system-time "$then" --quick-gen-key 'PGP KUnit N <n@kunit.invalid>' rsa2048 sign never
fn=$(fpr_of n@kunit.invalid)
g --faked-system-time "$then" --quick-add-key "$fn" rsa2048 sign never
fnsub=$(subfpr_of n@kunit.invalid)

v="$tmp/v"
mkdir "$v"
g --export "$fr" >"$v/key-r"
g --export "$fz" >"$v/key-z-old"
g --faked-system-time "$later" --quick-set-expire "$fz" never
sed 's/^:-----/-----/' "$GNUPGHOME/openpgp-revocs.d/$fr.rev" >"$tmp/r.rev"
g --import "$tmp/r.rev"
g --export "$fq" >"$v/key-q"
sed 's/^:-----/-----/' "$GNUPGHOME/openpgp-revocs.d/$fq.rev" >"$tmp/q.rev"
g --list-packets "$tmp/q.rev" | grep -q 'digest algo 2,' ||
	die "Q's revocation certificate is not made with SHA-1"
g --import "$tmp/q.rev"
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
g --local-user "$fb!" --quick-sign-key "$fv" >/dev/null
g --export "$fv" >"$v/key-v-by-cb"
g --export "$fw" >"$v/key-w"
g --export "$fr" >"$v/key-r-revoked"
g --export "$fq" >"$v/key-q-revoked"
g --export "$fs" >"$v/key-s"
g --export x@kunit.invalid >"$v/key-x-expired"
g --export "$fy" >"$v/key-y"
g --export "$fz" >"$v/key-z"
for f in a:"$fa" sub:"$fsub" b:"$fb" c:"$fc" u:"$fu" usub:"$fusub" v:"$fv" wsub:"$fwsub" \
	r:"$fr" rsub:"$frsub" s:"$fs" ssub:"$fssub" y:"$fy" ysub:"$fysub" \
	ysub2:"$fysub2" z:"$fz" zsub:"$fzsub" t:"$ft" tsub:"$ftsub" n:"$fn" \
	nsub:"$fnsub"; do
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
sign sig-y-sha256 "$fy" SHA256
sign sig-t-sha256 "$ft" SHA256
sign sig-tsub-sha256 "$ftsub" SHA256
sign sig-nsub-sha256 "$fnsub" SHA256
g --export "$ft" >"$v/key-t-old"
g --export "$fn" >"$v/key-n-old"
# T's primary key: toggle signing off (certification stays); N's subkey:
# signing off, encryption on.
printf 'change-usage\nS\nQ\nsave\n' | g --command-fd 0 --edit-key "$ft"
printf 'key 1\nchange-usage\nS\nE\nQ\nsave\n' | g --command-fd 0 --edit-key "$fn"
g --export "$ft" >"$v/key-t"
g --export "$fn" >"$v/key-n"

# GnuPG's view of the keys above: validity (field 2) and expiration time
# (field 7) of the primary key or of the subkey with fingerprint $2.
colons() {
	g --with-colons --list-keys "$1" | awk -F: -v want="$2" -v f="$3" '
		$1 == "pub" || $1 == "sub" { rec = $0 }
		$1 == "fpr" && (want == "" ? !done : $10 == want) {
			split(rec, r, ":"); print r[f]; done = 1; exit }'
}
expect() { # what key [subkey] field
	[ "$(colons "$2" "${3:-}" "$4")" = "$1" ] ||
		die "GnuPG says ${3:-$2} has '$(colons "$2" "${3:-}" "$4")' in field $4, not '$1'"
}
expect r "$fr" "" 2
expect r "$fq" "" 2
expect r "$fs" "$fssub" 2
expect e x@kunit.invalid "" 2
expect e "$fz" "$fzsub" 2
expect "" "$fz" "" 7
# Field 12 of the primary key: the capabilities of the whole key.
expect cSC "$ft" "" 12
expect scESC "$fn" "" 12
expect e "$fn" "$fnsub" 12
colons "$fy" "" 7 >"$v/exp-y"
colons "$fy" "$fysub" 7 >"$v/exp-ysub"
[ "$(cat "$v/exp-y")" -gt "$(cat "$v/exp-ysub")" ] ||
	die "Y's subkey does not expire before Y"
truncate -s -1 "$v/exp-y" "$v/exp-ysub"

# Check the vectors with GnuPG itself before writing them.
g --verify "$v/sig-a-sha256" "$v/data"
g --verify "$v/sig-sub-sha256" "$v/data"
g --verify "$v/sig-usub-sha256" "$v/data"
g --check-sigs "$fu" | grep -q '^sig!  *[0-9A-F]* .*PGP KUnit B' ||
	die "B's certification of U is not in the key"
# V's certifications in the data: C's, then B's (the order the test wants).
[ "$(g --list-packets <"$v/key-v-by-cb" | awk '/^:signature packet:/ { print $NF }' |
	tr '\n' ' ')" = "${fv: -16} ${fc: -16} ${fb: -16} " ] ||
	die "key-v-by-cb does not hold V's self-signature, then C's and B's certifications"

be32() {
	printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($1 >> 24 & 255)) $(($1 >> 16 & 255)) \
		$(($1 >> 8 & 255)) $(($1 & 255))
}
{
	for n in data key-a key-b key-c key-ed key-p521 key-rsa1024 fpr-a fpr-sub fpr-b fpr-c \
		sig-a-sha256 sig-a-sha224 sig-a-sha384 sig-a-sha512 sig-a-sha1 \
		sig-sub-sha256 sig-b-sha256 sig-c-sha256 sig-c-sha512 sig-ed \
		key-u-by-b fpr-u fpr-usub sig-usub-sha256 key-v-by-c key-v-by-cb fpr-v \
		key-w fpr-wsub \
		key-r key-r-revoked fpr-r fpr-rsub key-s fpr-s fpr-ssub key-x-expired \
		key-y fpr-y fpr-ysub fpr-ysub2 exp-y exp-ysub sig-y-sha256 \
		key-z key-z-old fpr-z fpr-zsub key-q key-q-revoked \
		key-t-old key-t fpr-t fpr-tsub sig-t-sha256 sig-tsub-sha256 \
		key-n-old key-n fpr-n fpr-nsub sig-nsub-sha256; do
		printf '%s\0' "$n"
		# shellcheck disable=SC2059 # the format is the escaped length
		printf "$(be32 "$(stat -c %s "$v/$n")")"
		cat "$v/$n"
	done
} >"$out.tmp"
cp "$v/key-c" "$dir/builtin.pgp"
mv "$out.tmp" "$out"
echo "$out"
