#!/bin/sh
# cluster-cli.sh - plans on nodes and the cluster exports: placement
# refusals in vLLM's words, Ray and multi-node launch lines run against stub
# ray and vllm programs that record their argv, compose files parsed back,
# Kubernetes manifests checked against the API schemas by the offline
# validator in tests/k8s (installed by .ci/k8s.sh; SKIP without it).
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-cluster.XXXXXX")
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg
export XDG_CONFIG_HOME
. "$TOP/tests/screen/check-lib.sh"
M="--model meta-llama/Llama-3.3-70B-Instruct --max-model-len 8192"

# --- placement ---
check "TP 16 on one 8-GPU node: vLLM's world-size refusal" 1 \
    "World size (16) is larger than the number of available GPUs (8) in this node" -- \
    --node hgx-h100-8 -tp 16 $M --report text
check "... over two nodes it starts, TP across the network noted" 0 \
    "tensor parallel 16 spans nodes of 8 cards" -- --node hgx-h100-8 --nodes 2 -tp 16 $M --report text
check "TP 4 over PCIe only is noted" 0 "tensor parallel 4 over PCIe only" -- \
    --node rtx-pro-6000-server-8 -tp 4 $M --report text
check "TP 4 over 2-way NVLink pairs is noted" 0 "larger than the NVLink domain of 2" -- \
    --node h200-nvl-8x-bridge2 -tp 4 $M --report text
check "the JSON report lays out the ranks" 0 '"tp_rank": 7' -- \
    --node hgx-h100-8 --nodes 2 -tp 8 -pp 2 $M --report json
check "--gpu must match the node's cards" 2 "holds h200-sxm cards" -- \
    --node hgx-h200-8 --gpu h100-sxm $M --report text
check "--nodes without --node is refused" 2 "say which server with --node" -- --nodes 2 --report text
check "an unknown node is named" 2 "unknown server 'hgx-x'" -- --node hgx-x --report text
check "MIG slices: one instance per slice, never joined" 0 '"replicas": 32' -- \
    --node rtx-pro-6000-server-8 --mig 1g.24gb --model Qwen/Qwen3-8B --max-model-len 8192 --report json

# --- expert parallelism ---
E="--node hgx-h100-8 --max-model-len 8192"
check "EP: each card names the experts it holds" 0 "1=r0(dp1 pp0 tp0 experts 16-31)" -- \
    $E -tp 1 -dp 8 --report text -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel
check "EP: the report says how many experts a GPU holds" 0 \
    "MoE: 16 of 128 routed experts whole on this GPU" -- \
    $E -tp 1 -dp 8 --report text -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel
check "EP: the JSON report has the split and each card's experts" 0 '"ep_size": 8' -- \
    $E -tp 1 -dp 8 --report json -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel
check "EP with TP 2 x DP 4 (sequence-parallel MoE) is refused by name" 1 \
    "sequence-parallel" -- $E -tp 2 -dp 4 --report text -- vllm serve Qwen/Qwen3-30B-A3B \
    --enable-expert-parallel
check "EPLB is refused by name" 1 "enable-eplb: headroom does not model" -- \
    $E -tp 1 -dp 8 --report text -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel \
    --enable-eplb
check "an all2all backend with its own buffers is refused by name" 1 \
    "all2all-backend=deepep_low_latency: headroom does not model" -- $E -tp 1 -dp 8 \
    --report text -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel \
    --all2all-backend deepep_low_latency
check "EP: the text speed says the MoE token exchange is not counted" 0 \
    "Not counted: the MoE layers' token exchange over the 8 ranks" -- \
    $E -tp 1 -dp 8 --report text -- vllm serve Qwen/Qwen3-30B-A3B -ep
check "EP: the JSON speed says it too" 0 \
    '"not_counted": "the MoE layers. token exchange over the 8 ranks' -- \
    $E -tp 1 -dp 8 --report json -- vllm serve Qwen/Qwen3-30B-A3B -ep
check "TP 8 alone: the JSON speed counts everything" 0 '"not_counted": null' -- \
    $E -tp 8 --report json -- vllm serve Qwen/Qwen3-30B-A3B
