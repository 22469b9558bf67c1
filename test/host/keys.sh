#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of keys/ (TAP): key generation and its refusals, the binary and
# armored exports (public only, SHA-256 self-signature), rpmsign with the
# generated macros file (rpmkeys --checksig accepts the package), key
# certification, and no gpg-agent left running. RSA-2048 keys, made here.
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
keys=$top/keys
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"
tmp=$(mktemp -d /tmp/diglim-keys-test.XXXXXX)
homes=("$tmp/a" "$tmp/b" "$tmp/s" "$tmp/v" "$tmp/x")

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local h
	for h in "${homes[@]}"; do
		[ -d "$h" ] && gpgconf --homedir "$h" --kill gpg-agent >/dev/null 2>&1
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

# expect STATUS PATTERN NAME -- CMD...: CMD exits with STATUS and its
# stderr matches PATTERN.
expect() {
	local want=$1 pat=$2 name=$3 st
	shift 4
	"$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" = "$want" ] && grep -Eq -- "$pat" "$tmp/err"; then
		ok 0 "$name"
	else
		echo "# exit $st (want $want); stderr:"; sed 's/^/#   /' "$tmp/err"
		ok 1 "$name"
	fi
}

packets() {	# packets HOME FILE: gpg --list-packets output
	gpg --homedir "$1" --batch --list-packets "$2" 2>/dev/null
}

echo "TAP version 13"
tap_plan 17

fpr_a=$("$keys/diglim-keygen" --homedir "$tmp/a" --name 'Test Builder' \
	--email builder@diglim.invalid --bits 2048 2>"$tmp/err")
st=$?
[ "$st" = 0 ] && [[ "$fpr_a" =~ ^[0-9A-F]{40}$ ]]
ok $? "diglim-keygen makes an RSA-2048 key and prints its fingerprint"
[ "$st" = 0 ] || sed 's/^/# /' "$tmp/err"

expect 2 'bits 1024' "diglim-keygen refuses --bits 1024" -- \
	"$keys/diglim-keygen" --homedir "$tmp/x" --name X --email x@diglim.invalid --bits 1024
expect 2 'email is required' "diglim-keygen refuses a missing --email" -- \
	"$keys/diglim-keygen" --homedir "$tmp/x" --name X
expect 1 'already has a key' "diglim-keygen refuses a user ID the home already holds" -- \
	"$keys/diglim-keygen" --homedir "$tmp/a" --name 'Test Builder' \
	--email builder@diglim.invalid --bits 2048

"$keys/diglim-key-export" --homedir "$tmp/a" --key "$fpr_a" \
	--pgp "$tmp/a.pgp" --asc "$tmp/a.asc" 2>"$tmp/err"
ok $? "diglim-key-export writes the binary and armored public key"

mkdir -m 0700 "$tmp/v"
packets "$tmp/v" "$tmp/a.pgp" >"$tmp/a.pkts"
[ "$(grep -c '^:public key packet:' "$tmp/a.pkts")" = 1 ] &&
	grep -q 'version 4, algo 1,' "$tmp/a.pkts" &&
	grep -q 'pkey\[0\]: \[2048 bits\]' "$tmp/a.pkts" &&
	grep -q 'sigclass 0x13' "$tmp/a.pkts" &&
	grep -q 'digest algo 8,' "$tmp/a.pkts" &&
	! grep -q '^:secret' "$tmp/a.pkts"
ok $? "the binary export is one v4 RSA-2048 public key, SHA-256 self-signature, nothing secret"

head -n 1 "$tmp/a.asc" | grep -q '^-----BEGIN PGP PUBLIC KEY BLOCK-----$' &&
	gpg --homedir "$tmp/v" --batch --dearmor <"$tmp/a.asc" 2>/dev/null | cmp -s - "$tmp/a.pgp"
ok $? "the armored export is the same key"

expect 1 'nobody@diglim.invalid: no such public key' "diglim-key-export names a missing key" -- \
	"$keys/diglim-key-export" --homedir "$tmp/a" --key nobody@diglim.invalid --pgp "$tmp/none.pgp"

"$keys/diglim-rpm-macros" --homedir "$tmp/a" --key builder@diglim.invalid \
	-o "$tmp/sign.macros" 2>"$tmp/err" &&
	grep -qx '%__gpg /usr/bin/gpg' "$tmp/sign.macros" &&
	grep -qx "%_gpg_name $fpr_a" "$tmp/sign.macros" &&
	grep -qx '%_gpg_digest_algo sha256' "$tmp/sign.macros" &&
	grep -qx "%_gpg_path $tmp/a" "$tmp/sign.macros"
ok $? "diglim-rpm-macros writes %__gpg, %_gpg_name, %_gpg_path, %_gpg_digest_algo"

