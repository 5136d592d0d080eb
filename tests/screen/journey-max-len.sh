#!/bin/sh
# Raising --max-model-len until KV-cache sizing fails with vLLM's words,
# then applying the top fix.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "vLLM starts."
j_keys 4 j
j_wait "--max-model-len = 32,768"
j_keys PPage
j_wait "stops at KV cache sizing"
j_wait "131,072"
# vLLM's whole message is in the details overlay
j_keys i
j_wait "KV cache is needed"
j_keys Escape
j_wait_gone "Verdict in full"
# the fixes are ranked; f applies the selected (first) one
j_keys f
j_wait "applied:"
j_wait "vLLM starts."
# undo brings the failure back
j_keys u
j_wait "stops at KV cache sizing"
j_keys q
j_wait "headroom exited 0, terminal restored"
