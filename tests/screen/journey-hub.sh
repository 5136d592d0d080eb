#!/bin/sh
# A model from outside the catalogue in the planner: typed into the model
# search, found on the (stand-in) Hub with Enter, planned, marked as from
# the Hub, exported with its repo id; then listed from the cache offline.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"
HUB_SKIP=77
. "${TOP_SRCDIR:-.}/tests/hub/hub-lib.sh"
trap 'hub_stop; j_cleanup' EXIT
hub_start "$J_WORK"

j_start 120 40 "--gpu h100-sxm"
j_wait "2 Model"
j_keys 2 / "Qwen/Qwen2.5-0.5B-Instruct"
j_wait "no model matches"
j_keys Enter
j_wait "model: Qwen/Qwen2.5-0.5B-Instruct (not in the catalogue; from http://127.0.0.1"
j_wait "(hub) Qwen/Qwen2.5-0.5B-Instruct"
# the plan: weights from the safetensors header, then the KV cache
j_wait "vllm serve Qwen/Qwen2.5-0.5B-Instruct"
j_keys w C-u "$J_WORK/serve.sh" Enter
j_wait "wrote the command line to"
grep -q "^vllm serve Qwen/Qwen2.5-0.5B-Instruct" "$J_WORK/serve.sh" ||
	j_fail "serve.sh: $(cat "$J_WORK/serve.sh")"
grep -q "snapshots" "$J_WORK/serve.sh" && j_fail "the export names the cache path"
j_keys q
j_wait "headroom exited 0, terminal restored"
j_tmux kill-server
grep -q "resolve/.*/config.json" "$J_WORK/log" || j_fail "the Hub was not asked"

# offline now: the search lists the cached model, Enter plans it
hub_stop
J_ENV="HF_HUB_OFFLINE=1"
j_start 120 40 "--gpu h100-sxm"
j_wait "2 Model"
j_keys 2 / "qwen2.5-0.5"
j_wait "(cache) Qwen/Qwen2.5-0.5B-Instruct"
j_keys Enter
j_wait "model: Qwen/Qwen2.5-0.5B-Instruct (not in the catalogue; from $J_WORK/cache/models--Qwen"
j_wait "(cache) Qwen/Qwen2.5-0.5B-Instruct"
j_keys q
j_wait "headroom exited 0, terminal restored"

# a fetch that takes a while shows its progress on the status line; Esc cancels it
hub_start "$J_WORK"
J_ENV="HF_HUB_DOWNLOAD_TIMEOUT=10"
j_tmux kill-server
j_start 120 40 "--gpu h100-sxm"
j_wait "2 Model"
j_keys 2 / "slowok/Fine"
j_wait "no model matches"
j_keys Enter
j_wait "fetching slowok/Fine file list from http://127.0.0.1"
j_keys Escape
j_wait "fetching slowok/Fine from http://127.0.0.1"
j_wait ": cancelled"
j_screen | grep -q "headroom  h100-sxm  Llama" || j_fail "the model changed"
j_keys q
j_wait "headroom exited 0, terminal restored"

# on the command line the progress goes to stderr, then is cleared
J_ENV="HF_HUB_DOWNLOAD_TIMEOUT=10"
j_tmux kill-server
j_start 120 10 "--gpu h100-sxm --model slowok/Fine --report text --output $J_WORK/r.txt"
j_wait "headroom: fetching slowok/Fine file list from http://127.0.0.1"
j_wait "headroom exited 0"
j_screen | grep -q "headroom: fetching" && j_fail "the progress line was left on screen"
grep -q "Model from outside the catalogue (hub)" "$J_WORK/r.txt" || j_fail "no plan"
