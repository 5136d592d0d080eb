#!/bin/sh
# catalogue-props.sh - properties of every catalogue model on a handful of
# cards (tests/screen/catalogue-props.py says which): the JSON report
# parses with finite figures and a known verdict, the printed `vllm serve`
# line plans the same again, de_DE and fr_FR give the C locale's bytes,
# every listed fix applied plans as listed, and every refusal at the
# configuration check at default flags is an intended one whose way past
# plans (TAP output).  The two comma-decimal locales are the system's or
# built with localedef; SKIP (77) without Python or without both.
set -u
H=${HEADROOM_BIN:-./headroom}
SRC=${TOP_SRCDIR:-.}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
if ! "$PY" -c 'import json' 2>/dev/null; then
	echo "1..0 # SKIP python3 is not installed"
	exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-props.XXXXXX")
trap 'rm -rf "$W"' EXIT

comma() {	# comma NAME: is NAME a locale whose decimal point is ','
	[ "$(LC_ALL=$1 locale decimal_point 2>/dev/null)" = "," ]
}
locs=
for l in de_DE fr_FR; do
	for cand in $l.UTF-8 $l.utf8; do
		if comma "$cand"; then
			locs="$locs $cand"
			break
		fi
	done
done
if [ "$(echo $locs | wc -w)" -lt 2 ] && command -v localedef >/dev/null 2>&1; then
	mkdir -p "$W/loc"
	localedef -i de_DE -f UTF-8 "$W/loc/de_DE.UTF-8" >/dev/null 2>&1
	localedef -i fr_FR -f UTF-8 "$W/loc/fr_FR.UTF-8" >/dev/null 2>&1
	LOCPATH=$W/loc
	export LOCPATH
	locs=
	for l in de_DE.UTF-8 fr_FR.UTF-8; do
		comma "$l" && locs="$locs $l"
	done
fi
if [ "$(echo $locs | wc -w)" -lt 2 ]; then
	echo "1..0 # SKIP no de_DE and fr_FR locales (Debian's locales package builds them)"
	exit 77
fi
echo "# comma-decimal locales:$locs${LOCPATH:+ (LOCPATH=$LOCPATH)}"
start=$(date +%s)
# shellcheck disable=SC2086
"$PY" "$SRC/tests/screen/catalogue-props.py" "$H" $locs
st=$?
echo "# $(($(date +%s) - start)) s"
exit $st