check "EP: -ep is --enable-expert-parallel" 0 "MoE: 16 of 128 routed experts" -- \
    $E -tp 1 -dp 8 --report text -- vllm serve Qwen/Qwen3-30B-A3B -ep
check "EP: round_robin where vLLM keeps it (expert groups, no DP)" 0 \
    "3=r0(dp0 pp0 tp3 experts 3, 11 ... 251)" -- --node hgx-h200-8 --report text -- \
    vllm serve deepseek-ai/DeepSeek-V3 -tp 8 -ep --expert-placement-strategy round_robin
check "context parallelism is refused by name" 1 \
    "decode-context-parallel-size 8: headroom does not model context parallelism" -- \
    --node hgx-h200-8 --report text -- vllm serve deepseek-ai/DeepSeek-V3 -tp 8 -dcp 8
for f in command config docker ray multinode compose kubernetes; do
	check "EP: --export $f carries --enable-expert-parallel" 0 "enable-expert-parallel" -- \
	    $E -tp 1 -dp 8 --export $f -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel
done

# --- DGX Spark (GB10, unified memory) ---
S="--node dgx-spark --model Qwen/Qwen3-30B-A3B --max-model-len 8192"
check "DGX Spark: the text report says its figures rest on unified memory" 0 \
    "Assumption: unified memory on NVIDIA GB10 (DGX Spark): " -- $S --report text
check "DGX Spark: so does the JSON report" 0 '"unified memory on NVIDIA GB10 (DGX Spark)' -- $S --report json
check "DGX Spark: the JSON report gives the host's share of non-torch" 0 '"unified_host_gib": 1.98' -- $S --report json
check "DGX Spark: the graph line says the host's drift enters vLLM's figure" 0 \
    "on unified memory vLLM measures it by the drop in CUDA's free memory" -- $S --report text
check "DGX Spark: the JSON report counts how often" 0 '"cuda_graphs_host_repeats": ' -- $S --report json
ok "... and a discrete card says nothing of it" sh -c \
    '! "$1" --gpu h100-sxm --model Qwen/Qwen3-30B-A3B --max-model-len 8192 --report text | grep -q "on unified memory vLLM measures"' _ "$H"
check "DGX Spark: the verdict says what host drift would use up the margin" 0 \
    "On unified memory: the " -- $S --report text
ok "... not when --kv-cache-memory-bytes skips vLLM's profile" sh -c \
    '! "$1" $2 --report text -- vllm serve Qwen/Qwen3-30B-A3B --kv-cache-memory-bytes 20G | grep -Eq "On unified memory: |unified memory vLLM measures"' _ "$H" "$S"
check "DGX Spark: and the quote" 0 "unified memory on NVIDIA GB10 (DGX Spark)" -- $S --export quote
check "DGX Spark: the note quotes the DGX Spark startups" 0 "DGX Spark startups report 102 to" -- \
    $S --report text
# a card of the user's with unified memory: its own name, no DGX Spark figures
mkdir -p "$XDG_CONFIG_HOME/headroom"
cat >"$XDG_CONFIG_HOME/headroom/cards.yaml" <<'EOF'
gpus:
  - id: thor-dev
    name: "Thor dev kit"
    family: Blackwell
    memory_gb: 128
    cuda_total_gib: 122.8
    unified_memory: true
    source: "our own unit"
    status: measured
EOF
U="--gpu thor-dev --model Qwen/Qwen3-8B --max-model-len 8192"
check "a unified card of the user's: the note names it" 0 \
    "Assumption: unified memory on Thor dev kit: " -- $U --report text
check "... says nothing is added without unified_host_gib" 0 \
    "adds nothing for what the host gains" -- $U --report text
ok "... and quotes no GB10 or DGX Spark figures" sh -c \
    '! "$1" $2 --report text | grep -Eq "GB10|DGX Spark|121.69|111.95"' _ "$H" "$U"
rm "$XDG_CONFIG_HOME/headroom/cards.yaml"
check "DGX Spark: two units over ConnectX-7 cross the network, not PCIe" 0 \
    "spans nodes of 1 cards" -- $S --nodes 2 -tp 2 --report text

# --- stub programs ---
mkdir -p "$W/bin"
for p in ray vllm; do
	cat >"$W/bin/$p" <<STUB
