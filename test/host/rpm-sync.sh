#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of parser/rpm/diglim-rpm-sync, the script the diglim package's
# rpm file triggers run: with stand-ins for `diglim export` (it copies a
# fake database's list files) and `diglim-parser` (it records what it was
# asked), check which lists it deletes, copies and loads, and that an
# export or a comparison that fails deletes nothing.  The guest side (real
# rpm, real kernel) is the demo image's test 20-runtime-install.  TAP.
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
sync="$top/parser/rpm/diglim-rpm-sync"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rpm-sync-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"

mkdir -p "$tmp/bin" "$tmp/sfs/integrity/diglim"
cat >"$tmp/bin/diglim" <<'STUB'
#!/bin/bash
# stand-in for `diglim export --root / -o DIR`
[ "$1" = export ] || exit 3
while [ $# -gt 0 ]; do [ "$1" = -o ] && out=$2; shift; done
cp "$FAKE_DB"/* "$out"/ 2>/dev/null
exit "${FAKE_EXPORT_STATUS:-0}"
STUB
cat >"$tmp/bin/diglim-parser" <<'STUB'
#!/bin/bash
# stand-in for diglim-parser: "OP: the files of DIR" into $FAKE_LOG
echo "$1: $(find "$2" -mindepth 1 -maxdepth 1 ! -name '.*' -printf '%f\n' | LC_ALL=C sort | tr '\n' ' ')" >>"$FAKE_LOG"
STUB
chmod 755 "$tmp/bin/diglim" "$tmp/bin/diglim-parser"
export PATH="$tmp/bin:$PATH" FAKE_DB="$tmp/db" FAKE_LOG="$tmp/calls"
export DIGLIM_SECURITYFS="$tmp/sfs" TMPDIR="$tmp"

A=0-file_list-rpm-a-1-1.x86_64 B=0-file_list-rpm-b-1-1.x86_64 C=0-file_list-rpm-c-1-1.x86_64
P=0-parser_list-compact-diglim-parser

# loaded LABEL...: the kernel holds these lists (digest_lists_loaded/)
loaded() {
	local l

	rm -rf "$tmp/sfs/integrity/diglim/digest_lists_loaded"
	mkdir -p "$tmp/sfs/integrity/diglim/digest_lists_loaded"
	for l in "$@"; do
		: >"$tmp/sfs/integrity/diglim/digest_lists_loaded/sha256-0123abcd-$l"
		: >"$tmp/sfs/integrity/diglim/digest_lists_loaded/sha256-0123abcd-$l.ascii"
	done
}

# setup: the database holds a and b; the lists directory a, c and the
# parser's compact list, all three loaded
setup() {
	rm -rf "$tmp/db" "$tmp/lists" "$tmp/calls"
	mkdir -p "$tmp/db" "$tmp/lists"
	loaded "$A" "$C" "$P"
	echo a >"$tmp/db/$A"
	echo b >"$tmp/db/$B"
	echo a >"$tmp/lists/$A"
	echo c >"$tmp/lists/$C"
	echo p >"$tmp/lists/$P"
	: >"$tmp/calls"
}
files() {
	find "$tmp/lists" -mindepth 1 -maxdepth 1 -printf '%f\n' | LC_ALL=C sort | tr '\n' ' '
}

tap_plan 13
setup
"$sync" "$tmp/lists" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && [ "$(files)" = "$A $B $P " ] && [ "$(cat "$tmp/lists/$B")" = b ]
ok $? "a package removed (c) and one installed (b): the directory follows the database (exit $st)"
[ "$(cat "$tmp/calls")" = "del: $C 
add: $B " ]
ok $? "c's list is deleted from the kernel alone, then b's alone is added"

setup
echo a2 >"$tmp/db/$A"
"$sync" "$tmp/lists" 2>"$tmp/err"
[ "$(cat "$tmp/lists/$A")" = a2 ] && grep -q "^del: $A $C $" "$tmp/calls" &&
	grep -q "^add: $A $B $" "$tmp/calls"
ok $? "a changed header (a): the old list is deleted, the new one copied and added"

setup
echo b >"$tmp/lists/$B"
loaded "$A" "$B" "$C"
"$sync" "$tmp/lists" 2>"$tmp/err"
grep -q "^add: $P $" "$tmp/calls"
ok $? "a list of the directory the kernel does not hold (an earlier failure) is added again"

setup
echo b >"$tmp/lists/$B"
loaded "$A" "$B" "$C" "$P"
"$sync" "$tmp/lists" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && [ "$(cat "$tmp/calls")" = "del: $C " ] && grep -q 'every list file of .* is loaded' "$tmp/err"
ok $? "every list of the directory loaded: no add at all (exit $st)"

setup
rm -rf "$tmp/sfs/integrity/diglim/digest_lists_loaded"
"$sync" "$tmp/lists" 2>"$tmp/err"
grep -q "^add: $A $B $P $" "$tmp/calls"
ok $? "the loaded lists cannot be listed: the whole directory is added"

setup
FAKE_EXPORT_STATUS=1 "$sync" "$tmp/lists" 2>"$tmp/err"
st=$?
[ "$st" = 1 ] && [ -f "$tmp/lists/$C" ] && ! grep -q '^del' "$tmp/calls" &&
	grep -q 'diglim export failed: no list deleted' "$tmp/err"
ok $? "the export fails: nothing deleted, exit 1"
[ -f "$tmp/lists/$B" ] && grep -q '^add' "$tmp/calls"
ok $? "and what it exported is added all the same"

setup
printf '#!/bin/sh\nexit 1\n' >"$tmp/bin/sha256sum"
chmod 755 "$tmp/bin/sha256sum"
"$sync" "$tmp/lists" 2>"$tmp/err"
st=$?
rm -f "$tmp/bin/sha256sum"
[ "$st" = 1 ] && [ -f "$tmp/lists/$C" ] && [ "$(cat "$tmp/lists/$A")" = a ] &&
	! grep -q '^del' "$tmp/calls" && grep -q 'cannot compare' "$tmp/err"
ok $? "a comparison that cannot be made: nothing deleted, exit 1"

setup
DIGLIM_SECURITYFS="$tmp/none" "$sync" "$tmp/lists" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && [ "$(files)" = "$A $B $P " ] && [ ! -s "$tmp/calls" ] &&
	grep -q 'no DIGLIM in this kernel' "$tmp/err"
ok $? "no DIGLIM in the kernel (rpm --root): the directory is brought in step, nothing loaded"

"$sync" "$tmp/lists" extra 2>/dev/null
st1=$?
"$sync" "$tmp/missing" 2>/dev/null
st2=$?
[ "$st1" = 2 ] && [ "$st2" = 2 ]
ok $? "usage errors: two arguments, a missing directory (exit 2)"

setup
rm "$tmp/db"/*
"$sync" "$tmp/lists" 2>"$tmp/err"
[ "$(files)" = "$P " ] && grep -q "^del: $A $C $" "$tmp/calls"
ok $? "every package gone: every rpm list deleted, the compact list kept"

setup
Q=0-file_list-compact-python3-rpm-4.18
echo q >"$tmp/lists/$Q"
"$sync" "$tmp/lists" 2>"$tmp/err"
[ "$(files)" = "$Q $A $B $P " ] && [ "$(cat "$tmp/calls")" = "del: $C 
add: $Q $B " ]
ok $? "a compact list whose name holds -rpm- is not taken for a package's list"
tap_done
