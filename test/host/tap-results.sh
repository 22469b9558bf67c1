#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of test/lib/tap-results.awk, which turns the TAP and KTAP that
# every step prints into the results test/run counts: leaves and parents,
# the two streams of a guest console, skips, and a plan that the results
# do not fill (a program that stopped part way).  TAP.
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
awk_prog="$top/test/lib/tap-results.awk"
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"

# results [STREAM]: standard input through the script, one line per result
results() {
	awk -v stream="${1:-user}" -f "$awk_prog" | tr '\t' ' '
}

# expect INPUT WANT DESCRIPTION: the user stream of INPUT (printf format)
# gives the results WANT, one per line
expect() {
	local out

	out=$(printf "$1" | results)
	[ "$out" = "$(printf "$2")" ]
	ok $? "$3"
}

tap_plan 8

expect '1..2\nok 1 - a\nnot ok 2 - b\n' 'PASS a\nFAIL b' \
	"a plan filled: one result per line"
expect '1..3\nok 1 - a\nok 2 - b\n' 'PASS a\nPASS b\nFAIL 2 results printed of the 3 planned' \
	"a plan not filled: one more failure"
expect 'ok 1 - a\nok 2 - b\n1..2\n' 'PASS a\nPASS b' "a plan at the end"
expect 'ok 1 - a\nok 2 - b\n' 'PASS a\nPASS b' "no plan: the results alone"
expect '1..2\nok 1 - a # SKIP no TPM\nnot ok 2 - b # SKIP no TPM\n' 'SKIP a\nFAIL b' \
	"ok with SKIP is a skip, not ok with SKIP a failure"
expect '1..1\n    1..2\n    ok 1 - x\n    ok 2 - y\nnot ok 1 - prog\n' \
	'PASS x\nPASS y\nFAIL prog (exit status)' \
	"a parent failed with every child passed: counted once, as its exit status"
expect '1..1\n    1..1\n    not ok 1 - x\nnot ok 1 - prog\n' 'FAIL x' \
	"a parent failed because a child did: only the child counts"

log='[    1.000000] KTAP version 1
[    1.000001] 1..1
[    1.000002]     1..1
[    1.000003]     ok 1 test_a
[    1.000004] ok 1 suite
1..2
ok 1 - user a
ok 2 - user b'
out="$(results kernel <<<"$log")|$(results user <<<"$log")"
[ "$out" = "PASS test_a|PASS user a
PASS user b" ]
ok $? "the kernel stream and the user stream of one console are counted apart"

tap_done
