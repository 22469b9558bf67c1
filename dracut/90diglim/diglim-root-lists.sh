#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# pre-pivot hook of 90diglim: before switch_root, make the kernel hold the
# digest lists of the root being switched to, not those of the day the
# initramfs was made.  The kernel loaded the initramfs' /etc/diglim before
# init; since then rpm's file triggers (diglim-rpm-sync) may have added the
# list files of packages installed at run time to $NEWROOT/etc/diglim and
# removed those of packages removed or updated.  So:
#
#   1. a list file of the root that the initramfs does not have, or has
#      with other content (one sha256sum of each directory, sort and comm
#      tell: a few processes whatever the number of lists), is copied to
#      /run/diglim-root, and
#      `diglim-parser add` loads those: the kernel verifies and measures
#      each as it did at boot.  The others are not read again, so a root
#      that did not change costs nothing and adds no measurement;
#   2. only if all of them loaded, and the root's directory holds rpm list
#      files at all (something keeps it up to date), an rpm list file of
#      the initramfs that the root does not have, or has with other
#      content, is deleted from the kernel with `diglim-parser del`.
#
# Without DIGLIM in the kernel, or without $NEWROOT/etc/diglim, it does
# nothing.  It never stops the boot: a list that cannot be loaded or
# deleted is reported, and its programs are refused or allowed as before.
# It writes only below /run.
#
# Environment (for tests): DIGLIM_LISTS, the initramfs' lists (default
# /etc/diglim); DIGLIM_RUNDIR, the scratch space (default /run);
# SECURITYFSDIR, as 96securityfs sets it.

# diglim_sums DIR OUT: "sha256  name" of every list file of DIR, sorted
# as comm wants (C collation), into OUT; non-zero if it cannot tell
diglim_sums() {
    _dl_out=$2
    (
        export LC_ALL=C
        cd "$1" || exit 2
        set -- *_list-*
        [ -f "$1" ] || exit 0
        sha256sum -- "$@" >"$_dl_out.unsorted" || exit 2
        sort "$_dl_out.unsorted"
    ) >"$_dl_out"
}

# diglim_stage LIST FROM TO [PATTERN]: copy the files that LIST names (its
# lines as diglim_sums writes them) and that match PATTERN from FROM to
# TO; prints how many, non-zero (with a warning) if a copy fails
diglim_stage() {
    _dl_n=0
    while read -r _dl_sum _dl_name; do
        [ -n "$_dl_sum" ] || continue
        # shellcheck disable=SC2254 # PATTERN is a pattern
        case $_dl_name in
        ${4:-*}) ;;
        *) continue ;;
        esac
        if ! cp "$2/$_dl_name" "$3/$_dl_name"; then
            warn "diglim: cannot copy $2/$_dl_name to $3"
            return 1
        fi
        _dl_n=$((_dl_n + 1))
    done <"$1"
    echo "$_dl_n"
}

diglim_root_lists() {
    _dl_root="$NEWROOT/etc/diglim"
    _dl_init=${DIGLIM_LISTS:-/etc/diglim}
    _dl_work=${DIGLIM_RUNDIR:-/run}/diglim-sync
    _dl_new=${DIGLIM_RUNDIR:-/run}/diglim-root
    _dl_stale=${DIGLIM_RUNDIR:-/run}/diglim-stale
    _dl_nnew=0
    _dl_nstale=0

    if [ ! -d "${SECURITYFSDIR:-/sys/kernel/security}/integrity/diglim" ]; then
        info "diglim: no DIGLIM interface in securityfs: the root's lists are not loaded"
        return 0
    fi
    [ -d "$_dl_root" ] || return 0
    rm -rf "$_dl_work" "$_dl_new" "$_dl_stale"
    mkdir -p "$_dl_work" "$_dl_new" "$_dl_stale" || return 0

    if ! diglim_sums "$_dl_init" "$_dl_work/initramfs" ||
       ! diglim_sums "$_dl_root" "$_dl_work/root" ||
       ! LC_ALL=C comm -13 "$_dl_work/initramfs" "$_dl_work/root" >"$_dl_work/new" ||
       ! LC_ALL=C comm -23 "$_dl_work/initramfs" "$_dl_work/root" >"$_dl_work/gone"; then
        warn "diglim: cannot compare $_dl_root with the initramfs' lists: the root's are not loaded"
        rm -rf "$_dl_work" "$_dl_new" "$_dl_stale"
        return 0
    fi

    # 1. what the root has and the initramfs has not, or not so
    if ! _dl_nnew=$(diglim_stage "$_dl_work/new" "$_dl_root" "$_dl_new"); then
        _dl_nnew=0
        _dl_nstale=-1
    fi
    if [ "$_dl_nnew" -gt 0 ] && ! diglim-parser add "$_dl_new"; then
        warn "diglim: not every list of $_dl_root was loaded"
        _dl_nstale=-1
    fi

    # 2. the rpm lists the initramfs has and the root no longer has, or not so
    set -- "$_dl_root"/*_list-rpm-*
    if [ "$_dl_nstale" = 0 ] && [ -f "$1" ]; then
        if ! _dl_nstale=$(diglim_stage "$_dl_work/gone" "$_dl_init" "$_dl_stale" '*_list-rpm-*'); then
            _dl_nstale=-1
        elif [ "$_dl_nstale" -gt 0 ] && ! diglim-parser del "$_dl_stale"; then
            warn "diglim: not every list of the initramfs that the root no longer has was deleted"
        fi
    fi

    if [ "$_dl_nstale" -lt 0 ]; then
        warn "diglim: $_dl_nnew list file(s) of $_dl_root to load; no list of the initramfs deleted"
    else
        info "diglim: $_dl_nnew list file(s) of $_dl_root to load, $_dl_nstale of the initramfs to delete"
    fi
    rm -rf "$_dl_work" "$_dl_new" "$_dl_stale"
    return 0
}

diglim_root_lists
