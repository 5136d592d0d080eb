#!/bin/sh
# exchange-cli.sh - the exchange options end to end: --from-command,
# --config, --export/--output, --save-scenario with its safety, --scenario,
# --check's exit status, --compare and --calibrate (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-xcli.XXXXXX")
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg
export XDG_CONFIG_HOME
. "${TOP_SRCDIR:-.}/tests/screen/check-lib.sh"



CMD='CUDA_VISIBLE_DEVICES=0 vllm serve nvidia/Llama-3.3-70B-Instruct-FP8 \
    --max-model-len=8192 --kv_cache_dtype fp8 --served-model-name "llama 70b"'
check "a pasted command plans" 0 '"not_modelled": \["--served-model-name llama 70b"\]' -- \
    --gpu h200-nvl --from-command "$CMD" --report json
check "pasted substitutions are refused, named" 2 "refusing '\$(id)'" -- \
    --from-command 'vllm serve m --served-model-name $(id)'
check "pasted pipes are refused, named" 2 "refusing '| tee x'" -- \
    --from-command 'vllm serve m | tee x'
check "text report lists what is not modelled" 0 "Not modelled (kept in the command as given): --served-model-name llama 70b" -- \
    --gpu h200-nvl --from-command "$CMD" --report text
check "markdown report too" 0 "Not modelled" -- --gpu h200-nvl --from-command "$CMD" --report markdown

# export, then import the config file
check "export config to a file" 0 "" -- --gpu h200-nvl --from-command "$CMD" \
    --export config --output "$W/serve.yaml"
ok "the config file holds the flags" grep -q '^kv-cache-dtype: fp8$' "$W/serve.yaml"
check "the config file plans the same" 0 "vllm serve nvidia/Llama-3.3-70B-Instruct-FP8 --max-model-len 8192 --kv-cache-dtype fp8 --served-model-name 'llama 70b'" -- \
    --gpu h200-nvl --config "$W/serve.yaml" --export command
check "the command line wins over the config" 0 "--max-model-len 4096" -- \
    --gpu h200-nvl --config "$W/serve.yaml" --max-model-len 4096 --export command
check "config must be yaml" 2 "Config file must be of a yaml/yml type. json supplied" -- \
    --config "$W/serve.json"
check "docker export" 0 "vllm/vllm-openai:v0.19.0 nvidia/Llama-3.3-70B-Instruct-FP8" -- \
    --gpu h200-nvl --vllm-version 0.19.0 --from-command "$CMD" --export docker
check "quote sheet" 0 "## Limits and assumptions" -- --gpu h200-nvl --from-command "$CMD" --export quote
check "export and report both print" 2 "choose one" -- --export command --report text
check "unknown export format" 2 "--export: 'pdf'" -- --export pdf
check "mig command pins the slice" 1 "CUDA_VISIBLE_DEVICES='MIG-<uuid>' vllm serve" -- \
    --gpu rtx-pro-6000-server --mig 2g.48gb --export command
check "a pinned slice needs --mig" 2 "say which profile with --mig" -- \
    --gpu rtx-pro-6000-server --from-command 'CUDA_VISIBLE_DEVICES=MIG-abc vllm serve Qwen/Qwen3-8B'

# scenarios: save, load, safety, check
S="$W/s.yaml"
check "save a scenario" 0 "saved the scenario" -- --gpu h200-nvl --from-command "$CMD" \
    --tokens-per-request 8192 --save-scenario "$S"
check "load it" 0 '"total_concurrency_at_tokens_per_request"' -- --scenario "$S" --report json
check "it checks clean" 0 "every figure as saved" -- --check "$S"
cp "$S" "$W/before.yaml"
check "saving over a file not loaded is refused" 2 "not loaded here: Enter again (planner) or --force" -- \
    --gpu h200-nvl --save-scenario "$S"
ok "the refused save kept the file" cmp -s "$S" "$W/before.yaml"
check "saving over the loaded file is fine" 0 "saved the scenario" -- --scenario "$S" \
    --max-model-len 4096 --save-scenario "$S"
check "a figure that moved is listed, exit 1" 1 "max-model-len" -- --check "$S" --max-model-len 8192
sed 's/^  available-kv-gib: .*/  available-kv-gib: 1.0/' "$S" > "$W/moved.yaml"
check "an edited figure moves, exit 1" 1 "available-kv-gib" -- --check "$W/moved.yaml"
check "--force replaces" 0 "saved the scenario" -- --gpu h200-nvl --save-scenario "$S" --force
printf 'headroom-scenario: 1\nmodel: [\n' > "$W/broken.yaml"
check "a broken scenario is exit 2 with its position" 2 "broken.yaml:" -- --check "$W/broken.yaml"
printf 'headroom-scenario: 1\nmodel: Qwen/Qwen3-8B\n' > "$W/nofig.yaml"
check "a scenario without figures cannot be checked" 2 "has no figures" -- --check "$W/nofig.yaml"

