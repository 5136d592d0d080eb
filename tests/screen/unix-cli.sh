#!/bin/sh
# unix-cli.sh - headroom as a Unix tool: "-" for standard input and output,
# write errors reported, --output keeping modes and links and refusing
# what is not a regular file, --list in JSON (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-unix.XXXXXX")
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg
export XDG_CONFIG_HOME
. "$TOP/tests/screen/check-lib.sh"


piped() {	# piped NAME EXPECTED-STATUS PATTERN INPUT-FILE -- ARGS...
	p_name=$1 p_want=$2 p_pat=$3
	CHECK_INPUT=$4
	shift 4
	check "$p_name" "$p_want" "$p_pat" "$@"
	CHECK_INPUT=
}

# --- standard input and output ---
"$H" --gpu h200-nvl --export config --output "$W/serve.yaml" >/dev/null 2>&1
"$H" --gpu h200-nvl --save-scenario "$W/plan.yaml" >/dev/null 2>&1
LOG=$TOP/tests/fixtures/logs/v0.19-llama8b-h100-tp1.log
piped "--config - reads standard input" 0 "NVIDIA H200 NVL" "$W/serve.yaml" -- \
    --gpu h200-nvl --config - --report text
piped "--config - errors name standard input" 2 "standard input:[0-9]*:[0-9]*: did not find" "$TOP/tests/fixtures/bad-syntax.yaml" -- \
    --config - --report text
piped "--check - re-plans standard input" 0 "standard input: every figure as saved" "$W/plan.yaml" -- \
    --check -
piped "--scenario - loads standard input" 0 "NVIDIA H200 NVL" "$W/plan.yaml" -- \
    --scenario - --report text
piped "--compare - with a file" 0 "h200-nvl" "$W/plan.yaml" -- \
    --compare - "$W/plan.yaml"
piped "--calibrate - reads a piped log" 0 "startup log: standard input" "$LOG" -- \
    --calibrate -
check "--output - prints the export" 0 "^vllm serve" -- --gpu h200-nvl --max-model-len 8192 --export command --output -

# --- write errors ---
if [ -w /dev/full ]; then
	out=$("$H" --list gpus 2>&1 >/dev/full); rc=$?
	ok "--list gpus >/dev/full exits 2" [ "$rc" -eq 2 ]
	ok "... and says why" sh -c 'printf "%s" "$1" | grep -q "No space left on device"' _ "$out"
	out=$("$H" --report json 2>&1 >/dev/full); rc=$?
	ok "--report json >/dev/full exits 2 with a message" sh -c \
	    '[ "$1" -eq 2 ] && printf "%s" "$2" | grep -q "write error\|No space"' _ "$rc" "$out"
	out=$("$H" --export command 2>&1 >/dev/full); rc=$?
	ok "--export >/dev/full exits 2 with a message" sh -c \
	    '[ "$1" -eq 2 ] && printf "%s" "$2" | grep -q "No space"' _ "$rc" "$out"
fi

# --- --output: modes, links, non-regular targets, stale temporary files ---
(umask 077 && "$H" --export command --output "$W/new.txt")
ok "a new file follows the umask (077 -> 600)" [ "$(stat -c %a "$W/new.txt")" = 600 ]
chmod 640 "$W/new.txt"
"$H" --export config --output "$W/new.txt"
ok "a replaced file keeps its mode" [ "$(stat -c %a "$W/new.txt")" = 640 ]
ln -s new.txt "$W/link.txt"
"$H" --export command --output "$W/link.txt"
ok "a save through a link keeps the link" [ -L "$W/link.txt" ]
ok "... and writes its target" grep -q "^vllm serve" "$W/new.txt"
mkfifo "$W/fifo"
check "--output to a FIFO is refused" 2 "not a regular file" -- --export command --output "$W/fifo"
check "--output to a folder is refused" 2 "not a regular file" -- --export command --output "$W"
check "--output to a device is refused" 2 "not a regular file" -- --export command --output /dev/null
mkfifo "$W/fifo.yaml"
check "--config FIFO.yaml is refused without waiting" 2 "not a regular file" -- --config "$W/fifo.yaml" --report text
: >"$W/new.txt.tmp.AbC123"
touch -d '2 hours ago' "$W/new.txt.tmp.AbC123"
: >"$W/new.txt.tmp.fresh1"
"$H" --export command --output "$W/new.txt"
ok "a stale temporary file of a killed save is removed" [ ! -e "$W/new.txt.tmp.AbC123" ]
ok "a fresh one (a save in progress) is left alone" [ -e "$W/new.txt.tmp.fresh1" ]

