#!/bin/sh
# DeepSeek-V4 on the command line: the planner plans its grouped cache and
# the details overlay names the groups, the block's bytes, the rule of the
# release and the shared workspace (at 1,048,576 tokens the indexer's key
# gather, over the prefill gather), as the report's KV line does.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "--gpu h200-sxm --vllm-version 0.24.0 --model deepseek-ai/DeepSeek-V4-Flash" \
    "--tensor-parallel-size 8 --kv-cache-dtype fp8"
j_wait "vLLM starts."
j_keys i
j_wait "DeepSeek-V4's 5 groups, 1,039,680 bytes a block"
j_wait "#44454), 7,450 blocks a request"
j_wait "shared workspace 1.29 GiB"
j_keys Escape
j_wait_gone "Verdict in full"
j_keys q
j_wait "headroom exited 0, terminal restored"
