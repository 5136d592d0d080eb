#!/bin/sh
# .ci/valgrind.sh - the Criterion unit test binaries of the in-place build
# (.ci/run has built them with make check) under valgrind: any invalid
# read or write, use of uninitialised memory, or definite or indirect
# leak fails.  Criterion runs each test in a process of its own (it
# re-executes the binary), so valgrind follows children (not programs a
# test starts from /usr or /bin); -j1 runs one test at a time.  A child's
# exit status does not reach the runner once its test has passed, so any
# report valgrind prints (-q: errors only) fails.  Two binaries run at a
# time.  fit/whole_catalogue_is_fast times itself and cannot hold its
# limit under valgrind's slowdown.
set -u
cd "$(dirname "$0")/.."
start=$(date +%s)
mkdir -p tests/valgrind
unset CRITERION_OUTPUTS
export TZ=UTC LC_ALL=C.UTF-8 TERM=xterm-256color XDG_CONFIG_HOME="$(pwd)/tests/xdg-empty"
unset NO_COLOR TMUX
one() {
	b=$1
	name=$(basename "$b")
	t0=$(date +%s)
	valgrind -q --trace-children=yes --trace-children-skip='/usr/*,/bin/*' \
	    --leak-check=full --show-leak-kinds=definite,indirect \
	    --errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
	    --suppressions=tests/valgrind.supp "$b" -j1 \
	    --filter '!(fit/whole_catalogue_is_fast)' >"tests/valgrind/$name.log" 2>&1
	rc=$?
	if grep -q '^==[0-9]*== ' "tests/valgrind/$name.log"; then
		rc=1
	fi
	if [ $rc -eq 0 ]; then
		echo "valgrind $name: ok ($(tail -1 "tests/valgrind/$name.log" |
		    sed 's/.*Synthesis: //'); $(( $(date +%s) - t0 ))s)"
	else
		echo "valgrind $name: FAILED (exit $rc); tests/valgrind/$name.log:"
		grep -E '^==[0-9]+== |^\[FAIL\]|Synthesis' "tests/valgrind/$name.log" | head -20
	fi
	return $rc
}
bins=
for b in tests/unit/*; do
	[ -f "$b" ] && [ -x "$b" ] && bins="$bins $b"
done
if [ -z "$bins" ]; then
	echo "valgrind: no unit test binaries in tests/unit (build with make check first)"
	exit 1
fi
status=0
set -- $bins
while [ $# -gt 0 ]; do
	one "$1" >tests/valgrind/a.out &
	pa=$!
	pb=
	if [ $# -gt 1 ]; then
		one "$2" >tests/valgrind/b.out &
		pb=$!
	fi
	wait $pa || status=1
	cat tests/valgrind/a.out
	if [ -n "$pb" ]; then
		wait $pb || status=1
		cat tests/valgrind/b.out
		shift
	fi
	shift
done
echo "valgrind: $(( $(date +%s) - start ))s"
exit $status
