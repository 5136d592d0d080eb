#!/bin/sh
# The exported command follows the screen: after choosing another model in
# the planner (2, /, 3.1 8b, Enter, Enter) or applying a fix that changes
# the model, the vllm serve line, w, y and a saved scenario are the plan on
# screen, and equal what the command line exports for the same inputs.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 120 40 "--gpu h200-nvl --model Qwen/Qwen3-32B"
j_wait "$ vllm serve Qwen/Qwen3-32B"
j_keys 2
j_keys /
j_wait "search models"
j_keys "3.1 8b" Enter
j_keys Enter
j_wait "$ vllm serve meta-llama/Llama-3.1-8B-Instruct"
j_keys w C-u "$J_WORK/serve.sh" Enter
j_wait "wrote the command line to"
"$HEADROOM_BIN" --gpu h200-nvl --model meta-llama/Llama-3.1-8B-Instruct \
    --export command | grep -v '^#' > "$J_WORK/want.sh"
cmp -s "$J_WORK/serve.sh" "$J_WORK/want.sh" ||
	j_fail "w wrote '$(cat "$J_WORK/serve.sh")', the command line exports '$(cat "$J_WORK/want.sh")'"
j_keys y
j_wait "copied the command line"
i=0
until j_tmux show-buffer 2>/dev/null | grep -q "^vllm serve meta-llama/Llama-3.1-8B-Instruct$"; do
	i=$((i + 1))
	[ "$i" -lt 100 ] || j_fail "y copied: $(j_tmux show-buffer 2>&1)"
	sleep 0.05
done
j_keys s C-u "$J_WORK/s.yaml" Enter
j_wait "saved the scenario"
"$HEADROOM_BIN" --gpu h200-nvl --model meta-llama/Llama-3.1-8B-Instruct \
    --save-scenario "$J_WORK/want.yaml" --report json >/dev/null 2>&1
cmp -s "$J_WORK/s.yaml" "$J_WORK/want.yaml" ||
	j_fail "saved scenario differs: $(diff "$J_WORK/want.yaml" "$J_WORK/s.yaml")"
grep -q '^model: meta-llama/Llama-3.1-8B-Instruct$' "$J_WORK/s.yaml" ||
	j_fail "scenario model: $(grep '^model' "$J_WORK/s.yaml")"
grep -q "^command: ['\"]vllm serve meta-llama/Llama-3.1-8B-Instruct['\"]$" "$J_WORK/s.yaml" ||
	j_fail "scenario command: $(grep '^command' "$J_WORK/s.yaml")"
j_keys q
j_wait "headroom exited 0, terminal restored"
j_tmux kill-server >/dev/null 2>&1

# a fix that changes the model: 70B in 16 bits does not fit one card
j_start 120 40 "--gpu rtx-pro-6000-server --model meta-llama/Llama-3.3-70B-Instruct"
j_wait "$ vllm serve meta-llama/Llama-3.3-70B-Instruct"
j_keys 5 Home
k=0
until j_screen | grep "▸" | grep -q -- "--model nvidia/"; do
	k=$((k + 1))
	[ "$k" -lt 12 ] || j_fail "no fix that changes the model"
	j_keys j
	sleep 0.1
done
fix=$(j_screen | grep "▸" | sed 's/.*--model \(nvidia\/[^ ]*\).*/\1/')
j_keys Enter
j_wait "applied: --model $fix"
j_wait "$ vllm serve $fix"
j_keys w C-u "$J_WORK/fix.sh" Enter
j_wait "wrote the command line to"
"$HEADROOM_BIN" --gpu rtx-pro-6000-server --model "$fix" --export command |
    grep -v '^#' > "$J_WORK/want.sh"
cmp -s "$J_WORK/fix.sh" "$J_WORK/want.sh" ||
	j_fail "after the fix w wrote '$(cat "$J_WORK/fix.sh")', want '$(cat "$J_WORK/want.sh")'"
j_keys s C-u "$J_WORK/fix.yaml" Enter
j_wait "saved the scenario"
grep -q "^command: ['\"]vllm serve $fix['\"]$" "$J_WORK/fix.yaml" ||
	j_fail "scenario command after the fix: $(grep '^command' "$J_WORK/fix.yaml")"
j_keys q
j_wait "headroom exited 0, terminal restored"
