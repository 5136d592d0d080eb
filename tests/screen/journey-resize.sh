#!/bin/sh
# Resizing: below 80x24 a "too small" notice, back up the panes again;
# larger terminals get the side-by-side layout with a title row.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "Concurrency"
j_tmux resize-window -t j -x 70 -y 20
j_wait "terminal too small: 70x20"
j_tmux resize-window -t j -x 80 -y 24
j_wait "Concurrency"
j_wait_gone "terminal too small"
j_tmux resize-window -t j -x 200 -y 50
j_wait "headroom  rtx-pro-6000-server"
j_wait "Maximum concurrency for 32,768 tokens per request"
j_keys "?"
j_wait "headroom keys"
j_keys Escape
j_wait_gone "headroom keys"
j_keys q
j_wait "headroom exited 0, terminal restored"
