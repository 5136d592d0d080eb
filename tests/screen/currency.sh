#!/bin/sh
# currency.sh - prices in the user's currency (--currency CODE=RATE[@DATE],
# settings key currency): the quote, the text report on nodes, the fit
# finder and compare show USD x rate to the cent with the code and say once
# how they were converted; JSON keeps USD and names the rate; bad values are
# refused naming the option or file:line; a comma-decimal locale changes
# nothing (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
SRC=${TOP_SRCDIR:-.}
. "$SRC/tests/screen/check-lib.sh"
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-currency.XXXXXX")
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg
export XDG_CONFIG_HOME
mkdir -p "$W/xdg/headroom"
SET=$W/xdg/headroom/settings.yaml
P="--gpu h200-nvl --model Qwen/Qwen3-32B --max-model-len 32768"

ok() {	# ok NAME COMMAND...: passes when the command succeeds
	name=$1
	shift
	n=$((n + 1))
	if "$@" >"$W/ok.log" 2>&1; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		sed 's/^/# /' "$W/ok.log" | head -10
		fails=$((fails + 1))
	fi
}

# USD x rate as "%.2f" prints it (awk in the C locale)
usd_times() { LC_ALL=C awk -v u="$1" -v r="$2" 'BEGIN { printf "%.2f", u * r }'; }
# the first number after "KEY": in a JSON report
json_num() { sed -n "s/.*\"$1\": \\([0-9.]*\\).*/\\1/p" | head -1; }

usd=$("$H" $P --report json 2>/dev/null | json_num price_per_hour_usd)
node_usd=$("$H" --node hgx-h100-8 --model Qwen/Qwen3-8B --max-model-len 8192 --report json 2>/dev/null |
    sed -n '/"placement"/,$p' | json_num price_per_hour_usd)
ok "the catalogue has USD prices to convert ($usd, node $node_usd)" test -n "$usd" -a -n "$node_usd"

# --- the command line ---
eur=$(usd_times "$usd" 0.9137)
check "quote: card-hour in EUR = USD x rate" 0 "| Price | EUR $eur per card-hour" -- \
    $P --currency EUR=0.9137@2026-11-30 --export quote
"$H" $P --currency EUR=0.9137@2026-11-30 --export quote 2>&1 | tr '\n' ' ' | tr -s ' ' >"$W/q1.txt"
ok "quote: the conversion is said" grep -q "prices converted from USD at 0.9137 EUR per USD (rate given by the user, 2026-11-30)" "$W/q1.txt"
"$H" $P --currency EUR=0.9137 --export quote >"$W/q.md" 2>&1
ok "quote: no dollar figure left" sh -c '! grep -q "\\$[0-9]" "$1"' _ "$W/q.md"
ok "quote: the conversion said once" test "$(grep -c 'prices converted from USD' "$W/q.md")" -eq 1
tr '\n' ' ' <"$W/q.md" | tr -s ' ' >"$W/q2.txt"
ok "quote: an undated rate says so without a date" grep -q "0.9137 EUR per USD (rate given by the user)" "$W/q2.txt"
check "quote without --currency stays in dollars" 0 '| Price | \$'"$(usd_times "$usd" 1) per card-hour" -- $P --export quote
neur=$(usd_times "$node_usd" 0.86)
check "text report on nodes: price in GBP = USD x rate" 0 "price: GBP $neur per hour for 1 node" -- \
    --node hgx-h100-8 --model Qwen/Qwen3-8B --max-model-len 8192 --currency GBP=0.86 --report text
check "text report on nodes: the conversion is said" 0 "note: prices converted from USD at 0.86 GBP per USD" -- \
    --node hgx-h100-8 --model Qwen/Qwen3-8B --max-model-len 8192 --currency GBP=0.86 --report text

"$H" $P --currency CHF=0.8@2026-11-30 --report json >"$W/r.json" 2>&1
ok "JSON keeps USD" test "$(json_num price_per_hour_usd <"$W/r.json")" = "$usd"
ok "JSON names the currency" grep -q '"code": "CHF"' "$W/r.json"
ok "JSON names the rate" grep -q '"rate_per_usd": 0.8' "$W/r.json"
ok "JSON names the rate's date" grep -q '"date": "2026-11-30"' "$W/r.json"
check "JSON without --currency: currency null" 0 '"currency": null' -- $P --report json

check "fit finder: columns in EUR" 0 "EUR/h" -- --model Qwen/Qwen3-8B --tokens-per-request 8192 --need 20 --currency EUR=0.86 --report text
check "fit finder: the conversion is said" 0 "prices converted from USD at 0.86 EUR per USD" -- \
    --model Qwen/Qwen3-8B --tokens-per-request 8192 --need 20 --currency EUR=0.86 --report text
fit_usd=$("$H" --model Qwen/Qwen3-8B --tokens-per-request 8192 --need 20 --report json 2>/dev/null | json_num price_per_hour_usd)
fit_eur=$("$H" --model Qwen/Qwen3-8B --tokens-per-request 8192 --need 20 --currency EUR=0.86 --report text 2>/dev/null |
    awk '$1 == "1" { print $(NF - 2); exit }')
