#!/bin/sh
# long-functions.sh [MAX [SRCDIR]] - lists the functions of SRCDIR (default
# src/) longer than MAX lines (default 80), longest first, as
#
#   LINES FILE:LINE NAME
#
# then one summary line.  A function is counted from the line that names
# it to its closing brace, both included; the layout of doc/style.md is
# assumed (the body's braces in the first column).  Always exits 0: it
# measures, it does not judge.
set -u
max=${1:-80}
src=${2:-src}
find "$src" -name '*.c' | LC_ALL=C sort | while IFS= read -r f; do
	LC_ALL=C awk -v f="$f" '
	/^[A-Za-z_][A-Za-z0-9_ \t*]*\(/ && !body {
		name = $0; sub(/\(.*/, "", name); sub(/.*[ \t*]/, "", name)
		start = FNR
	}
	/^\{/ && start { body = 1 }
	/^\}/ && body {
		print FNR - start + 1, f ":" start, name
		body = 0; start = 0
	}' "$f"
done | LC_ALL=C sort -k1,1nr -k2,2 | awk -v max="$max" '
$1 > max { print; n++ }
END { printf "long-functions: %d functions over %d lines\n", n, max }'
