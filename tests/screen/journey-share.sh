#!/bin/sh
# Two instances on one RTX PRO 6000: the shared-card view shows both
# budgets, refuses fractions that sum over 1, and the upgrade view shows
# the same plan under another release.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 100 30 "--gpu rtx-pro-6000-server --tokens-per-request 8192 \
--instance model=meta-llama/Llama-3.1-8B-Instruct,util=0.45,max-model-len=32768 \
--instance model=Qwen/Qwen3-8B,util=0.5,max-model-len=32768"
j_wait "This card shared by several vLLM instances"
j_wait "fractions sum to 0.95"
j_wait "all start: any order"
j_wait "CUDA_VISIBLE_DEVICES=0 vllm serve"
# raise the first instance's fraction past the card
j_keys + + + + + +
j_wait "fractions sum to 1.01"
j_wait "The fractions sum to 1.01"
j_keys - -
j_wait "fractions sum to 0.99"
# close it, then the upgrade view of the planner's plan
j_keys Escape
j_wait_gone "This card shared"
j_keys U
j_wait "This plan under vLLM"
j_wait "release difference"
j_keys Escape
j_wait_gone "This plan under vLLM"
j_keys q
j_wait "headroom exited 0, terminal restored"
