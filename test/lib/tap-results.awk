# SPDX-License-Identifier: GPL-2.0-only
#
# Turn TAP / KTAP output into one line per counted result:
#   PASS<TAB>name, FAIL<TAB>name or SKIP<TAB>name
#
# Leaves are counted: a result line that has results nested (indented
# deeper) before it is a parent, counted only when it failed while none of
# its children did (a program that crashed after its checks).  Lines of the
# kernel log ("[   1.234567] ...", KUnit) and of user space (the guest
# init, host tests) are two separate streams; set -v stream=kernel or
# stream=user (default user).  Other lines are ignored.
#
# In the user stream, a plan at the top level ("1..N") that does not match
# the number of top-level results adds one FAIL: a program that stopped
# before printing all its results.  A "not ok" with a SKIP directive counts
# as failed.

function emit(kind, name) {
	printf "%s\t%s\n", kind, name
}

BEGIN { if (stream == "") stream = "user" }

{
	line = $0
	sub(/\r$/, "", line)
	is_kernel = match(line, /^\[ *[0-9]+\.[0-9]+\] /)
	if (is_kernel)
		line = substr(line, RLENGTH + 1)
	if ((stream == "kernel") != (is_kernel != 0))
		next
	if (stream == "user" && match(line, /^1\.\.[0-9]+( |$)/)) {
		planned += substr(line, 4) + 0
		plans++
		next
	}
	if (!match(line, /^ *(not )?ok [0-9]+( |$)/))
		next
	indent = match(line, /[^ ]/) - 1
	rest = substr(line, indent + 1)
	failed = (rest ~ /^not ok/)
	sub(/^(not )?ok [0-9]+ *(- )?/, "", rest)
	skip = (rest ~ /# *[Ss][Kk][Ii][Pp]/)
	todo = (rest ~ /# *[Tt][Oo][Dd][Oo]/)
	name = rest
	sub(/ *#.*$/, "", name)

	# Results deeper than this one, not yet claimed, are its children.
	parent = 0
	child_failed = 0
	for (l in pending)
		if (l + 0 > indent) {
			parent += pending[l]
			child_failed += pending_failed[l]
			delete pending[l]
			delete pending_failed[l]
		}
	if (indent == 0)
		top++
	pending[indent]++
	if (failed && !todo)
		pending_failed[indent]++

	if (parent) {
		if (failed && !todo && !child_failed)
			emit("FAIL", name " (exit status)")
	} else if (failed && !todo) {
		emit("FAIL", name)
	} else if (skip) {
		emit("SKIP", name)
	} else {
		emit("PASS", name)
	}
}

END {
	if (plans && top != planned)
		emit("FAIL", sprintf("%d results printed of the %d planned", top, planned))
}
