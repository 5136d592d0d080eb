#!/bin/sh
# table.sh CASES - the Markdown table of doc/bad-input.md from the cases
# (tests/bad-input/cases.tsv): what was given, the exit status, and what
# headroom says (the fragment the test requires of its message).
tab=$(printf '\t')
echo "| # | Where | Hostile input | Exit | headroom says |"
echo "| --- | --- | --- | --- | --- |"
n=0
while IFS="$tab" read -r area input setup args want says; do
	case $area in '#'* | '') continue ;; esac
	n=$((n + 1))
	# a | inside a cell would end it
	esc() { printf '%s' "$1" | sed 's/|/\\|/g'; }
	printf '| %d | %s | %s | %s | %s |\n' "$n" "$(esc "$area")" "$(esc "$input")" \
	    "$want" "$(if [ -n "$says" ]; then printf '`%s`' "$(esc "$says")"; fi)"
done <"$1"
