#!/bin/sh
# The planner in the user's currency: --currency EUR=0.5 turns the fit
# finder's answer columns into EUR (2 x RTX PRO 6000 Server, TP 2: $3.14/h
# is EUR 1.57/h), names the rate under the rows and still fits 80x24.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "--currency EUR=0.5@2026-11-30 --need 44 --tokens-per-request 8192 \
--model nvidia/Llama-3.3-70B-Instruct-FP8 --kv-cache-dtype fp8"
j_wait "Plans that carry the users"
j_wait "by price (r)"
j_screen | grep -E -q "hardware +layout +users +EUR/h +EUR/u-h +tok/s" ||
    j_fail "the answer columns are not in EUR or do not fit 80 columns"
j_screen | grep -E -q "2 × rtx-pro-6000-server +TP2 +77 +1\\.57 +0\\.0204 +~[0-9]+" ||
    j_fail "2 x RTX PRO 6000 Server, TP 2 is not listed at USD x 0.5"
j_screen | grep -q "prices converted from USD at 0.5 EUR per USD" ||
    j_fail "the rate is not named"
j_screen | grep -q '\$' && j_fail "a dollar sign is left on the screen"
j_keys Escape q
j_wait "headroom exited 0, terminal restored"
