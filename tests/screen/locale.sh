#!/bin/sh
# locale.sh - numbers in every locale: under a comma-decimal locale
# (de_DE.UTF-8, generated with localedef when the machine has none) every
# machine output (reports, exports, scenarios, config files, logs, the
# planner's screen and files) is byte for byte the C-locale one, and the
# report and planner tests pass unchanged.  SKIP (77) only when no
# comma-decimal locale exists and none can be generated.
set -u
H=${HEADROOM_BIN:-./headroom}
SRC=${TOP_SRCDIR:-.}
T=$(mktemp -d "${TMPDIR:-/tmp}/headroom-locale.XXXXXX")
trap 'rm -rf "$T"' EXIT

# A comma-decimal locale: the system's, or one built into $T/loc.
. "$SRC/tests/screen/check-lib.sh"
comma_locale "$T"
if [ -z "$L" ]; then
	echo "SKIP: no comma-decimal locale (install Debian's locales package for localedef)"
	exit 77
fi
echo "# comma-decimal locale: $L${LOCPATH:+ (LOCPATH=$LOCPATH)}"


# same NAME -- ARGS...: runs headroom in the C locale and in $L (stdout,
# stderr and exit status; files named in $T/c and $T/l) and compares.
same() {
	name=$1
	shift 2
	n=$((n + 1))
	rm -rf "$T/c" "$T/l"
	mkdir -p "$T/c" "$T/l"
	(cd "$T/c" && LC_ALL=C.UTF-8 "$H" "$@" >out 2>err; echo "exit $?" >>err)
	(cd "$T/l" && LC_ALL=$L "$H" "$@" >out 2>err; echo "exit $?" >>err)
	if ! diff -r "$T/c" "$T/l" >"$T/diff" 2>&1; then
		echo "not ok $n - $name: differs under $L"
		sed 's/^/# /' "$T/diff" | head -20
		fails=$((fails + 1))
	elif ! [ -s "$T/c/out" ] && [ "$(ls "$T/c" | wc -l)" -le 2 ]; then
		echo "not ok $n - $name: no output to compare"
		sed 's/^/# /' "$T/c/err" | head -5
		fails=$((fails + 1))
	elif grep -q "is not a number\|must be a number" "$T/l/err"; then
		echo "not ok $n - $name: a number was refused"
		sed 's/^/# /' "$T/l/err" | head -5
		fails=$((fails + 1))
	else
		echo "ok $n - $name"
	fi
}

D="--gpu h200-nvl --gpu-memory-utilization 0.85 --max-model-len 32k --kv-cache-dtype fp8"
same "default scenario, text report" -- --report text
for f in text json markdown; do
	same "decimal flags, $f report" -- $D --report $f
	same "two cards, $f report" -- --gpu rtx-pro-6000-server --gpus 2 -tp 2 --other-usage 1.5 \
	    --model Qwen/Qwen3-32B --max-model-len 32768 --report $f
	same "failing plan, $f report" -- --gpu rtx-pro-6000-server \
	    --model meta-llama/Llama-3.3-70B-Instruct --report $f
done
same "mig slice, json" -- --gpu rtx-pro-6000-server --mig 2g.48gb \
    --model meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 --report json
same "shared card, json" -- --gpu h200-nvl --instance model=Qwen/Qwen3-8B,util=0.45 \
    --instance model=meta-llama/Llama-3.1-8B-Instruct,util=0.35 --report json
same "kv-cache-memory-bytes 25.6g" -- --gpu h100-sxm --model Qwen/Qwen3-8B \
    --kv-cache-memory-bytes 25.6g --report json
same "custom card by total" -- --gpu-total-gib 79.25 --model Qwen/Qwen3-8B --report json
for e in command config docker json quote; do
	same "export $e" -- $D --export $e
	same "export $e to a file" -- $D --export $e --output x.$e
done
same "vllm command after --" -- --gpu h100-sxm --report json -- vllm serve Qwen/Qwen3-8B \
    --gpu-memory-utilization 0.875 --max-model-len 16k
cat > "$T/conf.yaml" <<'EOF'
model: Qwen/Qwen3-14B
gpu-memory-utilization: 0.87
max-model-len: 24576
swap-space: 2.5
kv-cache-dtype: fp8
EOF
same "--config with decimals" -- --gpu h100-sxm --config "$T/conf.yaml" --report json
same "save a scenario" -- $D --save-scenario s.yaml --report json
LC_ALL=C.UTF-8 "$H" $D --save-scenario "$T/saved.yaml" --report json >/dev/null 2>&1
same "check a scenario saved in C" -- --check "$T/saved.yaml"
same "open a scenario" -- --scenario "$T/saved.yaml" --report json
same "compare scenarios" -- --compare "$T/saved.yaml" "$T/saved.yaml" --report json
same "compare scenarios, markdown" -- --compare "$T/saved.yaml" "$T/saved.yaml" --report markdown
for lg in "$SRC"/tests/fixtures/logs/v0.19-llama8b-h100-tp1.log \
    "$SRC"/tests/fixtures/logs/v0.19-llama8b-h100-fp8-kv.log; do
	same "calibrate $(basename "$lg")" -- --calibrate "$lg" --report json
done
same "fit finder" -- --need 44 --tokens-per-request 8192 \
    --model nvidia/Llama-3.3-70B-Instruct-FP8 --kv-cache-dtype fp8 --report json
same "list gpus" -- --list gpus
same "decimal user catalogue" -- --gpu-total-gib 47.5 --model meta-llama/Llama-3.1-8B-Instruct \
    --max-model-len 8192 --report text

