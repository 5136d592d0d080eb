#!/bin/sh
# The fit finder view: --need opens it on the seeds' question (44 users of
# 8,192 tokens, Llama 3.3 70B FP8 with an FP8 cache).  Under the sizing
# rule one H200 NVL carries them, two RTX PRO 6000 replicas (24) do not;
# more users re-rank at once; Enter puts the chosen plan into the planner.
# At 80x24, cheapest first: 2 x RTX PRO 6000 Server with TP 2 is listed,
# the answer columns fit, r re-ranks; F keeps the plan's max-model-len and
# stops the tokens at the model's maximum.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 100 30 "--need 44 --tokens-per-request 8192 --overhead rule \
--model meta-llama/Llama-3.3-70B-Instruct --checkpoint nvidia/Llama-3.3-70B-Instruct-FP8 \
--kv-cache-dtype fp8 --cards h200-nvl,rtx-pro-6000-server"
j_wait "Plans that carry the users"
j_wait "44 requests of 8,192 tokens at once"
j_screen | grep -E -q "^ +[0-9]+ 1 × h200-nvl +1 +4[4-9] " || j_fail "one H200 NVL is not listed"
j_screen | grep -E -q "2 × rtx-pro-6000-server +DP2" && j_fail "two RTX PRO 6000 replicas listed for 44"
# fewer users: two RTX PRO 6000 replicas carry 24
j_keys "<"
j_wait "34 requests of 8,192"
j_keys "<" "-" "-" "-" "-" "-" "-" "-" "-" "-" "-"
j_wait "14 requests of 8,192"
j_screen | grep -E -q "2 × rtx-pro-6000-server +DP2" || j_fail "two RTX PRO 6000 replicas not listed for 14"
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
j_tmux kill-server

# the seeds' question as asked, at 80x24: any checkpoint, every card
j_start 80 24 "--need 44 --tokens-per-request 8192 \
--model nvidia/Llama-3.3-70B-Instruct-FP8 --kv-cache-dtype fp8"
j_wait "Plans that carry the users"
j_wait "by price (r)"
j_screen | grep -E -q "hardware +layout +users +\\\$/h +\\\$/user-h +tok/s" ||
    j_fail "the answer columns do not fit 80 columns"
j_screen | grep -E -q "2 × rtx-pro-6000-server +TP2 +77 +3\\.14 +0\\.0408 +~[0-9]+" ||
    j_fail "2 x RTX PRO 6000 Server, TP 2 is not listed with its answer"
# one row per hardware option: the other FP8 checkpoints are inside it
j_screen | grep -E "2 × rtx-pro-6000-server +TP2" | grep -q "+[1-9]" ||
    j_fail "no checkpoint alternatives in the row"
n=$(j_screen | grep -c -E "2 × rtx-pro-6000-server +TP2 ")
[ "$n" = 1 ] || j_fail "the hardware option is listed $n times"
# r: by price per user, then by cards (one card first)
j_keys r
j_wait "by price-per-user (r)"
j_keys r
j_wait "by cards (r)"
j_screen | grep -E -q "^ +1 1 × " || j_fail "ranked by cards, the first row is not one card"
j_keys Escape q
j_wait "headroom exited 0, terminal restored"
j_tmux kill-server

# F from a plan with --max-model-len 32768: the rows keep it; the tokens stop
# at the model's maximum (131,072 for Llama 3.3)
j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "5 Verdict"
j_keys F
j_wait "Plans that carry the users"
j_wait "(the plan's)"
j_screen | grep -q "max-model-len 32,768" || j_fail "F did not keep the plan's max-model-len"
j_screen | grep -q -- "--max-model-len 32768" || j_fail "the row's command runs another length"
j_keys "]" "]" "]" "]" "]" "]"
j_wait "of 131,072 tokens"
j_keys "]"
j_wait "of 131,072 tokens"
j_screen | grep -q "262,144" && j_fail "the tokens went past the model's maximum"
j_keys Escape q
j_wait "headroom exited 0, terminal restored"
