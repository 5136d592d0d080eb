#!/bin/sh
# --speculative-config edited in the Flags pane at 80x24: the JSON typed
# as the command line reads it, carried quoted in the command, undone; a
# bad value refused with the reason while the planner keeps working; a
# drafter folder read as the command line reads it.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

E3="$(cd "${TOP_SRCDIR:-.}" && pwd)/tests/fixtures/configs/eagle/EAGLE3-LLaMA3.1-Instruct-8B"
j_start 80 24 "--gpu h100-sxm --model meta-llama/Llama-3.1-8B-Instruct"
j_wait "vLLM starts."
j_wait "GPU KV cache size: 449,280 tokens"
j_keys 4 End
j_wait "--speculative-config = off (default off)"
j_keys +
j_wait "Enter types its JSON"
j_keys Enter
j_wait "--speculative-config:"
j_keys -l '{"method":"ngram","num_speculative_tokens":3,"prompt_lookup_max":4}'
j_keys Enter
j_wait "--speculative-config = ngram k=3 (default off)"
j_wait "vllm serve meta-llama/Llama-3.1-8B-Instruct --speculative-config"
j_wait "'{\"method\":\"ngram\",\"num_speculative_tokens\":3,\"prompt_lookup_max\":4}'"
# the plan follows: fewer CUDA graphs captured, more KV cache
j_wait "GPU KV cache size: 449,568 tokens"
# undo takes it back out of the command line
j_keys u
j_wait "undone"
j_wait "speculative        off  off"
j_wait_gone "num_speculative_tokens"
j_wait "GPU KV cache size: 449,280 tokens"
# a bad value: the reason, the prompt stays, Esc leaves the plan as it was
j_keys Enter
j_wait "--speculative-config:"
j_keys -l '{"method":"ngram","num_speculative_tokens":0}'
j_keys Enter
j_wait "num_speculative_tokens must"
j_keys Escape
j_wait_gone "num_speculative_tokens must"
j_wait "speculative        off  off"
j_wait "vLLM starts."
# a drafter folder, read as the command line reads it
j_keys Enter
j_wait "--speculative-config:"
j_keys -l "{\"method\":\"eagle3\",\"model\":\"$E3\",\"num_speculative_tokens\":3}"
j_keys Enter
j_wait "--speculative-config = eagle3 k=3"
j_wait "weights 15.78 GiB"
j_keys i
j_wait "Drafter: EAGLE-3 draft head, 0.79 GiB of the weights per GPU"
j_keys Escape
j_wait_gone "Verdict in full"
j_keys q
j_wait "headroom exited 0, terminal restored"
