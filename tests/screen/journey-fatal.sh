#!/bin/sh
# A card without MIG opens the shared-card view (S) and the planner lives
# on; a signal that kills the program (SIGSEGV, SIGABRT, SIGBUS, SIGFPE)
# still leaves the terminal as it found it, and the exit status is the
# signal's.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

pid_of_headroom() {
	ps -o pid= --ppid "$(j_tmux display-message -p -t j '#{pane_pid}')" | head -n 1 |
	    tr -d ' '
}

for gpu in; do
	j_start 100 30 "--gpu $gpu"
	j_wait "Concurrency"
	j_keys S
	j_wait "This card shared by several vLLM instances"
	j_wait "has no MIG"
	# still alive and answering keys
	j_keys Escape
	j_wait_gone "This card shared"
	j_keys M-S
	j_wait "This card shared by several vLLM instances"
	j_keys Escape
	j_wait_gone "This card shared"
	j_keys q
	j_wait "headroom exited 0, terminal restored"
	j_tmux kill-server
	J_SOCK="${J_SOCK}-$gpu"
done

n=0
# signal and the shell's 128 + its number (Linux)
for pair in SEGV:139 ABRT:134 BUS:135 FPE:136 ILL:132 QUIT:131; do
	sig=${pair%:*}
	code=${pair#*:}
	n=$((n + 1))
	j_start 80 24 "$J_REF --max-model-len 32768"
	j_wait "Concurrency"
	pid=$(pid_of_headroom)
	[ -n "$pid" ] || j_fail "no headroom process"
	kill -"$sig" "$pid"
	j_wait "headroom exited $code, terminal restored"
	j_tmux kill-server
	J_SOCK="${J_SOCK}-$n"
done

# Ctrl-\ is SIGQUIT from the terminal itself
J_SOCK="${J_SOCK}-quit"
j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "Concurrency"
j_keys 'C-\'
j_wait "headroom exited 131, terminal restored"
