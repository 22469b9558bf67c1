#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Key flags with keys GnuPG makes and changes (TAP): parser/tools/README.md
# R4 (the newest binding decides) and R6 (the primary key's key flags), the
# rules of kernel patch 0058.
#   - A primary key made [SC] signs a list, then gpg's change-usage leaves
#     it [C]: with the export from before, the list verifies; with the
#     export from after (and with both self-signatures, either order), it
#     FAILs, while a list signed by its signing subkey verifies with both.
#   - A signing subkey signs a list, then change-usage makes it [E]: with
#     the old binding and the new one in the keyring (either order), the
#     newest decides and the list FAILs; with the export from before, OK.
# GnuPG's verdict on the same signatures is asserted alongside: "Wrong key
# usage" (ERRSIG, code 125) where diglim FAILs.
#
# The keys are made, and the lists signed, with gpg's clock an hour back
# (faked-system-time in gpg.conf), and changed at the real time, so that
# the new self-signature or binding is the newer one by its creation time,
# not only by its place in the data.
#
# usage: keyflags-gpg.sh DIGLIM
set -u

diglim=$1
command -v gpg >/dev/null || { echo "1..0 # SKIP gpg not installed"; exit 77; }

# shellcheck source=test/lib/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../../test/lib/tap.sh"
# shellcheck source=parser/tools/tests/gpg-tmp.sh
. "$(dirname "${BASH_SOURCE[0]}")/gpg-tmp.sh" keyflags

show() { sed 's/^/#   /' "$@"; }
lc() { printf '%s' "$1" | tr 'A-F' 'a-f'; }

