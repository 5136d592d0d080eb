#!/bin/sh
# The terminal comes back on SIGTERM, SIGINT (Ctrl-C) and SIGHUP.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

pid_of_headroom() {
	# the planner is the child of the pane's shell script
	ps -o pid= --ppid "$(j_tmux display-message -p -t j '#{pane_pid}')" | head -n 1 |
	    tr -d ' '
}

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "Concurrency"
pid=$(pid_of_headroom)
[ -n "$pid" ] || j_fail "no headroom process"
kill -TERM "$pid"
j_wait "headroom exited 143, terminal restored"
j_tmux kill-server
# a fresh socket for each server: reusing one that is shutting down races
J_SOCK="${J_SOCK}-int"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "Concurrency"
j_keys C-c
j_wait "headroom exited 130, terminal restored"
j_tmux kill-server
J_SOCK="${J_SOCK}-hup"

j_start 80 24 "$J_REF --max-model-len 32768"
j_wait "Concurrency"
pid=$(pid_of_headroom)
kill -HUP "$pid"
j_wait "headroom exited 129, terminal restored"
