#!/bin/sh
# A fix past the weights that would stop at the KV cache sizing brings the
# context that fits: Gemma 4 31B on an L40S stops at the weights, on two
# cards at the KV cache for its 262,144 tokens; the verdict offers both
# changes in one fix, applying it starts vLLM and the command line says
# both; undo brings the first failure back.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "--gpu l40s --model google/gemma-4-31B-it"
j_wait "stops at weight loading"
# first the same card with FP8 weights and a shorter context, then TP 2
j_wait "shorter context --quantization fp8 --max-model-len "
j_keys 5 j
j_wait "more hardware   --tensor-parallel-size 2 --max-model-len "
j_keys Enter
j_wait "applied: --tensor-parallel-size 2 --max-model-len "
j_wait "vLLM starts."
len=$(j_screen | sed -n 's/.*applied: --tensor-parallel-size 2 --max-model-len \([0-9]*\) .*/\1/p')
[ -n "$len" ] || j_fail "no context in the applied fix"
j_screen | tr -d '\n' | grep -q -e "--tensor-parallel-size 2 *--max-model-len $len" ||
    j_fail "the command line lacks TP 2 and the context $len"
j_screen | grep -q '^\$ vllm serve google/gemma-4-31B-it' ||
    j_fail "the command line is not the plan's"
j_keys u
j_wait "stops at weight loading"
j_keys q
j_wait "headroom exited 0, terminal restored"
