# SPDX-License-Identifier: GPL-2.0-only
# Build an RPM from a directory tree, for images/build, images/deb2rpm and
# the test suites (test/guest/suites/rpm.inc).  Sourced, not run.
# shellcheck shell=bash

# rpm_from_tree TMP NAME VERSION RELEASE ARCH TREE OUTDIR [MACROS]
#   Packages every file and symlink under TREE, modes kept, owned by root,
#   as OUTDIR/NAME-VERSION-RELEASE.ARCH.rpm, with no automatic dependencies
#   and gzip-compressed payload; signs it with rpmsign when MACROS (made by
#   keys/diglim-rpm-macros) is given.  TMP is scratch space.  The summary
#   and license come from $rpm_summary and $rpm_license if set; the file
#   $rpm_spec_extra, if set, is appended to the spec (scriptlets,
#   triggers).  Prints the
#   package's path; on failure prints rpmbuild's or rpmsign's log to stderr
#   and returns 1.
rpm_from_tree() {
	local tmp=$1 name=$2 version=$3 release=$4 arch=$5 tree=$6 outdir=$7 macros=${8:-}
	local work="$tmp/rpm-$name" pkg

	mkdir -p "$work" "$outdir"
	(cd "$tree" && find . -mindepth 1 \( -type f -o -type l \) | sed 's|^\.||' |
		LC_ALL=C sort) | sed 's/.*/"&"/' >"$work/files"
	[ -s "$work/files" ] || { echo "rpm_from_tree: $tree: no files" >&2; return 1; }
	cat >"$work/$name.spec" <<SPEC
Name: $name
Version: $version
Release: $release
Summary: ${rpm_summary:-$name for the diglim demo image and tests}
License: ${rpm_license:-GPL-2.0-only}
BuildArch: $arch
AutoReqProv: no
%description
${rpm_summary:-$name for the diglim demo image and tests}.
%install
cp -a $tree/. %{buildroot}/
%files -f $work/files
%defattr(-,root,root,-)
SPEC
	[ -z "${rpm_spec_extra:-}" ] || cat "$rpm_spec_extra" >>"$work/$name.spec"
	rpmbuild --define "_topdir $work/rpmbuild" --define '_build_id_links none' \
		--define 'debug_package %{nil}' --define '__os_install_post %{nil}' \
		--define '_binary_payload w1.gzdio' --define "_rpmdir $outdir" \
		--define '_rpmfilename %{NAME}-%{VERSION}-%{RELEASE}.%{ARCH}.rpm' \
		-bb "$work/$name.spec" >"$work/rpmbuild.log" 2>&1 ||
		{ tail -n 30 "$work/rpmbuild.log" >&2; return 1; }
	pkg="$outdir/$name-$version-$release.$arch.rpm"
	if [ -n "$macros" ]; then
		rpmsign --load "$macros" --addsign "$pkg" </dev/null >"$work/sign.log" 2>&1 ||
			{ cat "$work/sign.log" >&2; return 1; }
	fi
	rm -rf "$work"
	echo "$pkg"
}