# A tiny package, signed with the macros file, checked by rpm itself.
mkdir -p "$tmp/rpmbuild/SPECS"
cat >"$tmp/rpmbuild/SPECS/tiny.spec" <<'SPEC'
Name: diglim-keys-tiny
Version: 1
Release: 1
Summary: test package
License: GPL-2.0-only
BuildArch: noarch
%define _build_id_links none
%description
A package for test/host/keys.sh.
%install
mkdir -p %{buildroot}/usr/share/diglim-keys-tiny
echo hello > %{buildroot}/usr/share/diglim-keys-tiny/hello
%files
/usr/share/diglim-keys-tiny/hello
SPEC
rpmbuild --quiet --define "_topdir $tmp/rpmbuild" -bb "$tmp/rpmbuild/SPECS/tiny.spec" \
	>"$tmp/err" 2>&1
rpm_file=$tmp/rpmbuild/RPMS/noarch/diglim-keys-tiny-1-1.noarch.rpm
rpmsign --load "$tmp/sign.macros" --addsign "$rpm_file" </dev/null >>"$tmp/err" 2>&1 &&
	rpm -qp --qf '%{RSAHEADER:pgpsig}\n' "$rpm_file" 2>/dev/null | grep -qi "^RSA/SHA256, .*Key ID ${fpr_a: -16}\$"
ok $? "rpmsign --load with the macros file signs the header with RSA/SHA256 and the key"
[ -f "$rpm_file" ] || sed 's/^/# /' "$tmp/err"

rpmkeys --dbpath "$tmp/db" --import "$tmp/a.asc" 2>"$tmp/err" &&
	rpmkeys --dbpath "$tmp/db" --checksig "$rpm_file" 2>&1 | grep -q ': digests signatures OK$'
ok $? "rpmkeys --checksig accepts the package with the armored key imported"

! rpmkeys --dbpath "$tmp/db-empty" --checksig "$rpm_file" >/dev/null 2>&1
ok $? "rpmkeys --checksig refuses it without the key"

# Certification: key B, certified by key A, checked by a third home that
# trusts only A's public key.
fpr_b=$("$keys/diglim-keygen" --homedir "$tmp/b" --name 'Test Repo' \
	--email repo@diglim.invalid --bits 2048 2>"$tmp/err") &&
	"$keys/diglim-key-export" --homedir "$tmp/b" --key "$fpr_b" --pgp "$tmp/b.pgp" &&
	out=$("$keys/diglim-key-certify" --homedir "$tmp/a" --signer "$fpr_a" \
		--key "$tmp/b.pgp" -o "$tmp/b-cert.pgp" 2>>"$tmp/err") &&
	[ "$out" = "$fpr_b" ]
ok $? "diglim-key-certify certifies key B with key A and prints B's fingerprint"

gpg --homedir "$tmp/v" --batch --quiet --import "$tmp/a.pgp" "$tmp/b-cert.pgp" 2>/dev/null
gpg --homedir "$tmp/v" --batch --with-colons --check-sigs "$fpr_b" 2>/dev/null |
	awk -F: -v id="${fpr_a: -16}" '$1 == "sig" && $2 == "!" && $5 == id && $11 == "10x" { f = 1 }
				      END { exit !f }' &&
	packets "$tmp/v" "$tmp/b-cert.pgp" | grep -A2 'sigclass 0x10' | grep -q 'digest algo 8,' &&
	! packets "$tmp/v" "$tmp/b-cert.pgp" | grep -q '^:secret'
ok $? "the certified export carries a valid exportable SHA-256 certification by A, nothing secret"

# --subkey: a signing subkey bound by a SHA-256 binding signature that
# carries the subkey's back-signature, as the kernel requires.
fprs=$("$keys/diglim-keygen" --homedir "$tmp/s" --name 'Test Subkey' \
	--email sub@diglim.invalid --bits 2048 --subkey 2>"$tmp/err") &&
	[ "$(printf '%s\n' "$fprs" | grep -cE '^[0-9A-F]{40}$')" = 2 ] &&
	"$keys/diglim-key-export" --homedir "$tmp/s" --key "${fprs%%$'\n'*}" \
		--pgp "$tmp/s.pgp" 2>>"$tmp/err" &&
	packets "$tmp/v" "$tmp/s.pgp" >"$tmp/s.pkts" &&
	[ "$(grep -c '^:public sub key packet:' "$tmp/s.pkts")" = 1 ] &&
	grep -A1 'sigclass 0x18' "$tmp/s.pkts" | grep -q 'digest algo 8,' &&
	grep -q 'hashed subpkt 27 len 1 (key flags: 02)' "$tmp/s.pkts" &&
	grep -q 'subpkt 32 len .*class 0x19' "$tmp/s.pkts"
ok $? "diglim-keygen --subkey adds a bound RSA signing subkey and prints both fingerprints"
[ -s "$tmp/err" ] && sed 's/^/# /' "$tmp/err"

expect 1 'no secret key' "diglim-key-certify refuses a signer without a secret key" -- \
	"$keys/diglim-key-certify" --homedir "$tmp/v" --signer "$fpr_a" --key-id "$fpr_b" \
	-o "$tmp/none.pgp"

for h in "${homes[@]}"; do
	[ -d "$h" ] && gpgconf --homedir "$h" --kill gpg-agent >/dev/null 2>&1
done
sleep 0.2
! pgrep -f "gpg-agent.*$tmp" >/dev/null &&
	! pgrep -f "keyboxd.*$tmp" >/dev/null
ok $? "no gpg-agent is left running for the test's homes"

tap_done