# g HOME ARGS...: gpg in HOME, no questions, no passphrase.
g() {
	local h=$1
	shift
	gpg --homedir "$h" --batch --no-tty --pinentry-mode loopback --passphrase '' "$@"
}
# fprs HOME: the primary key's fingerprint, then each subkey's, one a line.
fprs() {
	g "$1" --with-colons --list-keys |
		awk -F: '$1 == "pub" || $1 == "sub" { k = 1; next } k && $1 == "fpr" { print $10; k = 0 }'
}
# usage_of HOME: the key's own capabilities, primary key first ("c e").
usage_of() {
	g "$1" --with-colons --list-keys | awk -F: '$1 == "pub" || $1 == "sub" { print $12 }' |
		tr -d '[:upper:]' | tr '\n' ' ' | sed 's/ $//'
}
# sign_list HOME KEY NAME: a compact list signed by KEY in $tmp/NAME/.
sign_list() {
	mkdir -p "$tmp/$2-$3" &&
	"$diglim" compact --file "$tmp/data" -o "$tmp/$2-$3/0-file_list-compact-$3" \
		--sign "$2!" --gpg-homedir "$1"
}
# merged OUT FIRST SECOND: gpg's merge of two exports of one key (the
# signatures of FIRST, then those SECOND adds), in a fresh home.
merged() {
	local h=$tmp/gpg-merge-${1##*/}
	mkdir -m 0700 "$h" &&
	g "$h" --import "$2" "$3" &&
	g "$h" --export >"$1"
}
# swap IN OUT TAG: IN with the two signature packets right after the
# first packet with tag TAG (13: user ID, 14: subkey) in the other order.
swap() {
	python3 - "$(dirname "${BASH_SOURCE[0]}")" "$@" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from pgp_packets import split
src, dst, tag = sys.argv[2], sys.argv[3], int(sys.argv[4])
pkts = split(open(src, 'rb').read())
k = next(k for k, p in enumerate(pkts) if p[0] == tag)
assert [p[0] for p in pkts[k + 1:k + 4]][:2] == [2, 2], 'not two signatures after the packet'
assert k + 3 >= len(pkts) or pkts[k + 3][0] != 2, 'more than two signatures after the packet'
pkts[k + 1], pkts[k + 2] = pkts[k + 2], pkts[k + 1]
open(dst, 'wb').write(b''.join(p[1] for p in pkts))
PY
}
# nsigs KEYRING TAG: how many signature packets follow the first TAG packet.
nsigs() {
	g "$tmp/gpg-view" --list-packets "$1" 2>/dev/null | awk -v want="$2" '
		/^:user ID packet:/ { cur = 13 } /^:public sub key packet:/ { cur = 14 }
		/^:public key packet:/ { cur = 6 }
		/^:signature packet:/ { if (cur == want && !done) n++; next }
		/^:/ { if (n) done = 1 }
		END { print n + 0 }'
}
# gpg_verdict KEYRING LIST: GnuPG's status for the list's signature with
# only KEYRING's keys: "GOODSIG" or "ERRSIG <code>" (125: wrong key usage).
gpg_verdict() {
	local h=$tmp/gpg-verdict
	[ -d "$h" ] && gpgconf --homedir "$h" --kill gpg-agent >/dev/null 2>&1
	rm -rf "$h"
	mkdir -m 0700 "$h"
	g "$h" --import "$1" >/dev/null 2>&1
	python3 - "$2" "$tmp/list.data" "$tmp/list.sig" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
magic = b'~Module signature appended~\n'
assert d.endswith(magic)
n = int.from_bytes(d[-len(magic) - 4:-len(magic)], 'big')
end = len(d) - len(magic) - 12
open(sys.argv[2], 'wb').write(d[:end - n])
open(sys.argv[3], 'wb').write(d[end - n:end])
PY
	g "$h" --status-fd 1 --verify "$tmp/list.sig" "$tmp/list.data" 2>/dev/null |
		awk '$2 == "GOODSIG" { print "GOODSIG"; exit } $2 == "ERRSIG" { print "ERRSIG", $8; exit }'
}
# check NAME KEYRING LIST WANT GNUPG [PATTERN...]: diglim verify exits
# WANT (0 OK, 1 FAIL) with every PATTERN in its output, and GnuPG's
# verdict on the list's signature with KEYRING is GNUPG.
check() {
	local name=$1 kr=$2 list=$3 want=$4 gv=$5 st p good=0 v
	shift 5
	"$diglim" verify --keyring "$kr" "$list" >"$tmp/verify.out" 2>&1
	st=$?
	[ "$st" = "$want" ] || good=1
	for p in "$@"; do grep -Eq -- "$p" "$tmp/verify.out" || good=1; done
	v=$(gpg_verdict "$kr" "$list/0-file_list-compact-${list##*-}")
	[ "$v" = "$gv" ] || good=1
	ok $good "$name (diglim exit $st, GnuPG $v)"
	[ $good = 0 ] || show "$tmp/verify.out"
}

echo "TAP version 13"
mkdir -m 0700 "$tmp/gpg-view"
echo 'diglim key flags' >"$tmp/data"
past=$(($(date +%s) - 3600))

# changed_key TAG UID EDIT AFTER CLASS: in $tmp/gpg-TAG, with gpg's clock an
# hour back, a key UID made [SC] with a signing subkey and a list signed by
# each (sign_list); then, at the real time, the edit-key commands EDIT,
# which leave the key's capabilities AFTER (usage_of).  Exports
# $tmp/TAG-before.pgp, $tmp/TAG-after.pgp, $tmp/TAG-both.pgp (gpg's merge
# of the two) and $tmp/TAG-swapped.pgp (its two signatures of class CLASS
# in the other order).  The fingerprints, primary key first, are left in
# the array kf; the step is one TAP point, described by the global what.
changed_key() {
	local tag=$1 uid=$2 edit=$3 after=$4 class=$5 h=$tmp/gpg-$1 st

	mkdir -m 0700 "$h"
	echo "faked-system-time $past" >"$h/gpg.conf"
	{
		g "$h" --quick-gen-key "$uid" rsa2048 sign,cert never &&
		mapfile -t kf < <(fprs "$h") &&
		g "$h" --quick-add-key "${kf[0]}" rsa2048 sign never &&
		mapfile -t kf < <(fprs "$h") && [ "${#kf[@]}" = 2 ] &&
		sign_list "$h" "${kf[0]}" prim && sign_list "$h" "${kf[1]}" sub &&
		g "$h" --export "${kf[0]}" >"$tmp/$tag-before.pgp" &&
		[ "$(usage_of "$h")" = "sc s" ] &&
		rm "$h/gpg.conf" &&
		gpgconf --homedir "$h" --kill gpg-agent &&
		printf '%b' "$edit" | g "$h" --command-fd 0 --status-fd 2 --edit-key "${kf[0]}" &&
		[ "$(usage_of "$h")" = "$after" ] &&
		g "$h" --export "${kf[0]}" >"$tmp/$tag-after.pgp" &&
		merged "$tmp/$tag-both.pgp" "$tmp/$tag-before.pgp" "$tmp/$tag-after.pgp" &&
		[ "$(nsigs "$tmp/$tag-both.pgp" "$class")" = 2 ] &&
		swap "$tmp/$tag-both.pgp" "$tmp/$tag-swapped.pgp" "$class"
	} >"$tmp/$tag.log" 2>&1
	st=$?
	gpgconf --homedir "$h" --kill gpg-agent 2>/dev/null
	ok $st "$what"
	[ $st = 0 ] || show "$tmp/$tag.log"
	kf=("${kf[@]:-x}" x)
}

# --- the primary key: [SC], then [C] ----------------------------------------
what="a key made [SC] with a signing subkey, lists signed by each, then gpg changed it to [C]"
changed_key p 'Flags P <p@diglim.invalid>' 'change-usage\nS\nQ\nsave\n' "c s" 13
pf=("${kf[@]}")
pl=$tmp/${pf[0]}-prim sl=$tmp/${pf[1]}-sub

check "the primary-signed list with the export from before: OK" "$tmp/p-before.pgp" "$pl" 0 GOODSIG \
	'^OK .*key ID'
cant="the issuer's primary key may only certify \(its key flags do not allow signing\) \(key $(lc "${pf[0]}")\)$"
for k in after both swapped; do
	case $k in
	after) what="the export from after the change" ;;
	both) what="both self-signatures (gpg's merge: the newer one last)" ;;
	*) what="both self-signatures, the newer one first" ;;
	esac
	check "the primary-signed list with $what: FAIL, the key may only certify" \
		"$tmp/p-$k.pgp" "$pl" 1 "ERRSIG 125" "^FAIL .*-prim: $cant"
