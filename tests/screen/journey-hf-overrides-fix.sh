#!/bin/sh
# The GTE fix that names vLLM's class: mGTE's config.json names NewModel,
# which vLLM's registry lacks; applying the --hf-overrides fix (5, f) must
# put the override on the vllm serve line, in w's file and in a saved
# scenario, so that the command the screen shows starts as planned.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

J_ENV="LC_ALL=C.UTF-8 TERM=xterm-256color"
j_start 80 24 "--gpu gb10 --model Alibaba-NLP/gte-multilingual-base"
j_wait "stops at configuration check"
j_keys 5 Home
j_wait "--hf-overrides '{\"architectures\": [\"GteNewModel\"]}'"
j_keys f
j_wait "applied: --hf-overrides"
j_wait "vLLM starts."
j_wait "$ vllm serve Alibaba-NLP/gte-multilingual-base --hf-overrides"
j_keys w C-u "$J_WORK/serve.sh" Enter
j_wait "wrote the command line to"
want="vllm serve Alibaba-NLP/gte-multilingual-base --hf-overrides '{\"architectures\": [\"GteNewModel\"]}'"
[ "$(cat "$J_WORK/serve.sh")" = "$want" ] ||
	j_fail "w wrote '$(cat "$J_WORK/serve.sh")', want '$want'"
"$HEADROOM_BIN" --gpu gb10 --from-command "$(cat "$J_WORK/serve.sh")" \
    --report text > "$J_WORK/replan.txt" 2>&1 ||
	j_fail "the written command does not start: $(cat "$J_WORK/replan.txt")"
j_keys s C-u "$J_WORK/s.yaml" Enter
j_wait "saved the scenario"
grep -q 'GteNewModel' "$J_WORK/s.yaml" ||
	j_fail "the scenario lost the override: $(cat "$J_WORK/s.yaml")"
"$HEADROOM_BIN" --scenario "$J_WORK/s.yaml" --report text \
    > "$J_WORK/scen.txt" 2>&1 ||
	j_fail "the saved scenario does not start: $(cat "$J_WORK/scen.txt")"
j_keys u
j_wait "stops at configuration check"
j_wait_gone "$ vllm serve Alibaba-NLP/gte-multilingual-base --hf-overrides"
j_keys q
j_wait "headroom exited 0, terminal restored"
