#!/bin/sh
# Paste a vllm serve command into the planner: continuation lines, flags
# headroom does not model kept, hostile text refused in place, undo.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 120 30 "--gpu h200-nvl"
j_wait "vLLM starts."
j_keys p
j_wait "vllm serve command:"
# a two-line paste: the backslash keeps the prompt open
j_keys -l 'CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen3-8B \'
j_keys Enter
j_wait "vllm serve command: CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen3-8B"
j_keys -l "  --max-model-len 16k --served-model-name 'my qwen'"
j_keys Enter
j_wait "command: Qwen/Qwen3-8B, with flags headroom does not model kept"
j_wait "$ CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen3-8B --max-model-len 16000"
j_screen | grep -q "Qwen3 8B" || j_fail "the model did not change"
# text only a shell could expand is refused, the prompt stays open
j_keys p
j_wait "vllm serve command:"
j_keys -l 'vllm serve Qwen/Qwen3-8B --served-model-name $(id)'
j_keys Enter
j_wait "refusing '\$(id)'"
# the refusal too long to sit beside the text takes its place, the prompt open
j_screen | grep -q "vllm serve command: refusing" || j_fail "prompt closed"
# the next key edits the text and brings it back
j_keys BSpace
j_wait "served-model-name \$(id"
j_wait_gone "refusing '"
j_keys Escape
j_wait_gone "vllm serve command:"
# undo brings the previous plan back
j_keys u
j_wait "$ vllm serve nvidia/Llama-3.3-70B-Instruct-FP8"
j_keys q
j_wait "headroom exited 0, terminal restored"