done
for k in before after both; do
	check "the subkey-signed list with the $k export: OK" "$tmp/p-$k.pgp" "$sl" 0 GOODSIG \
		'^OK .*, subkey\)$'
done

# --- the subkey: [S], then [E] ----------------------------------------------
what="a key with a signing subkey, lists signed by each, then gpg changed the subkey to [E]"
changed_key s 'Flags S <s@diglim.invalid>' 'key 1\nchange-usage\nS\nE\nQ\nsave\n' "sc e" 14
sf=("${kf[@]}")
pl=$tmp/${sf[0]}-prim sl=$tmp/${sf[1]}-sub

check "the subkey-signed list with the export from before: OK" "$tmp/s-before.pgp" "$sl" 0 GOODSIG \
	'^OK .*, subkey\)$'
unb="not bound to its primary key for signing: the binding signature's key flags do not allow signing \(subkey $(lc "${sf[1]}")\)$"
for k in both swapped; do
	case $k in
	both) what="the old [S] binding and the newer [E] one (gpg's merge: the newer last)" ;;
	*) what="the newer [E] binding first and the old [S] one after it" ;;
	esac
	check "the subkey-signed list with $what: FAIL, the newest binding decides" \
		"$tmp/s-$k.pgp" "$sl" 1 "ERRSIG 125" "^FAIL .*-sub: .*$unb"
	check "the primary-signed list with $what: OK" "$tmp/s-$k.pgp" "$pl" 0 GOODSIG '^OK .*key ID'
done

tap_done
