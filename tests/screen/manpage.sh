#!/bin/sh
# manpage.sh - the manual page and --help against the option tables: every
# long option headroom takes (its own and vLLM's, as --list options prints
# them) is in doc/headroom.1, every one of headroom's own is in --help, and
# every --option the manual names is one headroom takes.
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
. "$TOP/tests/screen/check-lib.sh"
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-man.XXXXXX")
trap 'rm -rf "$W"' EXIT

# the manual with its escapes undone: \- is -, fonts dropped
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$TOP/doc/headroom.1" >"$W/man.txt"
"$H" --help >"$W/help.txt" 2>&1
"$H" --list options | sed 's/=$//' | sort -u >"$W/options.txt"
ok "--list options lists options" [ "$(grep -c '^--' "$W/options.txt")" -gt 50 ]

missing=
while read -r o; do
	grep -q -e "$o\([^a-z0-9-]\|$\)" "$W/man.txt" || missing="$missing $o"
done <"$W/options.txt"
[ -z "$missing" ] || echo "# not in doc/headroom.1:$missing"
ok "every option is in the manual page" [ -z "$missing" ]

# headroom's own options: those before the first of vLLM's in --list options
missing=
while read -r o; do
	[ "$o" = --tensor-parallel-size ] && break
	grep -q -e "$o\([^a-z0-9-]\|$\)" "$W/help.txt" || missing="$missing $o"
done <<EOS
$("$H" --list options | sed 's/=$//')
EOS
[ -z "$missing" ] || echo "# not in --help:$missing"
ok "every option of headroom's own is in --help" [ -z "$missing" ]

# every --word of the manual is an option, the --no- form of one, or the
# placeholders of its prose (--flag, --no-flag)
stale=
for o in $(grep -o -e '--[a-z][a-z0-9-]*' "$W/man.txt" | sort -u); do
	case $o in --flag | --no- | --no-flag) continue ;; esac
	grep -q -x -e "$o" "$W/options.txt" && continue
	case $o in --no-*) grep -q -x -e "--${o#--no-}" "$W/options.txt" && continue ;; esac
	# vLLM's --port, written by the exports
	[ "$o" = --port ] && continue
	stale="$stale $o"
done
[ -z "$stale" ] || echo "# named in doc/headroom.1, not taken:$stale"
ok "the manual names no option headroom does not take" [ -z "$stale" ]
# every row of vLLM's environment table (src/core/vllm_env.c) is in the
# manual's ENVIRONMENT section
sed -n '/^\.SH ENVIRONMENT/,/^\.SH EXIT STATUS/p' "$W/man.txt" >"$W/env.txt"
missing=
for v in $(sed -n 's/^[[:space:]]*{ "\([A-Z][A-Z0-9_]*\*\{0,1\}\)", VEK_.*/\1/p' \
	"$TOP/src/core/vllm_env.c"); do
	grep -q -F -e "$v" "$W/env.txt" || missing="$missing $v"
done
[ -z "$missing" ] || echo "# not in ENVIRONMENT of doc/headroom.1:$missing"
ok "the environment table has rows" [ "$(grep -c '^[[:space:]]*{ "[A-Z]' "$TOP/src/core/vllm_env.c")" -gt 40 ]
ok "every environment variable headroom knows is in the manual page" [ -z "$missing" ]
check_summary
