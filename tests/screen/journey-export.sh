#!/bin/sh
# The command line: written to a file (atomically) and copied by OSC 52
# (tmux with set-clipboard on keeps it as a paste buffer).
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "$ vllm serve nvidia/Llama-3.3-70B-Instruct-FP8"
j_keys w
j_wait "write the command line to: vllm-serve.sh"
j_keys C-u "$J_WORK/serve.sh" Enter
j_wait "wrote the command line to"
grep -q "^vllm serve nvidia/Llama-3.3-70B-Instruct-FP8 .*--kv-cache-dtype fp8" \
    "$J_WORK/serve.sh" || j_fail "serve.sh: $(cat "$J_WORK/serve.sh")"
# a path that cannot be written is refused in place
j_keys w C-u "no/dir/x.sh" Enter
j_wait "no/dir/x.sh: "
j_screen | grep -q "write the command line to: no/dir/x.sh" || j_fail "prompt closed"
j_keys Escape
j_wait_gone "write the command line to:"
j_keys y
j_wait "copied the command line"
i=0
until j_tmux show-buffer 2>/dev/null | grep -q "^vllm serve nvidia/"; do
	i=$((i + 1))
	[ "$i" -lt 100 ] || j_fail "no OSC 52 paste buffer: $(j_tmux show-buffer 2>&1)"
	sleep 0.05
done
j_keys q
j_wait "headroom exited 0, terminal restored"
