#!/bin/sh
# An embedding model in the planner: Qwen3-Embedding-0.6B on an RTX 5090
# resolves to the pooling runner (its sentence-transformers pooling
# config); the verdict says so and the details (i) say what differs.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 120 40 "--gpu rtx-5090 --model qwen3-embedding-0.6b --max-model-len 8192"
j_wait "vLLM starts."
j_wait "Pooling runner (embed): a pooler run, no sampler"
j_keys i
j_wait "lm_head dropped"
j_keys Escape
j_keys q
j_wait "headroom exited 0, terminal restored"