ok "fit finder: the first plan's EUR/h = USD x rate ($fit_usd -> $fit_eur)" test "$fit_eur" = "$(usd_times "$fit_usd" 0.86)"
check "fit finder JSON keeps USD and names the currency" 0 '"code": "EUR"' -- \
    --model Qwen/Qwen3-8B --tokens-per-request 8192 --need 20 --currency EUR=0.86 --report json

"$H" $P --save-scenario "$W/a.yaml" >/dev/null 2>&1
"$H" --gpu l40s --model Qwen/Qwen3-8B --save-scenario "$W/b.yaml" >/dev/null 2>&1
check "compare: prices in EUR" 0 "Price per hour.*EUR $(usd_times "$usd" 0.86)" -- \
    --currency EUR=0.86 --compare "$W/a.yaml" "$W/b.yaml" --report text
check "compare: the conversion is said" 0 "prices converted from USD at 0.86 EUR" -- \
    --currency EUR=0.86 --compare "$W/a.yaml" "$W/b.yaml" --report text

check "--list gpus: the price column in EUR" 0 "^h200-nvl .* $(usd_times "$usd" 0.86)  " -- --list gpus --currency EUR=0.86
check "--list nodes: the conversion is said" 0 "prices converted from USD at 0.86 EUR per USD" -- --list nodes --currency EUR=0.86
check "--list gpus JSON stays in USD" 0 "\"price_per_hour\": $usd" -- --list gpus --currency EUR=0.86 --report json

# --- refused values name the option ---
check "lower-case code refused" 2 "--currency: 'eur' is not a currency code" -- $P --currency eur=0.86 --report text
check "comma decimal refused" 2 "--currency: '0,86' is not a positive rate" -- $P --currency EUR=0,86 --report text
check "zero rate refused" 2 "--currency: '0' is not a positive rate" -- $P --currency EUR=0 --report text
check "negative rate refused" 2 "--currency: '-1' is not a positive rate" -- $P --currency EUR=-1 --report text
check "no rate refused" 2 "--currency: 'EUR' is not CODE=RATE" -- $P --currency EUR --report text
check "bad date refused" 2 "--currency: '2026-02-30' is not the rate's date" -- $P --currency EUR=0.86@2026-02-30 --report text
check "USD other than 1 refused" 2 "--currency: USD is the catalogue's own" -- $P --currency USD=0.9 --report text

# --- settings.yaml ---
printf 'gpu: h200-nvl\ncurrency: "EUR=0.86@2026-11-30"\n' >"$SET"
check "settings: the currency applies" 0 "| Price | EUR $(usd_times "$usd" 0.86) per card-hour" -- \
    --model Qwen/Qwen3-32B --max-model-len 32768 --export quote
check "settings: the command line wins" 0 "| Price | GBP $(usd_times "$usd" 0.79) per card-hour" -- \
    --model Qwen/Qwen3-32B --max-model-len 32768 --currency GBP=0.79 --export quote
check "settings: USD=1 on the command line undoes it" 0 '| Price | \$'"$(usd_times "$usd" 1) per card-hour" -- \
    --model Qwen/Qwen3-32B --max-model-len 32768 --currency USD=1 --export quote
printf 'gpu: h200-nvl\ncurrency: "EUR=0,86"\n' >"$SET"
check "settings: a bad rate is named with file and line" 0 "settings.yaml:2:1: currency: '0,86' is not a positive rate" -- \
    --model Qwen/Qwen3-32B --max-model-len 32768 --report text
printf 'currency: 0.86\n' >"$SET"
check "settings: a bare number is refused" 0 "settings.yaml:1:1: currency: expected CODE=RATE" -- \
    $P --report text
printf 'currency: "EU=0.86"\n' >"$SET"
check "settings: a bad code is refused" 0 "settings.yaml:1:1: currency: 'EU' is not a currency code" -- \
    $P --report text
rm -f "$SET"

# --- a comma-decimal locale changes nothing ---
comma_locale "$W"
if [ -n "$L" ]; then
	printf 'currency: "EUR=0.9137@2026-11-30"\n' >"$SET"
	LC_ALL=C.UTF-8 "$H" $P --export quote >"$W/c.md" 2>&1
	LC_ALL=$L "$H" $P --export quote >"$W/l.md" 2>&1
	ok "under $L: settings rate read, quote as in the C locale" cmp "$W/c.md" "$W/l.md"
	ok "under $L: EUR figure with a '.'" grep -q "| Price | EUR $eur per card-hour" "$W/l.md"
	LC_ALL=$L "$H" $P --currency CHF=0.8 --report json >"$W/l.json" 2>&1
	ok "under $L: --currency read, JSON rate with a '.'" grep -q '"rate_per_usd": 0.8' "$W/l.json"
	rm -f "$SET"
else
	n=$((n + 1))
	echo "ok $n # SKIP no comma-decimal locale (install Debian's locales package for localedef)"
fi

check_summary
