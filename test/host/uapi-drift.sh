#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test (TAP): user space's copy of the DIGLIM user API,
# parser/include/linux/diglim.h, is byte for byte the
# include/uapi/linux/diglim.h that the kernel series adds.  The header must
# be created by one patch of kernel/series and changed by none after it
# (a change of the user API is a change to both copies).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
copy="$top/parser/include/linux/diglim.h"
target=include/uapi/linux/diglim.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "TAP version 13"
echo "1..2"

creator='' others=()
while read -r p; do
	f="$top/kernel/patches/$p"
	grep -q "^+++ b/$target\$" "$f" || continue
	if grep -q "^--- /dev/null\$" "$f" && [ -z "$creator" ] &&
	   grep -B1 "^+++ b/$target\$" "$f" | grep -q '^--- /dev/null$'; then
		creator=$p
	else
		others+=("$p")
	fi
done < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$top/kernel/series")

if [ -z "$creator" ]; then
	echo "ok 1 - a patch of kernel/series creates $target # SKIP no DIGLIM patch in the series yet"
	echo "ok 2 - $copy equals the kernel's $target # SKIP nothing to compare with"
	exit 0
fi
if [ ${#others[@]} -eq 0 ]; then
	echo "ok 1 - $creator creates $target and no later patch changes it"
else
	echo "not ok 1 - $target is changed after $creator by: ${others[*]}"
fi

# The new file's hunk: "+++ b/<target>", "@@ -0,0 +1,N @@", N lines of "+".
awk -v t="+++ b/$target" '
	$0 == t { want = 1; next }
	want && /^@@ -0,0 \+1(,[0-9]+)? @@/ {
		n = 1
		if (match($0, /\+1,[0-9]+/))
			n = substr($0, RSTART + 3, RLENGTH - 3) + 0
		want = 0; take = n; next
	}
	take > 0 { print substr($0, 2); take-- }
' "$top/kernel/patches/$creator" >"$tmp/kernel.h"

if cmp -s "$tmp/kernel.h" "$copy"; then
	echo "ok 2 - parser/include/linux/diglim.h equals $target of $creator"
else
	echo "not ok 2 - parser/include/linux/diglim.h differs from $target of $creator"
	diff -u "$tmp/kernel.h" "$copy" | sed 's/^/# /' || true
	exit 1
fi
[ ${#others[@]} -eq 0 ]
