#!/bin/sh
# bad-input.sh - every row of tests/bad-input/cases.tsv as a TAP test: the
# row's setup makes the hostile input in a fresh folder, headroom runs on
# it (under a time limit: a hang is a failure), and the exit status and
# the message must be the row's.  Whatever the row, the output may hold
# no terminal control byte (ESC, other C0 but tab and newline, DEL).
#
# The same file is the table in doc/bad-input.md: the last test checks the
# doc carries exactly the table tests/bad-input/table.sh makes from it.
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
CASES=$TOP/tests/bad-input/cases.tsv
FIX=$(cd "$TOP/tests/fixtures" && pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-bad.XXXXXX")
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg
export XDG_CONFIG_HOME FIX H
LIMIT=${BAD_INPUT_LIMIT:-20}
n=0
fails=0
tab=$(printf '\t')
ctl=$(printf '[\001-\010\013-\037\177]')

while IFS="$tab" read -r area input setup args want says; do
	case $area in '#'* | '') continue ;; esac
	n=$((n + 1))
	d=$W/case$n
	# each case its own configuration folder (user catalogues, profiles)
	XDG_CONFIG_HOME=$d/xdg
	mkdir -p "$d" "$XDG_CONFIG_HOME/headroom"
	name="$area: $input"
	if ! (cd "$d" && sh -c "$setup") </dev/null >"$W/setup.out" 2>&1; then
		echo "not ok $n - $name: the setup failed"
		sed 's/^/# /' "$W/setup.out"
		fails=$((fails + 1))
		continue
	fi
	(cd "$d" && eval "exec timeout -k 2 $LIMIT \"\$H\" $args") </dev/null >"$W/out" 2>&1
	got=$?
	if [ "$got" -eq 124 ] || [ "$got" -eq 137 ]; then
		echo "not ok $n - $name: still running after ${LIMIT}s"
		fails=$((fails + 1))
	elif [ "$got" -ne "$want" ]; then
		echo "not ok $n - $name: exit $got, wanted $want"
		head -c 2000 "$W/out" | sed 's/^/# /'
		fails=$((fails + 1))
	elif [ -n "$says" ] && ! grep -F -q -e "$says" "$W/out"; then
		echo "not ok $n - $name: output lacks '$says'"
		head -c 2000 "$W/out" | sed 's/^/# /'
		fails=$((fails + 1))
	elif LC_ALL=C grep -q "$ctl" "$W/out"; then
		echo "not ok $n - $name: a control byte reached the output"
		LC_ALL=C head -c 2000 "$W/out" | od -c | head -20 | sed 's/^/# /'
		fails=$((fails + 1))
	else
		echo "ok $n - $name"
	fi
	rm -rf "$d"
done <"$CASES"

n=$((n + 1))
if sh "$TOP/tests/bad-input/table.sh" "$CASES" >"$W/table" &&
    awk '/^<!-- BEGIN TABLE/{on=1; next} /^<!-- END TABLE/{on=0} on' \
    "$TOP/doc/bad-input.md" | cmp -s - "$W/table"; then
	echo "ok $n - doc/bad-input.md carries the table of every case"
else
	echo "not ok $n - doc/bad-input.md is not the table of the cases: make bad-input-doc"
	fails=$((fails + 1))
fi
echo "1..$n"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
