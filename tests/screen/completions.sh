#!/bin/bash
# completions.sh - the shell completions: bash's is loaded and run as bash
# runs it (COMP_WORDS, COMPREPLY); zsh's and fish's are checked for syntax
# where those shells are installed (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
. "$TOP/tests/screen/check-lib.sh"

# the completion calls `headroom`: put the binary under test first on PATH
B=$(mktemp -d "${TMPDIR:-/tmp}/headroom-comp.XXXXXX")
trap 'rm -rf "$B"' EXIT
ln -s "$(cd "$(dirname "$H")" && pwd)/$(basename "$H")" "$B/headroom"
PATH=$B:$PATH

. "$TOP/completions/bash/headroom"
ok "bash: complete -p names the function" sh -c 'printf "%s" "$1" | grep -q -- "-F _headroom headroom"' _ "$(complete -p headroom)"

complete_words() {	# complete_words WORD...: COMPREPLY for the last word, one per line
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_headroom
	printf '%s\n' "${COMPREPLY[@]}"
}
has() { printf '%s\n' "$1" | grep -qx -- "$2"; }

out=$(complete_words headroom --gpus)
ok "options: --gpus completes" has "$out" --gpus
out=$(complete_words headroom --max-num)
ok "vLLM flags: --max-num-seqs" has "$out" --max-num-seqs
ok "... and --max-num-batched-tokens" has "$out" --max-num-batched-tokens
out=$(complete_words headroom --gpu h200)
ok "card ids: h200-nvl" has "$out" h200-nvl
ok "... h200-sxm" has "$out" h200-sxm
ok "... nothing else" [ "$(printf '%s\n' "$out" | grep -c .)" -eq 2 ]
out=$(complete_words headroom --gpu rtx-pro-6000-server --mig 2g)
ok "MIG profiles: 2g.48gb" has "$out" 2g.48gb
out=$(complete_words headroom --model nvidia/Llama-3.3)
ok "checkpoint ids under --model" has "$out" nvidia/Llama-3.3-70B-Instruct-FP8
out=$(complete_words headroom --model meta-llama/Llama-3.3)
ok "model ids under --model" has "$out" meta-llama/Llama-3.3-70B-Instruct
out=$(complete_words headroom --export d)
ok "export formats" has "$out" docker
out=$(complete_words headroom --list o)
ok "--list kinds" has "$out" options
out=$(complete_words headroom --report j)
ok "report formats" has "$out" json

if command -v zsh >/dev/null 2>&1; then
	ok "zsh: the completion parses" zsh -n "$TOP/completions/zsh/_headroom"
else
	skip "zsh: the completion parses" "zsh is not installed"
fi
if command -v fish >/dev/null 2>&1; then
	ok "fish: the completion parses" fish -n "$TOP/completions/fish/headroom.fish"
else
	skip "fish: the completion parses" "fish is not installed"
fi

check_summary
