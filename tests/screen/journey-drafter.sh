#!/bin/sh
# A drafter given on the command line: the planner plans its head, shows
# it in the details overlay and keeps --speculative-config in the command.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

E3="$(cd "${TOP_SRCDIR:-.}" && pwd)/tests/fixtures/configs/eagle/EAGLE3-LLaMA3.1-Instruct-8B"
j_start 80 24 "--gpu h100-sxm --model meta-llama/Llama-3.1-8B-Instruct" \
    "--speculative-config '{\"method\":\"eagle3\",\"model\":\"$E3\",\"num_speculative_tokens\":3}'"
j_wait "vLLM starts."
j_wait "weights 15.78 GiB"
j_wait "vllm serve meta-llama/Llama-3.1-8B-Instruct --speculative-config"
j_keys i
j_wait "Drafter: EAGLE-3 draft head, 0.79 GiB of the weights per GPU"
j_wait "135,168 bytes per token per GPU in all"
j_keys Escape
j_wait_gone "Verdict in full"
j_keys q
j_wait "headroom exited 0, terminal restored"