# --- --list in JSON ---
for what in gpus mig models checkpoints; do
	out=$("$H" --list "$what" --report json)
	ok "--list $what --report json is a JSON array" sh -c \
	    'printf "%s" "$1" | head -c1 | grep -q "\["' _ "$out"
done
check "--list gpus JSON names ids" 0 '"id": "rtx-pro-6000-server"' -- --list gpus --report json
check "--list mig JSON names profiles" 0 '"profile": "2g.48gb"' -- --list mig --report json

# --- reproducible builds: no path of the build tree in the binary ---
bdir=$(cd "$(dirname "$H")" && pwd -P)
ok "the binary names no build-tree path" sh -c '! grep -a -q -F -- "$1" "$2"' _ "$bdir/" "$H"

# --- settings and XDG layers ---
mkdir -p "$W/xdg/headroom" "$W/site1/headroom" "$W/site2/headroom"
"$H" --gpu rtx-pro-6000-server --model Qwen/Qwen3-8B --save-scenario "$W/rtx.yaml" >/dev/null 2>&1
printf 'gpu: h200-nvl\ntokens-per-request: 8192\nother-usage: 0.5\n' >"$W/xdg/headroom/settings.yaml"
check "settings choose the card" 0 '"id": "h200-nvl"' -- --report json --max-model-len 8192
check "settings: a decimal value" 0 '"other_usage": 0.5,' -- --report json --max-model-len 8192
check "the command line wins over settings" 0 '"id": "l40s"' -- --gpu l40s --report json --model Qwen/Qwen3-8B
check "a scenario wins over settings" 0 "NVIDIA RTX PRO 6000" -- --scenario "$W/rtx.yaml" --report text
printf 'gpu: h200-nvl\ncolour: dark\n' >"$W/xdg/headroom/settings.yaml"
check "a bad setting is named with its line, then ignored" 0 "settings.yaml:2:1: colour: not a setting" -- \
    --gpu h200-nvl --max-model-len 8192 --report text
rm "$W/xdg/headroom/settings.yaml"
cat >"$W/site2/headroom/gpus.yaml" <<'YAML'
gpus:
  - id: site-card
    name: Site card (lower layer)
    family: Test
    cuda_total_gib: 40
    source: test
YAML
cat >"$W/site1/headroom/gpus.yaml" <<'YAML'
gpus:
  - id: site-card
    name: Site card (first listed)
    family: Test
    cuda_total_gib: 44
    source: test
YAML
XDG_CONFIG_DIRS="relative/ignored:$W/site1:$W/site2"
export XDG_CONFIG_DIRS
check "a site catalogue in XDG_CONFIG_DIRS loads" 0 "site-card" -- --list gpus
check "of two site folders the first listed wins" 0 "Site card (first listed)" -- --list gpus
cat >"$W/xdg/headroom/gpus.yaml" <<'YAML'
gpus:
  - id: site-card
    name: Site card (user's own)
    family: Test
    cuda_total_gib: 48
    source: test
YAML
check "the user's files win over the site's" 0 "Site card (user's own)" -- --list gpus
unset XDG_CONFIG_DIRS
rm "$W/xdg/headroom/gpus.yaml"

check "--model X -- vllm serve X is one model" 0 "vllm serve Qwen/Qwen3-8B --max-model-len 8000" -- \
    --gpu h200-nvl --model Qwen/Qwen3-8B --export command -- vllm serve Qwen/Qwen3-8B --max-model-len 8k
check "... two different models are refused" 2 "the model is already 'Qwen/Qwen3-8B'" -- \
    --gpu h200-nvl --model Qwen/Qwen3-8B --export command -- vllm serve Qwen/Qwen3-14B
check "a checkpoint of another model names its model and the way past" 2 \
    "is a checkpoint of zai-org/GLM-5.2, not of meta-llama/Llama-3.3-70B-Instruct: give --model nvidia/GLM-5.2-NVFP4" -- \
    --checkpoint nvidia/GLM-5.2-NVFP4 --gpu b200 --report text

check_summary
