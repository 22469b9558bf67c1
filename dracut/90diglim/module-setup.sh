#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# dracut module 90diglim: the reference values of IMA appraisal from the
# first exec.  The kernel (CONFIG_DIGLIM_LOADER) adds the compact lists of
# the initramfs' /etc/diglim before it runs init, then runs the static
# /usr/sbin/diglim-parser on the RPM list files there, so this module puts
# into the initramfs:
#
#   - /usr/sbin/diglim-parser (static: nothing else is needed to run it);
#   - the compact lists the root ships in /etc/diglim, among them the
#     parser's own signed COMPACT_PARSER list;
#   - one RPM list file per package installed in the root (the signed
#     bytes of its header with the header's signature appended), written
#     by the builder's `diglim export --root`: every program of the root,
#     and of the initramfs dracut copies from it, has its digest there.
#
# Nothing needs security.ima.  With --sysroot, everything is taken from
# that root (its rpm database, its /etc/diglim, its parser).
#
# The pre-pivot hook diglim-root-lists.sh (priority 55, before
# 98integrity's key and policy hooks at 61 and 62) brings the kernel in
# step with the root's /etc/diglim before switch_root: packages installed
# or removed since the initramfs was made keep their state across a reboot
# without a new initramfs.  See README.md.
#
# Configuration (dracut.conf):
#   diglim_keyring=FILE  binary OpenPGP keyring of the keys the kernel
#                        trusts: `diglim verify` checks every list file
#                        with it before the image is written, and dracut
#                        fails if one does not verify.  Strongly advised.
#   diglim_allow_unsigned=yes  export packages without a header signature
#                        too (they will not pass appraisal).
#   diglim_rpm_dbpath=DIR  the root's rpm database directory, inside the
#                        root (default: rpm's %_dbpath on this machine;
#                        Debian's rpm puts it in ~/.rpmdb).
#
# Needs, on the machine that runs dracut: the `diglim` command (parser/tools).
#
# dracut sets dracutsysrootdir, initdir and the configuration variables:
# shellcheck disable=SC2154

# called by dracut
check() {
    if ! command -v diglim >/dev/null; then
        derror "diglim: the 'diglim' command (diglim's host tools) is not in PATH"
        return 1
    fi
    if [[ ! -x "$dracutsysrootdir/usr/sbin/diglim-parser" ]]; then
        derror "diglim: $dracutsysrootdir/usr/sbin/diglim-parser is missing"
        return 1
    fi
    # Only when asked for: an initramfs that loads reference values changes
    # what the kernel lets run.
    return 255
}

# called by dracut
depends() {
    # the pre-pivot hook finds the DIGLIM interface in securityfs
    echo securityfs
    return 0
}

# A failure here stops dracut: an initramfs without the reference values
# would boot into refused programs.
diglim_fatal() {
    dfatal "diglim: $*"
    exit 1
}

# called by dracut
install() {
    local lists="/etc/diglim" f n=0 args=()

    # inst_multiple, not inst_simple: dracut 059's inst_simple looks for
    # the source outside --sysroot
    inst_multiple /usr/sbin/diglim-parser ||
        diglim_fatal "cannot install /usr/sbin/diglim-parser"
    inst_multiple sha256sum sort comm || diglim_fatal "cannot install sha256sum, sort and comm"
    inst_hook pre-pivot 55 "$moddir/diglim-root-lists.sh"
    inst_dir "$lists"
    inst_dir /sys
    inst_dir /dev

    for f in "$dracutsysrootdir$lists"/*_list-compact-*; do
        [[ -f $f ]] || continue
        inst_multiple "${f#"$dracutsysrootdir"}" || diglim_fatal "cannot install $f"
        n=$((n + 1))
    done
    dinfo "diglim: $n compact list(s) from $lists"

    [[ $diglim_allow_unsigned == yes ]] && args+=(--allow-unsigned)
    [[ -n $diglim_rpm_dbpath ]] && args+=(--dbpath "$diglim_rpm_dbpath")
    diglim export --root "${dracutsysrootdir:-/}" "${args[@]}" -o "$initdir$lists" >&2 ||
        diglim_fatal "diglim export --root ${dracutsysrootdir:-/} failed"

    if [[ -n $diglim_keyring ]]; then
        diglim verify "$initdir$lists" --keyring "$diglim_keyring" >&2 ||
            diglim_fatal "a list file of $lists does not verify with $diglim_keyring"
        dinfo "diglim: every list file verifies with $diglim_keyring"
    else
        dwarning "diglim: diglim_keyring is not set: the list files were not verified"
    fi
}
