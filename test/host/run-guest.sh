#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of test/run-guest's contract (TAP): a guest that never powers
# off ends with 124 after the timeout, a guest that panics with 125, a
# failing test program's status is passed through, Ctrl-C stops everything,
# and no qemu or swtpm process is ever left behind.
#
# Needs DIGLIM_BUILD (meson build dir) and DIGLIM_KERNEL_DIR (a built kernel).
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${DIGLIM_BUILD:-$top/build}
kernel=${DIGLIM_KERNEL_DIR:-}/bzImage
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"

echo "TAP version 13"
tap_plan 8
if [ ! -f "$kernel" ] || [ ! -x "$build/test/guest/badinit" ]; then
	echo "# need DIGLIM_KERNEL_DIR with bzImage and $build/test/guest/badinit"
	for _ in 1 2 3 4 5 6 7 8; do ok 1 "prerequisites"; done
	exit 1
fi

# Everything run-guest creates lives under this directory, so any process
# left behind can be found by it.
export TMPDIR
TMPDIR=$(mktemp -d /tmp/diglim-host-test.XXXXXX)
trap 'pkill -KILL -f "$TMPDIR" 2>/dev/null; rm -rf "$TMPDIR"' EXIT

leftovers() {
	pgrep -a -f "$TMPDIR" | grep -E 'qemu-system|swtpm' || true
}

initrd() {	# initrd NAME: cpio with badinit as /init, or the real init + badinit as a test
	local root="$TMPDIR/root-$1"
	mkdir -p "$root/tests"
	if [ "$1" = fail ]; then
		cp "$build/test/guest/init" "$root/init"
		cp "$build/test/guest/badinit" "$root/tests/10-badinit"
	else
		cp "$build/test/guest/badinit" "$root/init"
	fi
	"$top/test/lib/mkinitramfs" "$root" "$TMPDIR/$1.cpio"
	echo "$TMPDIR/$1.cpio"
}

# 1-2: a guest that never powers off
t0=$(date +%s)
"$top/test/run-guest" --kernel "$kernel" --initrd "$(initrd hang)" --tpm \
	--timeout 10 --quiet >"$TMPDIR/hang.out" 2>&1
st=$? secs=$(( $(date +%s) - t0 ))
[ "$st" = 124 ]; ok $? "a guest that never powers off: exit 124 (got $st after $secs s)"
[ -z "$(leftovers)" ]; ok $? "no qemu or swtpm process left after the timeout"

# 3: a guest whose init exits: kernel panic, no status
"$top/test/run-guest" --kernel "$kernel" --initrd "$(initrd panic)" \
	--append "badinit=exit" --timeout 120 --quiet >"$TMPDIR/panic.out" 2>&1
st=$?
[ "$st" = 125 ]; ok $? "a guest that panics without a status: exit 125 (got $st)"

# 4-6: the init's status passes through; the console is kept in the log;
# run-guest returns when the guest powers off, not at the time limit, also
# when its output goes through a pipe (no helper process holds it open).
t0=$(date +%s)
{ "$top/test/run-guest" --kernel "$kernel" --initrd "$(initrd fail)" --tpm \
	--timeout 120 --log "$TMPDIR/fail.log" 2>&1; echo $? >"$TMPDIR/fail.st"; } |
	cat >"$TMPDIR/fail.out"
st=$(cat "$TMPDIR/fail.st") secs=$(( $(date +%s) - t0 ))
[ "$st" = 1 ]; ok $? "a guest whose test fails: exit 1 (got $st)"
[ "$secs" -lt 100 ] && ! grep -q 'timed out' "$TMPDIR/fail.out"
ok $? "run-guest returns when the guest powers off, through a pipe too ($secs s, limit 120 s)"
grep -q '^not ok 1 - 10-badinit' "$TMPDIR/fail.log" &&
	grep -q 'a check that fails on purpose' "$TMPDIR/fail.out"
ok $? "the console is streamed to stdout and kept in --log"

# 7-8: Ctrl-C (SIGINT) while the guest runs.  A background job of a
# non-interactive shell starts with SIGINT ignored, and bash cannot trap a
# signal ignored at entry: restore the default as a terminal's Ctrl-C has it.
env --default-signal=INT "$top/test/run-guest" --kernel "$kernel" --initrd "$(initrd hang)" --tpm \
	--timeout 300 --quiet >"$TMPDIR/int.out" 2>&1 &
pid=$!
for _ in $(seq 100); do
	pgrep -f "$TMPDIR" | grep -q . && pgrep -f "qemu-system.*$TMPDIR" >/dev/null && break
	sleep 0.1
done
sleep 1
kill -INT "$pid"
wait "$pid"
st=$?
[ "$st" = 130 ]; ok $? "SIGINT stops run-guest with status 130 (got $st)"
[ -z "$(leftovers)" ]; ok $? "no qemu or swtpm process left after SIGINT"

tap_done