#!/bin/sh
# one write per call: replicas run these at the same time
line="$p CVD=\${CUDA_VISIBLE_DEVICES:-}"
for a in "\$@"; do line="\$line \$a"; done
printf '%s\n' "\$line" >>"$W/calls.log"
STUB
	chmod +x "$W/bin/$p"
done
section() {	# section FILE N: run the N-th "# --- " section of FILE with the stubs
	awk -v want="$2" '/^# --- /{k++; next} k==want' "$1" >"$W/section.sh"
	(PATH="$W/bin:$PATH" HEAD_IP=10.0.0.1 sh "$W/section.sh")
}
called() { grep -q -- "$1" "$W/calls.log"; }

"$H" --node hgx-h100-8 --nodes 2 -tp 8 -pp 2 $M --export ray --output "$W/ray.sh"
: >"$W/calls.log"; section "$W/ray.sh" 1
ok "ray: the head starts on node 0" called "^ray CVD= start --head --port=6379 --num-gpus=8$"
: >"$W/calls.log"; section "$W/ray.sh" 2
ok "ray: the worker joins the head" called "^ray CVD= start --address=10.0.0.1:6379 --num-gpus=8 --block$"
: >"$W/calls.log"; section "$W/ray.sh" 3
ok "ray: vllm serve with the Ray backend and the plan's flags" called \
    "^vllm CVD= serve meta-llama/Llama-3.3-70B-Instruct --tensor-parallel-size 8 --pipeline-parallel-size 2 --max-model-len 8192 --distributed-executor-backend ray$"

"$H" --node hgx-h100-8 --nodes 2 -tp 2 -dp 8 $M --export multinode --output "$W/dp.sh"
: >"$W/calls.log"; section "$W/dp.sh" 1
ok "multi-node DP: node 0 serves the API" called "serve .* --data-parallel-size 8 .*--data-parallel-size-local 4 --data-parallel-address 10.0.0.1 --data-parallel-rpc-port 13345$"
: >"$W/calls.log"; section "$W/dp.sh" 2
ok "multi-node DP: node 1 runs headless from rank 4" called "--headless --data-parallel-size-local 4 --data-parallel-start-rank 4 --data-parallel-address 10.0.0.1"

"$H" --node hgx-h200-8 -tp 2 $M --export multinode --output "$W/rep.sh"
: >"$W/calls.log"; section "$W/rep.sh" 1
ok "replicas: four launch lines" [ "$(grep -c '^vllm' "$W/calls.log")" -eq 4 ]
ok "... each on its own cards" called "^vllm CVD=6,7 serve"
ok "... and its own port" called "--port 8003$"
check "multinode refuses TP x PP over nodes (that is Ray's)" 2 "vLLM runs that with Ray" -- \
    --node hgx-h100-8 --nodes 2 -tp 8 -pp 2 $M --export multinode

# --- compose ---
"$H" --node hgx-h200-8 -tp 4 $M --export compose --output "$W/compose.yaml"
PY=/usr/bin/python3
if "$PY" -c 'import yaml' 2>/dev/null; then
	out=$("$PY" - "$W/compose.yaml" <<'PYEOF'
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
s = d["services"]
for name in sorted(s):
    v = s[name]
    dev = v["deploy"]["resources"]["reservations"]["devices"][0]
    print(name, ",".join(dev["device_ids"]), v["ports"][0], " ".join(v["command"]))
PYEOF
)
	ok "compose parses: two services" [ "$(printf '%s\n' "$out" | grep -c .)" -eq 2 ]
	ok "... on cards 0-3 and 4-7" sh -c 'printf "%s\n" "$1" | grep -q " 0,1,2,3 8000:8000 " && printf "%s\n" "$1" | grep -q " 4,5,6,7 8001:8000 "' _ "$out"
	ok "... with the plan's vLLM flags" sh -c 'printf "%s\n" "$1" | grep -q "meta-llama/Llama-3.3-70B-Instruct --tensor-parallel-size 4 --max-model-len 8192$"' _ "$out"
	# compose interpolates $VAR, ${VAR} and rejects $(: a '$' of the plan is "$$"
	NAME='a"b$(HF_TOKEN) ${HOME}$x `id` é'
	"$H" --gpu h200-nvl --max-model-len 8192 --export compose \
	    --output "$W/compose-dollar.yaml" -- vllm serve Qwen/Qwen3-8B --served-model-name "$NAME"
	ok "compose: a name with dollars reaches vLLM as typed" "$PY" - "$W/compose-dollar.yaml" "$NAME" <<'PYEOF'
