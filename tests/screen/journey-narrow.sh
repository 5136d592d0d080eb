#!/bin/sh
# At 80x24 over tmux: a card search that matches nothing gives the list
# back with the reason; a model without published checkpoints (Whisper)
# lists its own weights once, marked as the ones planned; a refusal too
# long to sit beside the typed text is shown with its prompt, readable.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

J_ENV="HF_HUB_OFFLINE=1"
j_start 80 24 "--gpu h200-nvl --model openai/whisper-large-v3"
j_wait "5 Verdict"
# the checkpoint list: one fp16 row, the one planned
[ "$(j_screen | grep -c 'fp16  derived from')" -eq 1 ] || j_fail "fp16 listed twice"
j_screen | grep -q '●✓ fp16' || j_fail "the planned weights are not marked"
# a card search that matches nothing
j_keys 1 /
j_keys -l whisper
j_keys Enter
j_wait "no card matches 'whisper'"
j_wait "h200-nvl"
j_screen | grep -q "GPU  */whisper" && j_fail "the card list stayed filtered"
# a long refusal
printf 'kept\n' >"$J_WORK/x.yaml"
j_keys s C-u
j_keys -l x.yaml
j_keys Enter
j_wait "x.yaml exists, not loaded here: Enter again"
[ "$(cat "$J_WORK/x.yaml")" = kept ] || j_fail "x.yaml replaced unasked"
j_keys Enter
j_wait "saved the scenario x.yaml"
j_keys q
j_wait "headroom exited 0, terminal restored"
