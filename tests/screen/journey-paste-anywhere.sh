#!/bin/sh
# Paste anywhere in the planner through tmux's bracketed paste
# (paste-buffer -p): a vLLM startup log calibrates, a multi-line command
# is imported, other text is named and left alone, a line pasted into a
# prompt is typed; on the way out (q, SIGTERM) bracketed paste goes off.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

XDG_CONFIG_HOME=$J_WORK/xdg
XDG_DATA_HOME=$J_WORK/xdg-data
export XDG_CONFIG_HOME XDG_DATA_HOME
LOG=$(cd "${TOP_SRCDIR:-.}/tests/fixtures/logs" && pwd)/v0.19-llama8b-h100-tp1.log

# j_paste FILE: FILE's text pasted as a terminal pastes it
j_paste() {
	j_tmux load-buffer -b jp "$1" && j_tmux paste-buffer -p -d -b jp -t j
}

pid_of_headroom() {
	ps -o pid= --ppid "$(j_tmux display-message -p -t j '#{pane_pid}')" | head -n 1 |
	    tr -d ' '
}

# after headroom ends the pane's tty echoes input: a paste must come back
# as plain text, without the markers
check_paste_mode_off() {
	printf 'zz-%s\n' "$1" > "$J_WORK/after.txt"
	j_paste "$J_WORK/after.txt"
	j_wait "zz-$1"
	if j_screen | grep -q '200~'; then
		j_fail "bracketed paste still on after $1"
	fi
}

j_start 120 36 "--gpu h100-sxm --model Qwen/Qwen3-8B"
j_wait "5 Verdict"
# a startup log: the side-by-side view, s stores the profile
j_paste "$LOG"
j_wait "Calibration: the log against headroom's plan"
j_wait "Available KV cache memory, GiB"
j_wait "58.11"
j_wait "calibrated from the pasted log"
j_keys s
j_wait "stored the calibration profile"
ls "$J_WORK"/xdg-data/headroom/calibration/h100-sxm--meta-llama--Llama-3.1-8B-Instruct--bf16--v0.19.0--tp1pp1.yaml \
    >/dev/null || j_fail "no profile written"
j_wait "Llama 3.1 8B"
j_wait "cal."
# a command over three lines
cat > "$J_WORK/cmd.txt" <<'EOF'
vllm serve Qwen/Qwen3-8B \
  --max-model-len 16k \
  --served-model-name 'my qwen'
EOF
j_paste "$J_WORK/cmd.txt"
j_wait "pasted command: Qwen/Qwen3-8B"
j_wait "$ vllm serve Qwen/Qwen3-8B --max-model-len 16000"
j_screen | grep -q "Qwen3 8B" || j_fail "the model did not change"
# other text is named; its letters are no keys (q would quit)
printf 'quit\n' > "$J_WORK/other.txt"
j_paste "$J_WORK/other.txt"
j_wait 'pasted 1 line (5 bytes) starting "quit": not a vLLM startup log'
# in a prompt a line is typed, Enter is the user's
j_keys t C-u
j_wait "tokens per request (or max):"
printf '4096\n' > "$J_WORK/tokens.txt"
j_paste "$J_WORK/tokens.txt"
j_wait "tokens per request (or max): 4096"
j_keys Enter
j_wait_gone "tokens per request (or max):"
j_wait "4,096"
j_keys q
j_wait "headroom exited 0, terminal restored"
check_paste_mode_off quit
j_tmux kill-server

# a server of its own: the last one may still be on its way out
J_SOCK="${J_SOCK}-term"
j_start 80 24 "--gpu h100-sxm --model Qwen/Qwen3-8B"
j_wait "Concurrency"
pid=$(pid_of_headroom)
[ -n "$pid" ] || j_fail "no headroom process"
kill -TERM "$pid"
j_wait "headroom exited 143, terminal restored"
check_paste_mode_off sigterm
