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
	pending[indent]++
	if (failed && !todo)
		pending_failed[indent]++

	if (parent) {
		if (failed && !todo && !child_failed)
			emit("FAIL", name " (exit status)")
	} else if (skip) {
		emit("SKIP", name)
	} else if (failed && !todo) {
		emit("FAIL", name)
	} else {
		emit("PASS", name)
	}
}