# compare: the seeds' question
D="$TOP/data/scenarios"
check "compare prints the four plans" 0 "1 x H200 NVL  *2 x RTX PRO 6000, TP 2  *4 x MIG 1g.24gb  *2 x MIG 2g.48gb" -- \
    --compare "$D/llama70b-fp8-h200-nvl.yaml" "$D/llama70b-fp8-2x-rtx-pro-6000.yaml" \
    "$D/llama70b-fp8-mig-4x1g.24gb.yaml" "$D/llama70b-fp8-mig-2x2g.48gb.yaml"
check "compare as json" 0 '"price_per_user_hour_usd"' -- --report json \
    --compare "$D/llama70b-fp8-h200-nvl.yaml" "$D/llama70b-fp8-2x-rtx-pro-6000.yaml"

# calibrate
L="$TOP/tests/fixtures/logs"
check "calibrate against a real log" 0 "Available KV cache memory, GiB  *58.11" -- \
    --calibrate "$L/v0.19-llama8b-h100-tp1.log"
check "calibrate as json" 0 '"log_vllm_version": "0.19.0"' -- \
    --calibrate "$L/v0.19-llama8b-h100-tp1.log" --report json
check "save the calibration" 0 "saved the calibration profile" -- \
    --calibrate "$L/v0.19-llama8b-h100-tp1.log" --save-calibration
check "later plans use it" 0 '"calibrated": \["weights", "activation", "non_torch", "cuda_graphs"\]' -- \
    --gpu h100-sxm --model meta-llama/Llama-3.1-8B-Instruct --vllm-version 0.19.0 --report json
check "a cut-short log says what is missing" 0 "ends before vLLM sized the KV cache" -- \
    --calibrate "$L/v0.19-llama8b-h100-truncated.log"
check "a cut-short log has nothing to store" 2 "nothing measured to store" -- \
    --calibrate "$L/v0.19-llama8b-h100-truncated.log" --save-calibration
check "not a log" 2 "no vLLM startup line found" -- --calibrate "$L/not-a-log.log"
check "no such log" 2 "No such file" -- --calibrate "$W/none.log"

# a pasted line break (or U+2028, NEL, CR LF) in a value cannot add a key to
# the config export: parsed back (and exported again), the file holds the
# model and the one flag, nothing else
k=0
for brk in '\n' '\342\200\250' '\302\205' '\r\n'; do
	k=$((k + 1))
	PASTED=$(printf "HX_A='x${brk}trust-remote-code: true' vllm serve Qwen/Qwen3-8B --served-model-name 'y${brk}enforce-eager: true'")
	check "a pasted line break stays in its value (case $k)" 0 "" -- --gpu h100-sxm \
	    --from-command "$PASTED" --export config --output "$W/inj.yaml"
	ok "no key came out of it (case $k)" sh -c "! grep -q '^[a-z-]*: true' '$W/inj.yaml'"
	check "the export reads back (case $k)" 0 "" -- \
	    --gpu h100-sxm --config "$W/inj.yaml" --export config --output "$W/inj2.yaml"
	ok "and holds only the model and the flag (case $k)" \
	    test "$(grep -v '^#' "$W/inj2.yaml" | cut -d: -f1 | tr '\n' ' ')" = "model served-model-name "
done

# a save through a symbolic link writes the link's target and keeps the
# link; a temporary file a killed save left behind goes with the next save
mkdir -p "$W/ln"
printf 'x: 1\n' > "$W/ln/target.yaml"
ln -s target.yaml "$W/ln/link.yaml"
: > "$W/ln/target.yaml.tmp.AbC123"
touch -d '2 hours ago' "$W/ln/target.yaml.tmp.AbC123"
check "save a scenario through a link" 0 "saved the scenario" -- --gpu h100-sxm \
    --model Qwen/Qwen3-8B --save-scenario "$W/ln/link.yaml" --force
ok "the link is still a link" test -L "$W/ln/link.yaml"
ok "its target holds the scenario" grep -q '^headroom-scenario: ' "$W/ln/target.yaml"
ok "the stale temporary file is gone" test ! -e "$W/ln/target.yaml.tmp.AbC123"

check_summary
