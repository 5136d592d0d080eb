#!/bin/sh
# .ci/deb.sh - the Debian package: built from a clean export of the
# committed tree with dpkg-buildpackage -us -uc (the test suite already ran,
# so nocheck), then checked by lintian, which must report no errors.
set -eu
cd "$(dirname "$0")/.."
need=
for p in debhelper lintian dpkg-dev; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		need="$need $p"
done
if [ -n "$need" ]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq $need >/dev/null
fi
start=$(date +%s)
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-deb.XXXXXX")
trap 'rm -rf "$W"' EXIT
git archive --format=tar --prefix=headroom/ HEAD | tar -x -C "$W"
cd "$W/headroom"
DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc >"$W/build.log" 2>&1 || {
	tail -40 "$W/build.log"
	echo "deb: dpkg-buildpackage failed"
	exit 1
}
cd "$W"
lintian --fail-on error --tag-display-limit 0 headroom_*.changes
dpkg-deb -c headroom_*.deb >contents
grep -q 'usr/bin/headroom$' contents
grep -q 'bash-completion/completions/headroom$' contents
echo "deb: $(ls headroom_*.deb) built, lintian reports no errors ($(( $(date +%s) - start ))s)"