# Only LC_NUMERIC set (LANG and LC_ALL unset or C): the same.
n=$((n + 1))
a=$(LC_ALL=C.UTF-8 "$H" $D --report json 2>&1)
b=$(env -u LC_ALL LANG=C.UTF-8 LC_NUMERIC=$L "$H" $D --report json 2>&1)
if [ "$a" = "$b" ] && [ -n "$a" ]; then
	echo "ok $n - LC_NUMERIC=$L alone"
else
	echo "not ok $n - LC_NUMERIC=$L alone"
	printf '%s\n' "$b" | sed 's/^/# /' | head -5
	fails=$((fails + 1))
fi

# The planner in tmux: its screen and the files it writes match.
TM=${TMUX_BIN:-}
[ -n "$TM" ] && [ -x "$TM" ] || TM=$(command -v tmux 2>/dev/null || true)
if [ -n "$TM" ]; then
	planner() {	# planner LOCALE DIR: the screen after start, then w and s
		dir=$2
		mkdir -p "$dir"
		sock="headroom-loc$$"
		cat > "$dir/run.sh" <<EOS
#!/bin/sh
cd "$dir"
LC_ALL=$1 "$H" $D
echo "headroom exited \$?"
exec sleep 60
EOS
		chmod +x "$dir/run.sh"
		k=0
		until "$TM" -L "$sock" -f /dev/null new-session -d -s j -x 100 -y 30 \
		    "$dir/run.sh" 2>/dev/null && "$TM" -L "$sock" has-session -t j 2>/dev/null; do
			k=$((k + 1))
			[ "$k" -lt 3 ] || break
			"$TM" -L "$sock" kill-server >/dev/null 2>&1
			sleep 0.2
		done
		wait_for() {
			i=0
			until "$TM" -L "$sock" capture-pane -p -t j 2>/dev/null | grep -F -q -e "$1"; do
				i=$((i + 1))
				[ "$i" -lt 300 ] || return 1
				sleep 0.05
			done
		}
		wait_for "vLLM starts." || echo "planner did not start" >"$dir/failed"
		"$TM" -L "$sock" capture-pane -p -t j >"$dir/screen"
		"$TM" -L "$sock" send-keys -t j w C-u serve.sh Enter
		wait_for "wrote the command line" || echo "no w" >>"$dir/failed"
		"$TM" -L "$sock" send-keys -t j s C-u s.yaml Enter
		wait_for "saved the scenario" || echo "no s" >>"$dir/failed"
		"$TM" -L "$sock" send-keys -t j q
		wait_for "headroom exited 0" || echo "no exit" >>"$dir/failed"
		"$TM" -L "$sock" kill-server >/dev/null 2>&1
		rm -f "$dir/run.sh"
	}
	planner C.UTF-8 "$T/pc"
	planner "$L" "$T/pl"
	n=$((n + 1))
	if [ -f "$T/pc/failed" ] || [ -f "$T/pl/failed" ]; then
		echo "not ok $n - planner journey: $(cat "$T/pc/failed" "$T/pl/failed" 2>/dev/null)"
		sed 's/^/# /' "$T/pl/screen" | head -30
		fails=$((fails + 1))
	elif ! diff -r "$T/pc" "$T/pl" >"$T/diff" 2>&1; then
		echo "not ok $n - planner screen and files differ under $L"
		sed 's/^/# /' "$T/diff" | head -30
		fails=$((fails + 1))
	else
		echo "ok $n - planner screen, command line and scenario match"
	fi
	n=$((n + 1))
	if LC_ALL=C.UTF-8 "$H" $D --export command | cmp -s - "$T/pl/serve.sh"; then
		echo "ok $n - planner's w under $L is the C-locale --export command"
	else
		echo "not ok $n - planner's w under $L: $(cat "$T/pl/serve.sh")"
		fails=$((fails + 1))
	fi
else
	echo "# tmux not found: planner comparison left out"
fi

# The library itself (no setlocale pin from main): the parsers and printers.
U=$(dirname "$H")/tests/unit/io
if [ -x "$U" ]; then
	n=$((n + 1))
	if env -u CRITERION_OUTPUTS "$U" --filter 'locale/*' >"$T/unit.log" 2>&1 &&
	    grep -q "Passing: 1 " "$T/unit.log"; then
		echo "ok $n - parsers and printers under $L (unit test)"
	else
		echo "not ok $n - parsers and printers under $L (unit test)"
		sed 's/^/# /' "$T/unit.log" | head -20
		fails=$((fails + 1))
	fi
fi

# One number parser: no source reads a number with the C library's
# locale-dependent strtod/atof/strtof or scanf's %f/%g (units_strtod instead).
n=$((n + 1))
if grep -rnE '\b(strtod|strtof|strtold|atof)\(|scanf\([^;]*%l?[fge]' "$SRC/src" --include='*.c' |
    grep -v '^[^:]*/src/core/units\.c:' >"$T/grep"; then
	echo "not ok $n - a number parsed outside units_strtod()"
	sed 's/^/# /' "$T/grep" | head -10
	fails=$((fails + 1))
else
	echo "ok $n - every number is read by units_strtod()"
fi

# The report and planner test scripts themselves, under the locale.
for s in report.sh journey-export.sh journey-slider.sh journey-scenario.sh \
    journey-export-follows.sh; do
	n=$((n + 1))
	if LC_ALL=$L sh "$SRC/tests/screen/$s" >"$T/sub.log" 2>&1; then
		echo "ok $n - $s under $L"
	else
		st=$?
		if [ "$st" -eq 77 ]; then
			echo "ok $n - $s under $L # SKIP $(tail -1 "$T/sub.log")"
		else
			echo "not ok $n - $s under $L (exit $st)"
			grep -v '^ok' "$T/sub.log" | sed 's/^/# /' | head -20
			fails=$((fails + 1))
		fi
	fi
done

check_summary
