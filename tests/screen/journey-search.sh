#!/bin/sh
# Model search and checkpoint choice, in monochrome (NO_COLOR) and ASCII.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 120 40 "--gpu h100-sxm --model meta-llama/Llama-3.1-8B-Instruct --ascii"
j_wait "Llama 3.1 8B Instruct"
j_keys 2 / "qwen3 14"
j_wait "/qwen3 14 1"
j_keys Enter
j_wait "model: Qwen/Qwen3-14B"
# the checkpoint list: an NVFP4 choice runs on an H100 (weight-only Marlin)
j_keys 3
j_wait "3 Checkpoint"
j_screen | grep -q "+ nvfp4" || j_fail "NVFP4 is not marked as running"
j_keys q
j_wait "headroom exited 0, terminal restored"
j_tmux kill-server
# a fresh socket: reusing one whose server is shutting down races
J_SOCK="${J_SOCK}-nc"

# NO_COLOR: no colour escapes in the pane
cat > "$J_WORK/nc.sh" <<EOS
#!/bin/sh
NO_COLOR=1 exec "$HEADROOM_BIN" $J_REF --max-model-len 32768
EOS
chmod +x "$J_WORK/nc.sh"
j_tmux new-session -d -s j -x 80 -y 24 "$J_WORK/nc.sh; exec sleep 300"
j_wait "Concurrency"
if j_tmux capture-pane -e -p -t j | grep -q '\[38;5;\|\[48;5;\|\[3[1-7]m'; then
	j_fail "colour escapes under NO_COLOR"
fi
j_tmux capture-pane -p -t j | grep -q "#####" || j_fail "no segment characters"
