#!/bin/sh
# .ci/asan.sh - the whole test suite (unit and screen tests) under
# AddressSanitizer and UndefinedBehaviorSanitizer: a VPATH build of its
# own (build-asan/src/build, from a copy of the sources, since the source
# folder is already configured in place) with ../configure --enable-asan
# --enable-werror, then make check there.  Fails when any test fails or a
# sanitizer reports (UBSan does not recover; LeakSanitizer is on).
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
start=$(date +%s)
sh build-aux/copy-sources.sh "$top" "$top/build-asan/src" || exit 1
mkdir -p build-asan/src/build
cd build-asan/src/build || exit 1
# the bad-input table's hang limit (20 s) is for plain builds; ASan is slower
BAD_INPUT_LIMIT=${BAD_INPUT_LIMIT:-60}
export BAD_INPUT_LIMIT
../configure -q --enable-asan --enable-werror >/dev/null && make -j2 check >make-check.log 2>&1
status=$?
if [ $status -ne 0 ]; then
	grep -E '^(FAIL|ERROR):|error:' make-check.log | head -20
	for f in tests/unit/*.log tests/screen/*.log; do
		[ -f "$f" ] || continue
		grep -E '^(not ok|FAIL)|runtime error|ERROR: (Address|Leak)Sanitizer' "$f" | head -10
	done
fi
pass=$(sed -n 's/^# PASS: *//p' test-suite.log 2>/dev/null | head -1)
fail=$(sed -n 's/^# FAIL: *//p' test-suite.log 2>/dev/null | head -1)
err=$(sed -n 's/^# ERROR: *//p' test-suite.log 2>/dev/null | head -1)
echo "asan: make check: ${pass:-0} passed, $(( ${fail:-0} + ${err:-0} )) failed ($(( $(date +%s) - start ))s)"
exit $status
