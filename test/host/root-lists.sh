#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test (TAP) of dracut/90diglim/diglim-root-lists.sh, the pre-pivot
# hook that brings the kernel's lists in step with the root's
# /etc/diglim: sourced as dracut sources it (dash, with dracut's info and
# warn), with a stand-in diglim-parser that records which files each add
# and del was given, against fake initramfs and root directories.  The
# real hook in a real boot is checked by test/run's second boot of the
# demo image.
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
hook=$top/dracut/90diglim/diglim-root-lists.sh
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"
tmp=$(mktemp -d /tmp/diglim-root-lists-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/bin"
# The stand-in parser: "add DIR" or "del DIR" records the names of DIR's
# files in $tmp/calls; DIGLIM_TEST_FAIL=add (or del) makes that one fail.
cat >"$tmp/bin/diglim-parser" <<'EOF'
#!/bin/sh
printf '%s' "$1:" >>"$DIGLIM_TEST_CALLS"
for f in "$2"/*; do printf ' %s' "${f##*/}" >>"$DIGLIM_TEST_CALLS"; done
echo >>"$DIGLIM_TEST_CALLS"
[ "${DIGLIM_TEST_FAIL:-}" != "$1" ]
EOF
chmod +x "$tmp/bin/diglim-parser"

# setup: a fresh case directory with the initramfs' lists (init/), the
# root's (root/etc/diglim/), securityfs with the DIGLIM interface, /run.
setup() {
	case_dir=$tmp/case$tap_n
	rm -rf "$case_dir"
	mkdir -p "$case_dir/init" "$case_dir/root/etc/diglim" "$case_dir/run" \
		"$case_dir/sfs/integrity/diglim"
	: >"$case_dir/calls"
}

# list DIR NAME [CONTENT]: a list file
list() {
	printf '%s\n' "${3:-$2}" >"$1/$2"
}

# run_hook: source the hook as dracut does; its messages go to $case_dir/log
run_hook() {
	(cd "$case_dir" && find init root -type f -exec sha256sum {} + | sort) >"$case_dir/before"
	# shellcheck disable=SC2016 # the hook's path is expanded by dash
	env PATH="$tmp/bin:$PATH" NEWROOT="$case_dir/root" DIGLIM_LISTS="$case_dir/init" \
		DIGLIM_RUNDIR="$case_dir/run" SECURITYFSDIR="$case_dir/sfs" \
		DIGLIM_TEST_CALLS="$case_dir/calls" DIGLIM_TEST_FAIL="${fail:-}" \
		dash -c 'info() { echo "info: $*"; }; warn() { echo "warn: $*"; }; . "$1"' \
		sh "$hook" >"$case_dir/log" 2>&1
}

# untouched: the hook wrote nothing in either list directory, left nothing in /run
untouched() {
	(cd "$case_dir" && find init root -type f -exec sha256sum {} + | sort) >"$case_dir/after"
	cmp -s "$case_dir/before" "$case_dir/after" && [ -z "$(ls -A "$case_dir/run")" ]
}

# calls_are TEXT: the parser calls, one per line
calls_are() {
	[ "$(cat "$case_dir/calls")" = "$1" ]
}

has() {
	grep -qF -- "$1" "$case_dir/log"
}

show() {
	sed 's/^/# /' "$case_dir/log" "$case_dir/calls"
}

a=0-file_list-rpm-a-1-1.x86_64
b=0-file_list-rpm-b-1-1.x86_64
c=0-file_list-rpm-c-1-1.x86_64
p=0-parser_list-compact-diglim-parser

# 1. the root as the initramfs was made: nothing read again
setup
for d in "$case_dir/init" "$case_dir/root/etc/diglim"; do
	list "$d" "$a"; list "$d" "$b"; list "$d" "$p"
done
run_hook
calls_are "" && has "info: diglim: 0 list file(s) of $case_dir/root/etc/diglim to load, 0 of the initramfs to delete" &&
	untouched
ok $? "a root whose lists are the initramfs': no add, no del, nothing written" || show

# 2. a package installed (c) and one removed (b) since the initramfs
setup
list "$case_dir/init" "$a"; list "$case_dir/init" "$b"; list "$case_dir/init" "$p"
list "$case_dir/root/etc/diglim" "$a"; list "$case_dir/root/etc/diglim" "$c"
list "$case_dir/root/etc/diglim" "$p"
run_hook
calls_are "add: $c
del: $b" && has "info: diglim: 1 list file(s) of $case_dir/root/etc/diglim to load, 1 of the initramfs to delete" &&
	untouched
ok $? "an installed package's list is added, a removed one's deleted, the others not read" || show

# 3. a list of the same name with other content: the root's added, the
# initramfs' deleted
setup
list "$case_dir/init" "$a"; list "$case_dir/root/etc/diglim" "$a" "rebuilt"
run_hook
calls_are "add: $a
del: $a" && untouched
ok $? "a list file changed under the same name: the root's added, the initramfs' deleted" || show

# 4. the root's parser list changed: added; compact lists are never deleted
setup
list "$case_dir/init" "$a"; list "$case_dir/init" "$p"
list "$case_dir/root/etc/diglim" "$a"; list "$case_dir/root/etc/diglim" "$p" "new parser"
run_hook
calls_are "add: $p" && untouched
ok $? "a changed compact list is added, the initramfs' compact list kept" || show

# 5. an add that fails: nothing deleted
setup
list "$case_dir/init" "$b"; list "$case_dir/root/etc/diglim" "$c"
fail=add run_hook
calls_are "add: $c" && has "warn: diglim: not every list of" &&
	has "no list of the initramfs deleted" && untouched
ok $? "when an add fails, no list of the initramfs is deleted" || show

# 6. a root whose directory holds no rpm list (nothing maintains it):
# nothing deleted
setup
list "$case_dir/init" "$a"; list "$case_dir/init" "$p"; list "$case_dir/root/etc/diglim" "$p"
run_hook
calls_are "" && untouched
ok $? "a root with no rpm list file deletes none of the initramfs' lists" || show

# 7. a del that fails is reported, and the boot goes on
setup
list "$case_dir/init" "$a"; list "$case_dir/init" "$b"; list "$case_dir/root/etc/diglim" "$a"
fail=del run_hook
st=$?
calls_are "del: $b" && has "warn: diglim: not every list of the initramfs" && [ "$st" = 0 ] && untouched
ok $? "a del that fails is reported, the hook returns 0" || show

# 8. no DIGLIM interface, or no lists directory in the root: nothing
setup
list "$case_dir/init" "$a"; list "$case_dir/root/etc/diglim" "$c"
rmdir "$case_dir/sfs/integrity/diglim"
run_hook
calls_are "" && has "info: diglim: no DIGLIM interface" && untouched
ok $? "without the DIGLIM interface in securityfs, nothing is loaded" || show
setup
list "$case_dir/init" "$a"
rm -rf "$case_dir/root/etc/diglim"
run_hook
calls_are "" && [ ! -s "$case_dir/log" ] && untouched
ok $? "a root without /etc/diglim: nothing, silently" || show

# 9. an empty initramfs directory: every list of the root is added
setup
list "$case_dir/root/etc/diglim" "$a"; list "$case_dir/root/etc/diglim" "$p"
run_hook
calls_are "add: $a $p" && untouched
ok $? "an initramfs with no list: every list of the root is added" || show

tap_done
