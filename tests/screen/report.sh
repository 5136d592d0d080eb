#!/bin/sh
# report.sh - the scriptable report end to end: exit status 0/1/2, the
# JSON contract's key lines, error messages naming flag and value, and the
# seeds' users-per-card figures.
set -u
H=${HEADROOM_BIN:-./headroom}
. "${TOP_SRCDIR:-.}/tests/screen/check-lib.sh"

F="--model nvidia/Llama-3.3-70B-Instruct-FP8 --kv-cache-dtype fp8 --tokens-per-request 8192 --max-model-len 8192 --overhead rule --report json"
check "default scenario prints a text report" 1 "Verdict:" -- --report text
check "h200 nvl carries 44 users (rule)" 0 '"total_concurrency_at_tokens_per_request": 44' -- --gpu h200-nvl $F
check "one rtx pro 6000 server carries 12" 0 '"total_concurrency_at_tokens_per_request": 12' -- --gpu rtx-pro-6000-server $F
check "two carry 24" 0 '"total_concurrency_at_tokens_per_request": 24' -- --gpu rtx-pro-6000-server --gpus 2 $F
check "131072 with fp8 kv refused at kv-cache" 1 '"phase": "kv-cache"' -- --gpu rtx-pro-6000-server --model nvidia/Llama-3.3-70B-Instruct-FP8 --kv-cache-dtype fp8 --report json
check "bf16 70b fails at weights" 1 '"phase": "weights"' -- --gpu rtx-pro-6000-server --model meta-llama/Llama-3.3-70B-Instruct --report json
check "tp across mig is a config failure" 1 '"phase": "config"' -- --gpu rtx-pro-6000-server --mig 2g.48gb -tp 2 --model meta-llama/Llama-3.1-8B-Instruct --report json
check "nvfp4 on hopper plans on weight-only marlin" 0 'weight-only Marlin' -- --gpu h200-nvl --model nvidia/Llama-3.3-70B-Instruct-FP4 --report json
check "tp not dividing heads" 1 'must be divisible by tensor parallel size (3)' -- --gpu h100-sxm -tp 3 --model meta-llama/Llama-3.3-70B-Instruct --report text
check "unknown gpu lists closest ids" 2 "h200-nvl" -- --gpu h200nvl --report json
check "bad value names flag and value" 2 "--max-num-seqs: 'many'" -- --max-num-seqs many
check "vllm command after --" 0 '"vllm_command": "vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 16000' -- --gpu h100-sxm --gpus 2 --report json -- vllm serve Qwen/Qwen3-8B -tp 2 --max-model-len 16k --served-model-name q
check "markdown report" 0 '^| Weights |' -- --gpu h200-nvl --model Qwen/Qwen3-32B --max-model-len 32768 --report markdown
check "list gpus" 0 'rtx-pro-6000-maxq' -- --list gpus
check "list mig" 0 '1g.24gb' -- --list mig
check "help" 0 'Usage: headroom' -- --help
check "local model folder" 0 'Model loading took 14.99 GiB' -- --gpu h100-sxm --model "${TOP_SRCDIR:-.}/tests/fixtures/local-llama8b" --max-model-len 8192 --report text
check "broken local config names file and line" 2 'config.json:5:' -- --model "${TOP_SRCDIR:-.}/tests/fixtures/local-bad" --report json
check "not a terminal: text report by default" 1 'Verdict:' --

# a broken user catalogue file is reported; the built-in one still works
tmp=$(mktemp -d)
mkdir -p "$tmp/headroom"
cp "${TOP_SRCDIR:-.}/tests/fixtures/bad-catalogue.yaml" "$tmp/headroom/mine.yaml"
n=$((n + 1))
out=$(XDG_CONFIG_HOME=$tmp "$H" --gpu my-card --model meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 --report json 2>&1)
st=$?
if [ $st -eq 0 ] && printf '%s\n' "$out" | grep -q 'mine.yaml:7:' && printf '%s\n' "$out" | grep -q '"total_gib": 47.5'; then
	echo "ok $n - broken user catalogue reported, good entries used"
else
	echo "not ok $n - broken user catalogue (exit $st)"
	echo "$out" | sed 's/^/# /' | head -20
	fails=$((fails + 1))
fi
rm -rf "$tmp"

# a model folder whose name holds a line break and Markdown: the heading
# and the code span stay whole
tmp=$(mktemp -d "${TMPDIR:-/tmp}/headroom-md.XXXXXX")
d="$tmp/a \`b\`
# c"
mkdir -p "$d" && cp "${TOP_SRCDIR:-.}/tests/fixtures/local-llama8b/config.json" "$d/"
"$H" --gpu h200-nvl --max-model-len 8192 --model "$d" --report markdown >"$tmp/r.md" 2>&1
ok "markdown: a folder named with a line break keeps its heading on one line" \
    sh -c 'head -n 1 "$1" | grep -q " on NVIDIA H200 NVL$" && ! grep -q "^# c" "$1"' _ "$tmp/r.md"
"$H" --gpu h200-nvl --max-model-len 8192 --model "$d" --report text >"$tmp/r.txt" 2>&1
ok "text: ... and the title line stays one line" \
    sh -c 'head -n 1 "$1" | grep -q "(bf16)$" && ! grep -q "^# c" "$1"' _ "$tmp/r.txt"
rm -rf "$tmp"

check_summary
