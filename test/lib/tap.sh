# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash
#
# TAP for the shell tests. Source this file, then:
#   tap_plan N              print the plan "1..N" first (optional)
#   ok STATUS DESCRIPTION   one test point: "ok K - DESCRIPTION" when STATUS
#                           is 0, "not ok K - DESCRIPTION" otherwise
#   tap_done                print the plan "1..K" unless tap_plan did;
#                           returns 0 when every point passed, else 1
# tap_n holds the points so far, tap_failed the failed ones.

tap_n=0 tap_failed=0 tap_planned=0

tap_plan() {
	echo "1..$1"
	tap_planned=1
}

ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

tap_done() {
	[ "$tap_planned" = 1 ] || echo "1..$tap_n"
	[ "$tap_failed" = 0 ]
}