import re, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
cmd = list(d["services"].values())[0]["command"]
i = cmd.index("--served-model-name")
v = cmd[i + 1]
# compose-go's template: "$$" is a dollar, any other "$" starts a substitution
sys.exit(0 if re.sub(r"\$\$", "", v).count("$") == 0 and v.replace("$$", "$") == sys.argv[2] else 1)
PYEOF
	# a model folder of the user's: mounted where the command names it
	LOCAL=$(cd "$TOP/tests/fixtures/local-llama8b" && pwd -P)
	(cd "$TOP/tests/fixtures" && "$H" --gpu h200-nvl --max-model-len 8192 --model ./local-llama8b \
	    --export compose --output "$W/compose-local.yaml")
	ok "compose: a local model folder is mounted at the path its command names" \
	    "$PY" - "$W/compose-local.yaml" "$LOCAL" <<'PYEOF'
import sys, yaml
v = list(yaml.safe_load(open(sys.argv[1]))["services"].values())[0]
sys.exit(0 if v["command"][0] == sys.argv[2] and
         "%s:%s:ro" % (sys.argv[2], sys.argv[2]) in v["volumes"] else 1)
PYEOF
else
	skip "compose parses" "python3-yaml is not installed"
fi
check "compose refuses several nodes" 2 "compose runs on one host" -- \
    --node hgx-h100-8 --nodes 2 -tp 16 $M --export compose

# --- Kubernetes ---
"$H" --node hgx-h200-8 -tp 4 $M --export kubernetes --output "$W/k-deploy.yaml"
"$H" --node hgx-h100-8 --nodes 4 -tp 8 -pp 2 $M --export kubernetes --output "$W/k-lws.yaml"
"$H" --node rtx-pro-6000-server-8 --mig 2g.48gb --model Qwen/Qwen3-8B --export kubernetes \
    --output "$W/k-mig.yaml"
"$H" --gpu h100-sxm --gpus 2 --model Qwen/Qwen3-8B --export kubernetes --output "$W/k-host.yaml"
ok "a single-node plan is a Deployment with its replicas" sh -c \
    'grep -q "^kind: Deployment" "$1" && grep -q "^  replicas: 2$" "$1" && grep -q "nvidia.com/gpu: 4" "$1"' _ "$W/k-deploy.yaml"
ok "a multi-node plan is a LeaderWorkerSet of 2 nodes" sh -c \
    'grep -q "^kind: LeaderWorkerSet" "$1" && grep -q "size: 2" "$1"' _ "$W/k-lws.yaml"
ok "MIG slices are requested as MIG resources" grep -q "nvidia.com/mig-2g.48gb: 1" "$W/k-mig.yaml"
ok "probes on /health, token from a Secret, shared memory" sh -c \
    'grep -q "path: /health" "$1" && grep -q "name: hf-token" "$1" && grep -q "medium: Memory" "$1"' _ "$W/k-deploy.yaml"
"$H" --node hgx-h200-8 -tp 1 -dp 8 --max-model-len 8192 --export kubernetes \
    --output "$W/k-ep.yaml" -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel
"$H" --node hgx-h100-8 --nodes 2 -tp 2 -dp 8 $M --export kubernetes --output "$W/k-dp.yaml"
ok "an expert-parallel plan carries the flag into its pods" grep -q -- \
    "--enable-expert-parallel" "$W/k-ep.yaml"
"$H" --node hgx-h100-8 --nodes 2 -tp 16 --max-model-len 8192 --export kubernetes --output "$W/k-dollar.yaml" \
    -- vllm serve meta-llama/Llama-3.3-70B-Instruct --served-model-name 'a$(HF_TOKEN)'
(cd "$TOP/tests/fixtures" && "$H" --gpu h200-nvl --max-model-len 8192 --model ./local-llama8b \
    --export kubernetes --output "$W/k-local.yaml")
