#!/bin/sh
# schema.sh - every JSON report headroom writes (plans that start and plans
# that fail at each phase, MIG slices, tensor and pipeline parallel, local
# folders, pasted commands, rule mode, --export json) validates against
# doc/report.schema.json (TAP output).  Needs Python's jsonschema (Debian:
# python3-jsonschema); SKIP (77) without it.
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
if ! "$PY" -c 'import jsonschema' 2>/dev/null; then
	echo "1..0 # SKIP python3-jsonschema is not installed"
	exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-schema.XXXXXX")
trap 'rm -rf "$W"' EXIT
i=0
report() {	# report ARGS...: one JSON report into $W/N.json, its arguments into $W/N.args
	i=$((i + 1))
	printf '%s ' "$@" >"$W/$i.args"
	"$H" "$@" >"$W/$i.json" 2>/dev/null
	rc=$?
	[ "$rc" -le 1 ] || echo "# exit $rc: $*" >>"$W/errors"
}
report --report json
report --report json --gpu h200-nvl --max-model-len 8192
report --report json --gpu h200-nvl --kv-cache-dtype fp8 --tokens-per-request 8192
report --report json --gpu l4 --model meta-llama/Llama-3.3-70B-Instruct
report --report json --gpu rtx-pro-6000-server --mig 2g.48gb --model Qwen/Qwen3-8B
report --report json --gpu h100-sxm -tp 2 -pp 2 --model meta-llama/Llama-3.3-70B-Instruct
report --report json --gpu h100-sxm --gpu-memory-utilization 0.3
report --report json --gpu h100-sxm --other-usage 70
report --report json --gpu a100-80gb-sxm --model Qwen/Qwen3-8B --overhead rule
report --report json --gpu h100-sxm --model "$TOP/tests/fixtures/local-llama8b"
report --report json --gpu h200-nvl --from-command 'vllm serve Qwen/Qwen3-32B --max-model-len 32k --served-model-name x'
report --report json --gpu h100-sxm --model Qwen/Qwen2.5-VL-7B-Instruct
report --gpu h200-nvl --max-model-len 8192 --export json
report --report json --gpu-total-gib 40 --model Qwen/Qwen3-8B
report --report json --gpu h100-sxm --model openai/gpt-oss-20b --vllm-version 0.19.0
report --report json --gpu b200 --model deepseek-ai/DeepSeek-R1 -tp 8
report --report json --gpu h200-sxm --model deepseek-ai/DeepSeek-V4-Flash -tp 8 --kv-cache-dtype fp8 --vllm-version 0.25.0
report --report json --gpu h100-sxm --model meta-llama/Llama-3.3-70B-Instruct -tp 3
report --report json --gpu h100-sxm --model Qwen/Qwen3-8B --max-model-len 10000000
report --report json --gpu gb10 --model nomic-ai/nomic-embed-text-v1.5 --gpu-memory-utilization 0.15 --vllm-version 0.13.0
report --report json --gpu rtx-3060 --model ibm-granite/granite-embedding-english-r2 --vllm-version 0.19.0
"$PY" - "$TOP/doc/report.schema.json" "$W" "$i" <<'PYEOF'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
d, n = sys.argv[2], int(sys.argv[3])
fails = 0
print("1..%d" % (n + 1))
print("ok 1 - the schema is a valid 2020-12 schema")
for k in range(1, n + 1):
    args = open("%s/%d.args" % (d, k)).read().strip()
    try:
        doc = json.load(open("%s/%d.json" % (d, k)))
        errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
    except ValueError as e:
        errs = ["not JSON: %s" % e]
    if errs:
        fails += 1
        print("not ok %d - %s" % (k + 1, args))
        for e in errs[:5]:
            print("#   %s: %s" % ("/".join(map(str, getattr(e, "path", []))), getattr(e, "message", e)))
    else:
        print("ok %d - %s" % (k + 1, args))
print("%d passed, %d failed" % (n + 1 - fails, fails))
sys.exit(1 if fails else 0)
PYEOF
rc=$?
if [ -s "$W/errors" ]; then cat "$W/errors"; exit 1; fi
exit $rc
