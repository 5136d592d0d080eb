#!/bin/sh
# Nothing the user saved is lost: w (and Q, and the deployment view's
# files) over an existing file asks first, Enter again replaces it; typed
# tokens per request stay in the range every reader takes, so a scenario
# saved from the planner opens again.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

printf 'kept\n' >"$J_WORK/plan.yaml"
j_start 80 24 "--gpu h200-nvl --model Qwen/Qwen3-8B --max-model-len 8192"
j_wait "5 Verdict"
j_keys w C-u
j_keys -l plan.yaml
j_keys Enter
j_wait "the file exists; Enter again replaces it"
[ "$(cat "$J_WORK/plan.yaml")" = kept ] || j_fail "w replaced plan.yaml unasked"
j_keys Enter
j_wait "wrote the command line to plan.yaml"
grep -q "^vllm serve Qwen/Qwen3-8B" "$J_WORK/plan.yaml" || j_fail "Enter again did not write"
j_keys t C-u
j_keys -l 999999999
j_keys Enter
j_wait "from 1 to 100000000"
j_keys C-u
j_keys -l 100000000
j_keys Enter
j_wait "100,000,000"
j_keys s C-u
j_keys -l big.yaml
j_keys Enter
j_wait "saved the scenario big.yaml"
j_keys q
j_wait "headroom exited 0, terminal restored"
"$HEADROOM_BIN" --scenario "$J_WORK/big.yaml" --report text >/dev/null 2>&1
[ $? -ne 2 ] || j_fail "the saved scenario does not open"