ok "kubernetes: a local model folder is mounted from the node" sh -c \
    'grep -q "hostPath:" "$1" && grep -q "type: Directory" "$1"' _ "$W/k-local.yaml"
ok "kubernetes: \$(VAR) of the plan is escaped as \$\$(VAR), the pod's own kept" sh -c \
    'grep -q "a\$\$(HF_TOKEN)" "$1" && ! grep -q "a\$(HF_TOKEN)" "$1" && grep -q " \$(LWS_GROUP_SIZE) " "$1"' \
    _ "$W/k-dollar.yaml"

# --- headers: where the plan runs, in words ---
for f in ray multinode kubernetes; do
	"$H" --gpu h100-sxm --gpus 2 --model Qwen/Qwen3-8B --export $f --output "$W/hdr-host-$f"
	"$H" --node hgx-h200-8 -tp 4 $M --export $f --output "$W/hdr-node-$f"
	ok "$f header: one host with the plan's cards" \
	    grep -q "on one host with 2 x NVIDIA H100 80GB HBM3 (planned" "$W/hdr-host-$f"
	ok "$f header: one node of its type" \
	    grep -q "on 1 node of type HGX H200 8-GPU (NVLink 4 / NVSwitch) (planned" "$W/hdr-node-$f"
done
"$H" --node hgx-h100-8 --nodes 2 -tp 8 -pp 2 $M --export ray --output "$W/hdr-2-ray"
ok "ray header: two nodes of their type" grep -q "on 2 nodes of type HGX H100 8-GPU" "$W/hdr-2-ray"
ok "ray header: one GPU is not GPUs, one instance not each" \
    grep -q "= 1 GPU on 1 node; 2 instances, each its own" "$W/hdr-host-ray"
ok "no header counts '1 x one host'" sh -c '! grep -q " x one host" "$@"' _ "$W"/hdr-*

# --- golden files: every manifest and compose file as written ---
"$H" --node rtx-pro-6000-server-8 --mig 2g.48gb --model Qwen/Qwen3-8B --export compose \
    --output "$W/compose-mig.yaml"
"$H" --gpu h100-sxm --gpus 2 --model Qwen/Qwen3-8B --export compose --output "$W/compose-host.yaml"
"$H" --node hgx-h200-8 -tp 1 -dp 8 --max-model-len 8192 --export compose \
    --output "$W/compose-ep.yaml" -- vllm serve Qwen/Qwen3-30B-A3B --enable-expert-parallel
VER=$("$H" --version | awk 'NR == 1 { print $2 }')
golden() {	# golden NAME FILE: FILE is tests/golden/NAME, the version as @VERSION@
	g=$TOP/tests/golden/$1
	sed "s/headroom $VER/headroom @VERSION@/g" "$2" >"$W/golden.tmp"
	[ -z "${HEADROOM_UPDATE_GOLDEN:-}" ] || cp "$W/golden.tmp" "$g"
	if ! cmp -s "$W/golden.tmp" "$g"; then
		diff -u "$g" "$W/golden.tmp" 2>&1 | head -30 | sed 's/^/# /'
	fi
	ok "golden: $1 (HEADROOM_UPDATE_GOLDEN=1 rewrites it)" cmp -s "$W/golden.tmp" "$g"
}
for f in k-deploy k-lws k-mig k-host k-ep k-dp; do
	golden "cluster-$f.yaml" "$W/$f.yaml"
done
for f in compose compose-mig compose-host compose-ep; do
	golden "cluster-$f.yaml" "$W/$f.yaml"
done

V=$TOP/tests/k8s
if command -v node >/dev/null 2>&1 && [ -d "$V/node_modules/kubernetes-models" ]; then
	for f in k-deploy k-lws k-mig k-host k-ep k-dp k-local k-dollar; do
		ok "kubernetes: $f validates against the API schemas" node "$V/validate.mjs" "$W/$f.yaml"
	done
	ok "kubernetes: the validator rejects a bad manifest" sh -c '! node "$1/validate.mjs" "$1/bad.yaml" 2>/dev/null' _ "$V"
else
	skip "kubernetes manifests validate" "the validator is not installed (npm ci --prefix tests/k8s)"
fi
check_summary
