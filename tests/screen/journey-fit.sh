#!/bin/sh
# The fit finder view: --need opens it on the seeds' question (44 users of
# 8,192 tokens, Llama 3.3 70B FP8 with an FP8 cache, the sizing rule); one
# H200 NVL carries them, two RTX PRO 6000 replicas (24) do not.  More users
# re-rank at once; Enter puts the chosen plan into the planner.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 100 30 "--need 44 --tokens-per-request 8192 --overhead rule \
--model meta-llama/Llama-3.3-70B-Instruct --checkpoint nvidia/Llama-3.3-70B-Instruct-FP8 \
--kv-cache-dtype fp8 --cards h200-nvl,rtx-pro-6000-server"
j_wait "Plans that carry the users"
j_wait "44 requests of 8,192 tokens at once"
j_screen | grep -q "  1 h200-nvl  *1 1x1x1" || j_fail "one H200 NVL is not first"
j_screen | grep -q "rtx-pro-6000-server  *2 1x1x2" && j_fail "two RTX PRO 6000 replicas listed for 44"
# fewer users: two RTX PRO 6000 replicas carry 24
j_keys "<"
j_wait "34 requests of 8,192"
j_keys "<" "-" "-" "-" "-" "-" "-" "-" "-" "-" "-"
j_wait "14 requests of 8,192"
j_screen | grep -q "rtx-pro-6000-server  *2 1x1x2" || j_fail "two RTX PRO 6000 replicas not listed for 14"
# the slider of the view: longer requests
j_keys Right
j_wait "14 requests of 9,216 tokens"
# Enter plans the first row in the planner
j_keys Enter
j_wait_gone "Plans that carry the users"
j_wait "the planner now shows that plan"
j_wait "vLLM starts."
j_keys q
j_wait "headroom exited 0, terminal restored"
