#!/bin/sh
# config-sweep.sh - the real binary over every real config.json of
# tests/fixtures/configs/sweep/: each plans (exit 0) or stops where vLLM
# stops (exit 1) at TP 1, 2 and 4, never a usage error or a crash; and for
# each row of expected.tsv there the JSON report prints the hand-worked KV
# bytes per token per rank (TAP output), an architecture vLLM has dropped
# planned as the last release that served it.
set -u
H=${HEADROOM_BIN:-./headroom}
SRC=${TOP_SRCDIR:-.}
. "$SRC/tests/screen/check-lib.sh"
D=$SRC/tests/fixtures/configs/sweep
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-sweep.XXXXXX")
trap 'rm -rf "$W"' EXIT

plans() {	# plans DIR TP: exit 0 or 1 with a JSON report
	n=$((n + 1))
	"$H" --gpu h100-sxm --model "$1" --tensor-parallel-size "$2" \
	    --report json >"$W/out.json" 2>"$W/err.txt"
	st=$?
	if [ "$st" -gt 1 ] || ! grep -q '"verdict"' "$W/out.json"; then
		echo "not ok $n - $(basename "$1") TP $2: exit $st"
		sed 's/^/# /' "$W/err.txt" | head -5
		fails=$((fails + 1))
	else
		echo "ok $n - $(basename "$1") TP $2 plans or is refused"
	fi
}

for dir in "$D"/*/; do
	dir=${dir%/}
	for tp in 1 2 4; do
		plans "$dir" "$tp"
	done
done

grep -v '^#' "$D/expected.tsv" | while IFS='	' read -r name tp bpt rest; do
	[ -n "$name" ] || continue
	echo "$name $tp $bpt"
done >"$W/rows"
while read -r name tp bpt; do
	n=$((n + 1))
	"$H" --gpu h100-sxm --model "$D/$name" --tensor-parallel-size "$tp" \
	    --report json >"$W/out.json" 2>"$W/err.txt"
	st=$?
	# an architecture vLLM has dropped: planned as its last release
	last=$(sed -n 's/.*supported in vLLM until v\([0-9.]*[0-9]\), and is not supported anymore.*/\1/p' \
	    "$W/out.json" | head -1)
	if [ -n "$last" ]; then
		"$H" --gpu h100-sxm --model "$D/$name" --vllm-version "$last" \
		    --tensor-parallel-size "$tp" --report json \
		    >"$W/out.json" 2>"$W/err.txt"
		st=$?
	fi
	if [ "$st" -gt 1 ] ||
	    ! grep -q "\"bytes_per_token\": $bpt," "$W/out.json"; then
		echo "not ok $n - $name TP $tp: exit $st, $(grep -o \
		    '"bytes_per_token": [0-9]*' "$W/out.json") not $bpt"
		fails=$((fails + 1))
	else
		echo "ok $n - $name TP $tp: $bpt bytes per token"
	fi
done <"$W/rows"
check_summary
