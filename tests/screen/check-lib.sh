# check-lib.sh - shared by the command-line tests (sourced, not run): runs
# headroom and prints TAP lines.  The including script sets H (the binary)
# and calls check_summary at the end.
set -u
fails=0
n=0

check() {	# check NAME EXPECTED-STATUS PATTERN -- ARGS... (stdin: $CHECK_INPUT if set)
	name=$1 want=$2 pat=$3
	shift 4
	n=$((n + 1))
	if [ -n "${CHECK_INPUT:-}" ]; then
		out=$("$H" "$@" <"$CHECK_INPUT" 2>&1)
	else
		out=$("$H" "$@" 2>&1)
	fi
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "not ok $n - $name: exit $got, wanted $want"
		echo "$out" | sed 's/^/# /' | head -20
		fails=$((fails + 1))
	elif [ -n "$pat" ] && ! printf '%s\n' "$out" | grep -q -- "$pat"; then
		echo "not ok $n - $name: output lacks '$pat'"
		echo "$out" | sed 's/^/# /' | head -20
		fails=$((fails + 1))
	else
		echo "ok $n - $name"
	fi
}

ok() {	# ok NAME COMMAND...: a shell condition
	name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		fails=$((fails + 1))
	fi
}

skip() {	# skip NAME WHY: a check this machine cannot run
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

comma_locale() {	# comma_locale DIR: sets L to a comma-decimal locale (the
	# system's, or one localedef builds into DIR/loc, then LOCPATH is
	# exported); L is empty when there is none and none can be built.
	L=
	for cand in de_DE.UTF-8 de_DE.utf8 fr_FR.UTF-8 fr_FR.utf8; do
		if [ "$(LC_ALL=$cand locale decimal_point 2>/dev/null)" = "," ]; then
			L=$cand
			return 0
		fi
	done
	command -v localedef >/dev/null 2>&1 || return 0
	mkdir -p "$1/loc"
	localedef -i de_DE -f UTF-8 "$1/loc/de_DE.UTF-8" >/dev/null 2>&1
	if [ "$(LOCPATH=$1/loc LC_ALL=de_DE.UTF-8 locale decimal_point 2>/dev/null)" = "," ]; then
		LOCPATH=$1/loc
		export LOCPATH
		L=de_DE.UTF-8
	fi
}

check_summary() {	# the plan line, the counts, and the exit status
	echo "1..$n"
	echo "$((n - fails)) passed, $fails failed"
	[ "$fails" -eq 0 ]
}
