#!/bin/sh
# run.sh CORPUS SECONDS HARNESS... - runs each libFuzzer harness of a build
# configured with --enable-fuzz for SECONDS seconds, starting from its seed
# corpus CORPUS/HARNESS (read only; new inputs go to tests/fuzz/work/HARNESS
# in the build), and prints one line per harness with the executions.
# Any finding (crash, sanitizer report, leak, timeout, out of memory) keeps
# its input in tests/fuzz/findings/ and makes the run fail; every harness
# still runs.  FUZZ_JOBS (default 1) runs that many harnesses at a time;
# FUZZ_FLAGS adds libFuzzer options.
set -u
seconds=$2
mkdir -p tests/fuzz/work tests/fuzz/findings tests/fuzz/logs
# absolute paths: the harnesses work in a scratch folder of their own
corpus=$(cd "$1" && pwd)
out=$(pwd)/tests/fuzz
shift 2
failed=
one() {
	h=$1
	mkdir -p "tests/fuzz/work/$h"
	log=tests/fuzz/logs/$h.log
	# -timeout: one input may take 10 s; -rss_limit_mb: 2 GiB at most
	# shellcheck disable=SC2086
	nice "./tests/fuzz/fuzz_$h" -max_total_time="$seconds" -timeout=10 \
	    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix="$out/findings/$h-" ${FUZZ_FLAGS:-} \
	    "$out/work/$h" "$corpus/$h" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	if [ $rc -eq 0 ]; then
		echo "fuzz $h: ok, ${execs:-?} executions in ${seconds}s (${cov:-cov: ?})"
	else
		echo "fuzz $h: FAILED (exit $rc) after ${execs:-?} executions; $log:"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)|Test unit written' "$log" | head -8
		return 1
	fi
}
jobs=${FUZZ_JOBS:-1}
if [ "$jobs" -le 1 ]; then
	for h in "$@"; do
		one "$h" || failed="$failed $h"
	done
else
	# a few at a time, each into its own status file
	rm -f tests/fuzz/logs/*.status
	running=0
	for h in "$@"; do
		( one "$h" >"tests/fuzz/logs/$h.out"; echo $? >"tests/fuzz/logs/$h.status" ) &
		running=$((running + 1))
		if [ $running -ge "$jobs" ]; then
			wait
			running=0
		fi
	done
	wait
	for h in "$@"; do
		cat "tests/fuzz/logs/$h.out"
		[ "$(cat "tests/fuzz/logs/$h.status")" = 0 ] || failed="$failed $h"
	done
fi
if [ -n "$failed" ]; then
	echo "fuzz: findings in$failed (inputs in tests/fuzz/findings/, logs in tests/fuzz/logs/)"
	exit 1
fi
echo "fuzz: $# harnesses, no findings"
