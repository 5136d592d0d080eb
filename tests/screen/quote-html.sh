#!/bin/sh
# The HTML quote in a real browser: headless Chromium renders it (DOM and
# screenshot, and a PDF print), the figures in the DOM are the JSON
# report's, the page has no script and loads nothing, and hostile text
# stays text.  Without Chromium it is skipped, unless
# HEADROOM_REQUIRE_CHROMIUM=1 (CI, .ci/html.sh) makes that a failure.
set -u
BIN=${HEADROOM_BIN:-./headroom}
CHROMIUM=${CHROMIUM:-}
for c in chromium chromium-browser google-chrome; do
	[ -n "$CHROMIUM" ] && break
	CHROMIUM=$(command -v "$c" 2>/dev/null || true)
done
if [ -z "$CHROMIUM" ]; then
	if [ "${HEADROOM_REQUIRE_CHROMIUM:-0}" = 1 ]; then
		echo "FAIL: chromium is required here and not installed"
		exit 1
	fi
	echo "chromium not found: HTML quote test skipped"
	exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-html.XXXXXX")
trap 'rm -rf "$W"' EXIT
fails=0

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# browser MODE FILE: --dump-dom to stdout, or --screenshot / --print-to-pdf
browser() {
	mode=$1
	shift
	prof=$(mktemp -d "$W/profile.XXXXXX")
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
	    --no-first-run --disable-background-networking --disable-component-update \
	    --disable-sync --user-data-dir="$prof" "$@" 2>>"$W/chromium.log"
}

# dom_id FILE ID: the text of the element with that id
dom_id() {
	sed -n "s/.*id=\"$2\">\\([^<]*\\)<.*/\\1/p" "$1" | head -n 1
}

# json_in FILE OBJECT KEY: a number from one object of the pretty-printed report
json_in() {
	sed -n "/^  \"$2\": {/,/^  }/p" "$1" | sed -n "s/^ *\"$3\": \\([^,]*\\),*$/\\1/p" |
	    head -n 1
}

json_top() {
	sed -n "s/^  \"$2\": \\([^,]*\\),*$/\\1/p" "$1" | head -n 1
}

check_plan() {
	name=$1
	shift
	"$BIN" "$@" --export quote --format html >"$W/$name.html" ||
	    { fail "$name: --export quote --format html"; return; }
	"$BIN" "$@" --report json >"$W/$name.json"
	grep -q -i '<script' "$W/$name.html" && fail "$name: the page has a script"
	grep -E -q -i ' (src|href)=' "$W/$name.html" && fail "$name: the page loads something"
	browser dom --dump-dom "file://$W/$name.html" >"$W/$name.dom" ||
	    { fail "$name: chromium --dump-dom"; return; }
	grep -q '<svg' "$W/$name.dom" || fail "$name: no SVG in the DOM"
	grep -q 'id="memory-bar"' "$W/$name.dom" || fail "$name: no memory bar"
	grep -q 'class="option"' "$W/$name.dom" || fail "$name: no options compared"
	# the figures: the DOM against the JSON report
	for pair in "total-gib memory_gib total" "weights-gib memory_gib weights" \
	    "kv-cache-gib memory_gib kv_cache"; do
		set -- $pair
		d=$(dom_id "$W/$name.dom" "$1")
		j=$(json_in "$W/$name.json" "$2" "$3")
		[ -n "$d" ] && [ "$d" = "$j" ] || fail "$name: $1 is '$d' in the page, $3 '$j' in the report"
	done
	d=$(dom_id "$W/$name.dom" kv-tokens | tr -d ,)
	j=$(json_in "$W/$name.json" kv tokens)
	[ "$d" = "$j" ] || fail "$name: kv-tokens '$d' against '$j'"
	d=$(dom_id "$W/$name.dom" users)
	j=$(json_top "$W/$name.json" total_concurrency_at_tokens_per_request)
	[ "$d" = "$j" ] || fail "$name: users '$d' against '$j'"
	j=$(json_in "$W/$name.json" gpu price_per_hour_usd)
	if [ -n "$j" ] && [ "$j" != null ]; then
		n=$(json_in "$W/$name.json" gpu count)
		want=$(awk -v p="$j" -v n="$n" 'BEGIN { printf "%.2f", p * n }')
		d=$(dom_id "$W/$name.dom" price-per-hour)
		[ "$d" = "$want" ] || fail "$name: price '$d' against $want"
	fi
	# it draws, and prints
	browser shot --screenshot="$W/$name.png" --window-size=900,1400 \
	    "file://$W/$name.html" >/dev/null || fail "$name: chromium --screenshot"
	[ "$(head -c 4 "$W/$name.png" | od -An -c | tr -d ' ')" = "211PNG" ] ||
	    fail "$name: no PNG screenshot"
	browser pdf --print-to-pdf="$W/$name.pdf" --no-pdf-header-footer \
	    "file://$W/$name.html" >/dev/null || fail "$name: chromium --print-to-pdf"
	pages=$(grep -a -o '/Count [0-9]*' "$W/$name.pdf" 2>/dev/null | head -n 1 |
	    tr -dc 0-9)
	pages=${pages:-0}
	[ "$pages" -ge 1 ] && [ "$pages" -le 2 ] || fail "$name: $pages printed pages"
	if [ -n "${HEADROOM_HTML_KEEP:-}" ]; then
		cp "$W/$name.html" "$W/$name.png" "$W/$name.pdf" "$HEADROOM_HTML_KEEP/"
	fi
	echo "ok $name: figures as in the report, $pages page(s) printed"
}

check_plan reference --gpu rtx-pro-6000-server --model nvidia/Llama-3.3-70B-Instruct-FP8 \
    --kv-cache-dtype fp8 --max-model-len 32768
check_plan mig-replicas --gpu rtx-pro-6000-server --mig 1g.24gb --gpus 4 \
    --model meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192
grep -c "MIG-&lt;uuid-" "$W/mig-replicas.dom" | grep -q '^4$' ||
    fail "mig-replicas: not one launch line per slice"
# hostile text: a served name that is markup stays text
"$BIN" --gpu h200-nvl --from-command "vllm serve Qwen/Qwen3-8B --served-model-name \
'<script>alert(1)</script><img src=x onerror=alert(2)>\"&' --max-model-len 8192" \
    --export quote --format html >"$W/hostile.html" || fail "hostile: export"
grep -q -i '<script\|<img' "$W/hostile.html" && fail "hostile: markup got through"
browser dom --dump-dom "file://$W/hostile.html" >"$W/hostile.dom" || fail "hostile: dom"
grep -q -i '<script\|<img' "$W/hostile.dom" && fail "hostile: the browser built an element"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$W/hostile.dom" ||
    fail "hostile: the name is not shown as text"
if [ "$fails" -gt 0 ]; then
	tail -5 "$W/chromium.log"
	exit 1
fi
echo "HTML quote: all checks passed"
