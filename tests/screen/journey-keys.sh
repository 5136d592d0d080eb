#!/bin/sh
# Keys as a user types them, in tmux: a typed value replaces the one the
# prompt shows; Home, End and PgDn as tmux sends them work under a TERM
# that names other sequences for them (xterm) or none (vt100); Ctrl-C in
# a prompt cancels the prompt, not the planner; Ctrl-Z gives the shell a
# terminal without bracketed paste, and fg brings it back.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

# 1. typing over the prefilled --max-model-len
j_start 80 24 "$J_REF"
j_wait "5 Verdict"
j_keys 4 j Enter
j_wait "max-model-len: 131072"
j_keys 8 1 9 2 Enter
j_wait_gone "max-model-len: "
j_screen | grep -E -q "max-model-len +8,192" ||
    j_fail "typed 8192 over 131072: not 8,192"
j_screen | grep -q "1,310,728,192" && j_fail "the typed value was appended"

# 2. Ctrl-C in a prompt, then outside one
j_keys t 1 2 3
j_wait "tokens per request (or max): 123"
j_keys C-c
j_wait "cancelled"
j_wait_gone "tokens per request (or max):"
j_screen | grep -q "headroom exited" && j_fail "Ctrl-C in a prompt ended the planner"
j_keys C-c
j_wait "headroom exited 130, terminal restored"
j_tmux kill-server
J_SOCK="${J_SOCK}-term"

# 3. tmux sends ESC [ 1 ~ / ESC [ 4 ~ for Home / End; TERM=xterm names
# ESC O H / ESC O F, and vt100 names neither (nor PgUp, PgDn): they work
for t in xterm vt100; do
	J_ENV="TERM=$t"
	j_start 80 24 "$J_REF"
	j_wait "5 Verdict"
	j_keys 4 j j
	j_keys Home
	j_keys Enter
	j_wait "gpu-memory-utilization: 0.92"
	j_screen | grep -q "ignored the key" && j_fail "$t: Home ignored"
	j_keys Escape
	j_wait_gone "gpu-memory-utilization: "
	j_keys End Enter
	j_wait ": "
	j_screen | grep -q "gpu-memory-utilization: " && j_fail "$t: End did not move"
	j_keys Escape
	j_keys '?'
	j_wait "headroom keys"
	j_keys NPage
	j_wait_gone " q                    quit"
	j_keys End
	j_wait "search the cards"
	j_keys Home
	j_wait " q                    quit"
	j_keys Escape
	j_wait_gone "headroom keys"
	j_keys q
	j_wait "headroom exited 0, terminal restored"
	j_tmux kill-server
	J_SOCK="${J_SOCK}-$t"
done
J_SOCK="${J_SOCK}-tstp"
J_ENV=

# 4. Ctrl-Z under a shell with job control, then fg.  A shell without a
# line editor of its own (dash): bash's readline would switch bracketed
# paste on and off itself and hide what the planner left behind.
cat > "$J_WORK/sh.sh" <<EOS
#!/bin/sh
cd "$J_WORK"
PS1='jsh\$ ' exec /bin/sh -i
EOS
chmod +x "$J_WORK/sh.sh"
j_tmux new-session -d -s j -x 80 -y 24 "$J_WORK/sh.sh"
j_wait 'jsh$'
j_keys -l "\"$HEADROOM_BIN\" $J_REF"
j_keys Enter
j_wait "5 Verdict"
j_keys C-z
j_wait "Stopped"
printf 'echo zz-shell\n' > "$J_WORK/p.txt"
j_tmux load-buffer -b jp "$J_WORK/p.txt"
j_tmux paste-buffer -p -d -b jp -t j
j_wait "zz-shell"
if j_screen | grep -q '200~'; then
	j_fail "bracketed paste still on at the shell after Ctrl-Z"
fi
j_keys -l "fg"
j_keys Enter
j_wait "5 Verdict"
# bracketed paste is back: a command pasted in the planner is imported
printf 'vllm serve nvidia/Llama-3.3-70B-Instruct-FP8 --max-model-len 16k\n' > "$J_WORK/c.txt"
j_tmux load-buffer -b jp "$J_WORK/c.txt"
j_tmux paste-buffer -p -d -b jp -t j
j_wait "pasted command"
j_keys q
j_wait 'jsh$'
exit 0
