#!/bin/sh
# The compare view: the plan on screen next to the example scenarios of
# the seeds' question (Llama 3.3 70B FP8, FP8 KV, 8192 tokens).
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

D=$(cd "${TOP_SRCDIR:-.}/data/scenarios" && pwd)
j_start 160 40 "--scenario $D/llama70b-fp8-h200-nvl.yaml"
j_wait "vLLM starts."
j_keys c
j_wait "compare with scenario files:"
j_keys C-u "$D/llama70b-fp8-*.yaml" Enter
j_wait "Compare (Esc or c closes"
j_wait "this plan"
j_wait "1 x H200 NVL"
j_wait "2 x RTX PRO 6000, TP 2"
j_wait "4 x MIG 1g.24gb"
j_wait "fails: weights"
j_wait "Total users"
j_wait "Price per user-hour"
# scroll right and back, then close
j_keys Right Right
j_wait_gone "Total users"
j_keys Left Left
j_wait "Total users"
j_keys Escape
j_wait_gone "Price per user-hour"
j_wait "vLLM starts."
# a file that is not a scenario is named in place
j_keys c C-u "$D/nope.yaml" Enter
j_wait "nope.yaml"
j_keys Escape q
j_wait "headroom exited 0, terminal restored"
