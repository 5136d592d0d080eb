#!/bin/sh
# Calibrate from a real vLLM startup log: the log against the plan, the
# profile stored with s, and the plan then showing calibrated terms.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

XDG_CONFIG_HOME=$J_WORK/xdg
XDG_DATA_HOME=$J_WORK/xdg-data
export XDG_CONFIG_HOME XDG_DATA_HOME
LOG=$(cd "${TOP_SRCDIR:-.}/tests/fixtures/logs" && pwd)/v0.19-llama8b-h100-tp1.log
j_start 120 36 "--gpu h100-sxm"
j_wait "5 Verdict"
j_keys L
j_wait "calibrate from vLLM log: vllm.log"
j_keys C-u "$LOG" Enter
j_wait "Calibration: the log against headroom's plan"
j_wait "Available KV cache memory, GiB"
j_wait "58.11"
j_wait "476,016"
j_keys s
j_wait "stored the calibration profile"
ls "$J_WORK"/xdg-data/headroom/calibration/h100-sxm--meta-llama--Llama-3.1-8B-Instruct--bf16--v0.19.0--tp1pp1.yaml \
    >/dev/null || j_fail "no profile written"
# the plan now runs the log's settings with the measured terms
j_wait "Llama 3.1 8B"
j_wait "cal."
# a file that is not a log is named in place
j_keys L C-u none.log Enter
j_wait "none.log: No such file"
j_keys Escape q
j_wait "headroom exited 0, terminal restored"
