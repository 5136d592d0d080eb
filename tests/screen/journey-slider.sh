#!/bin/sh
# The tokens-per-request slider: shorter requests, more of them fit.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "32,768 tokens per request: "
j_wait "requests fit"
full=$(j_requests)
[ -n "$full" ] || j_fail "no request count on screen"
j_keys "["
j_wait "16,384"
half=$(j_requests)
[ "$half" -gt "$full" ] || j_fail "16k requests ($half) not more than 32k ones ($full)"
j_keys Left
j_wait "15,872"
j_keys T
j_wait "tokens per request (max-model-len): $full requests"
# typed value
j_keys t C-u 4k Enter
j_wait "4,000"
four=$(j_requests)
[ "$four" -gt "$half" ] || j_fail "4k requests ($four) not more than 16k ones ($half)"
j_keys q
j_wait "headroom exited 0, terminal restored"
