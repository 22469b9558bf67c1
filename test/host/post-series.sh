#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of kernel/post-series.sh (TAP): the posting of kernel/series
# has a cover letter "[PATCH v4 00/N]" with kernel/cover-letter.txt's
# subject and text and a shortlog of the N patches, then the N patches in
# series order, numbered 01/N .. N/N, each with its committed subject and
# the same change as the committed patch (equal git patch-id); a series
# entry that does not apply fails with its name.  Uses the pristine tree
# that kernel/build.sh keeps in its cache.
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"
tmp=$(mktemp -d /tmp/diglim-post-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

entries=()
while read -r p; do
	entries+=("$p")
done < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$top/kernel/series")
total=${#entries[@]}
width=${#total}

# subject FILE: the subject of a patch mail, without its [PATCH ...] prefix.
subject() {
	git mailinfo -k "$tmp/msg" "$tmp/patch" <"$1" 2>/dev/null |
		sed -n 's/^Subject: //p' | sed 's/^\[PATCH[^]]*\] *//'
}

# patch_id FILE: git's stable patch id of the change a patch mail makes.
patch_id() {
	git patch-id --stable <"$1" | cut -d' ' -f1
}

"$top/kernel/post-series.sh" -o "$tmp/out" >"$tmp/stdout" 2>"$tmp/stderr"
st=$?
ok "$st" "kernel/post-series.sh writes the posting (exit $st)"
[ "$st" = 0 ] || sed 's/^/# /' "$tmp/stderr"

letter=$(tail -n 1 "$tmp/stdout")
files=("$tmp"/out/v4-*.patch)
ok "$([ ${#files[@]} = $((total + 1)) ] && echo 0)" \
	"it wrote the cover letter and the $total patches of kernel/series (${#files[@]} files)"

want="[PATCH v4 $(printf "%0${width}d" 0)/$total] $(head -n 1 "$top/kernel/cover-letter.txt")"
got=$(sed -n 's/^Subject: //p' "$letter" 2>/dev/null | head -n 1)
ok "$([ "$got" = "$want" ] && echo 0)" "the cover letter's subject is '$want'"

st=0
grep -q '\*\*\*' "$letter" 2>/dev/null && st=1
grep -qF "$(sed -n 4p "$top/kernel/cover-letter.txt")" "$letter" 2>/dev/null || st=1
ok "$st" "the cover letter holds kernel/cover-letter.txt's text and no placeholder"

shortlog=$(grep -cE '^  [a-zA-Z/_.-]+: ' "$letter" 2>/dev/null)
ok "$([ "$shortlog" = "$total" ] && echo 0)" \
	"the cover letter's shortlog names $total patches ($shortlog)"

bad_subject=() bad_id=()
for i in "${!entries[@]}"; do
	k=$((i + 1))
	committed="$top/kernel/patches/${entries[$i]}"
	found=("$(printf '%s/out/v4-%04d-' "$tmp" "$k")"*.patch)
	posted=${found[0]}
	if [ ! -f "$posted" ]; then
		bad_subject+=("$k") bad_id+=("$k")
		continue
	fi
	want="[PATCH v4 $(printf "%0${width}d" "$k")/$total]"
	head=$(sed -n '/^Subject: /{s/^Subject: //;p;q}' "$posted")
	[[ $head == "$want "* ]] && [ "$(subject "$posted")" = "$(subject "$committed")" ] ||
		bad_subject+=("$k")
	[ "$(patch_id "$posted")" = "$(patch_id "$committed")" ] || bad_id+=("$k")
done
ok "${#bad_subject[@]}" "every patch is numbered NN/$total in series order with its committed subject${bad_subject:+ (not: ${bad_subject[*]})}"
ok "${#bad_id[@]}" "every posted patch makes the committed patch's change (git patch-id)${bad_id:+ (not: ${bad_id[*]})}"

# A series whose entry does not apply (the first patch again: its files
# exist) is refused, naming the entry.
mkdir -p "$tmp/bad/patches"
cp "$top/kernel/patches/${entries[0]}" "$tmp/bad/patches/"
cp "$top/kernel/patches/${entries[0]}" "$tmp/bad/patches/again.patch"
printf '%s\nagain.patch\n' "${entries[0]}" >"$tmp/bad/series"
"$top/kernel/post-series.sh" --series "$tmp/bad/series" -o "$tmp/bad/out" \
	>/dev/null 2>"$tmp/bad/stderr"
st=$?
ok "$([ "$st" = 1 ] && grep -q 'again.patch (series entry 2) does not apply' "$tmp/bad/stderr" && echo 0)" \
	"a series entry that does not apply fails (exit $st) and is named"

tap_done
