#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# diglim-parser on a header that rpm itself wrote: build a small package
# with rpmbuild, take its HEADERIMMUTABLE region as an rpm list file, and
# check that the converted list holds exactly the digests rpm reports, in
# the right blocks. Prints TAP.
#
# usage: test-rpmbuild.sh PARSER
set -euo pipefail

parser=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/diglim-rpmbuild.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck source=test/lib/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../test/lib/tap.sh"

if ! command -v rpmbuild >/dev/null; then
	echo "1..0 # SKIP rpmbuild missing (apt-get install rpm)"
	exit 77
fi

cat >"$work/tiny.spec" <<'SPEC'
Name: tiny
Version: 1.0
Release: 1
Summary: a package for diglim-parser's test
License: MIT
BuildArch: x86_64
%description
A package for diglim-parser's test.
%install
mkdir -p %{buildroot}/usr/bin %{buildroot}/etc %{buildroot}/usr/lib64 %{buildroot}/usr/share/tiny
printf '#!/bin/sh\necho hi\n' > %{buildroot}/usr/bin/tiny
chmod 755 %{buildroot}/usr/bin/tiny
echo conf > %{buildroot}/etc/tiny.conf
echo lib > %{buildroot}/usr/lib64/libtiny.so.1
ln -s libtiny.so.1 %{buildroot}/usr/lib64/libtiny.so
echo data > %{buildroot}/usr/share/tiny/data
: > %{buildroot}/usr/share/tiny/empty
%files
/usr/bin/tiny
%config /etc/tiny.conf
/usr/lib64/libtiny.so.1
/usr/lib64/libtiny.so
/usr/share/tiny
%ghost /var/log/tiny.log
SPEC
rpmbuild --define "_topdir $work/rpmbuild" --define '_build_id_links none' \
	-bb "$work/tiny.spec" >"$work/rpmbuild.log" 2>&1 ||
	{ sed 's/^/# /' "$work/rpmbuild.log"; ok 1 "rpmbuild builds the package"; tap_done; exit 1; }
pkg="$work/rpmbuild/RPMS/x86_64/tiny-1.0-1.x86_64.rpm"
ok 0 "rpmbuild builds the package"

mkdir -p "$work/lists" "$work/out" "$work/out-x"
list="$work/lists/0-file_list-rpm-tiny-1.0-1.x86_64"
{ printf '\x8e\xad\xe8\x01\x00\x00\x00\x00'; rpm -qp --qf '%{HEADERIMMUTABLE}' "$pkg" | xxd -r -p; } >"$list"

st=0; "$parser" convert "$list" -o "$work/out" 2>"$work/err" || st=$?
ok "$st" "convert accepts rpm's own header"
st=0; "$parser" --exec-only convert "$list" -o "$work/out-x" 2>>"$work/err" || st=$?
ok "$st" "convert --exec-only too"

# rpm's view: regular, non-ghost files with a digest; %config separately
rpm -qp --qf '[%{FILEDIGESTS}|%{FILEFLAGS:fflags}|%{FILEMODES:perms}|%{FILENAMES}\n]' "$pkg" \
	>"$work/rpm-files"
want() { # want all|exec -> "immutable-hex... | config-hex..."
	awk -F'|' -v sel="$1" '$1 != "" && $3 ~ /^-/ && $2 !~ /g/ {
		ex = ($3 ~ /x/ || $4 ~ /\.so(\.[0-9][0-9.]*)?$/)
		if (sel == "exec" && !ex) next
		if ($2 ~ /c/) c = c $1; else i = i $1
	} END { print i "|" c }' "$work/rpm-files"
}
# the list's view: block 1 (modifiers 1) digests | block 2 (modifiers 0)
got() {
	python3 - "$1" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
pos, parts = 0, {1: "", 0: ""}
while pos < len(b):
    _, _, typ, mods, algo, count, datalen = struct.unpack_from("<BBHHHII", b, pos)
    assert typ == 1 and algo == 4, (typ, algo)
    parts[mods] += b[pos + 16:pos + 16 + datalen].hex()
    pos += 16 + datalen
print(parts[1] + "|" + parts[0])
PY
}
out="$work/out/0-file_list-compact-tiny-1.0-1.x86_64"
out_x="$work/out-x/0-file_list-compact-tiny-1.0-1.x86_64"
check() { # check DESCRIPTION COMMAND...
	local d=$1
	shift
	if "$@"; then ok 0 "$d"; else ok 1 "$d"; fi
}
all=$(want all) exec_sel=$(want exec)
check "sha256 digests and %config block match rpm -qp" [ "$(got "$out")" = "$all" ]
check "--exec-only keeps /usr/bin/tiny and libtiny.so.1 only" [ "$(got "$out_x")" = "$exec_sel" ]
# sanity of the expectations themselves
cfg=${all#*|}
check "rpm lists 5 digests" [ "${#all}" -eq $((5 * 64 + 1)) ]
check "of which one is %config" [ "${#cfg}" -eq 64 ]
check "the exec selection has exactly two digests, no %config one" \
	[ "${#exec_sel}" -eq $((2 * 64 + 1)) ]

tap_done
