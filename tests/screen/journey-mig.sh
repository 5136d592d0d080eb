#!/bin/sh
# The card list: the RTX PRO 6000 Server's 2g.48gb slice cannot hold the
# 70B FP8 weights; the whole card can.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "vLLM starts."
j_wait "rtx-pro-6000-server"
# the cursor starts on the card; its slices follow it
j_keys j
j_wait "1g.24gb: MIG slice"
j_keys j
j_wait "2g.48gb: MIG slice"
j_keys Enter
j_wait "stops at weight loading"
j_wait "card: rtx-pro-6000-server 2g.48gb"
j_screen | grep -q "47.38 GiB  94 SMs" || j_fail "slice facts missing"
# back to the whole card: up two rows
j_keys k k Enter
j_wait "vLLM starts."
j_keys q
j_wait "headroom exited 0, terminal restored"
