#!/bin/sh
# same-output.sh BIN OUTDIR [FIDELITY] - writes what the headroom program BIN
# prints for a fixed set of plans into OUTDIR, one file a run (its stdout,
# its stderr and its exit status), so that two builds can be compared with
# `diff -r`: a change of code shape must leave every file as it was.
#
#   sh bench/same-output.sh ./headroom /tmp/before ./bench/fidelity
#   (change, make)
#   sh bench/same-output.sh ./headroom /tmp/after ./bench/fidelity
#   diff -r /tmp/before /tmp/after
#
# The set: every catalogue model on two cards in the three report forms,
# every local configuration under tests/fixtures/configs, every export form
# (the quote in both of its forms) over single-card, MIG, data- and
# expert-parallel, multi-node and shared-card plans, the refusals of the
# cluster exports, the sizing answers, a version comparison, each refusal of
# the model over the ranks and plans over pipeline stages, and, with
# FIDELITY (bench/fidelity), the fidelity report of tests/calibration.
# Run from the top of a source tree; its path is written as @TOP@, so two
# trees compare; the version string is kept as it is.
set -u
[ $# -ge 2 ] || { echo "usage: same-output.sh BIN OUTDIR [FIDELITY]" >&2; exit 2; }
H=$1 O=$2 F=${3:-}
case $H in /*) ;; *) H=$PWD/$H ;; esac
case $F in /* | '') ;; *) F=$PWD/$F ;; esac
TOP=$PWD
mkdir -p "$O" || exit 2
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-same.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg XDG_CACHE_HOME=$W/cache XDG_DATA_HOME=$W/data
HF_HUB_OFFLINE=1 LC_ALL=C NO_COLOR=1
export XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME HF_HUB_OFFLINE LC_ALL NO_COLOR
n=0

run() {	# run NAME ARG...: BIN ARG... into OUTDIR/NAME.{out,err,rc}
	f_=$1
	shift
	"$H" "$@" >"$O/$f_.out" 2>"$O/$f_.err" </dev/null
	echo $? >"$O/$f_.rc"
	n=$((n + 1))
}

# every catalogue model, on a large card and on a small one
models=$("$H" --list models | awk 'NR > 1 { print $1 }')
for gpu in h200-nvl l4; do
	for m in $models; do
		id=$(printf '%s' "$m" | tr '/' '_')
		for r in text json markdown; do
			run "model-$gpu-$id.$r" --gpu "$gpu" --model "$m" --report "$r"
		done
	done
done

# every local configuration of the fixtures (the architectures read from config.json)
for d in $(find tests/fixtures/configs -name config.json -o -name params.json |
    LC_ALL=C sort); do
	dir=${d%/*}
	id=$(printf '%s' "${dir#tests/fixtures/configs/}" | tr '/' '_')
	run "local-$id.json" --gpu h200-nvl --model "$TOP/$dir" --report json
	run "local-$id.text" --gpu h100-sxm --max-model-len 4096 --model "$TOP/$dir" \
	    --report text
done

# the releases: each minor one, on models whose plan moves with them
for v in 0.10.0 0.11.0 0.11.1 0.12.0 0.13.0 0.14.0 0.15.0 0.18.0 0.19.0 0.20.0 \
    0.21.0 0.22.0 0.24.0 0.25.0 0.26.0 0.28.0 0.30.0 0.32.0; do
	for m in Qwen/Qwen3-8B openai/gpt-oss-20b deepseek-ai/DeepSeek-V3.2 \
	    meta-llama/Llama-4-Scout-17B-16E-Instruct Qwen/Qwen3-Next-80B-A3B-Instruct \
	    Qwen/Qwen3-Embedding-0.6B google/gemma-3-27b-it; do
		id=$(printf '%s' "$m" | tr '/' '_')
		run "version-$v-$id.text" --gpu b200 -tp 8 --vllm-version $v --model "$m" \
		    --report text
	done
	run "compare-$v.text" --gpu b200 --model Qwen/Qwen3-8B --vllm-version $v \
	    --compare-version 0.32.0 --report text
	run "compare-$v-auto.json" --gpu b200 --model Qwen/Qwen3-8B --vllm-version $v \
	    --compare-version 0.32.0 --max-model-len auto --kv-cache-dtype nvfp4 --report json
	run "compare-$v-eager.markdown" --gpu l4 --model Qwen/Qwen3-8B --vllm-version 0.32.0 \
	    --compare-version $v --enforce-eager --report markdown
	run "version-$v-pooling.json" --gpu h100-sxm --vllm-version $v --model \
	    Qwen/Qwen3-Embedding-0.6B --runner pooling --report json
done

# plans that every export form writes
M="--model meta-llama/Llama-3.3-70B-Instruct --max-model-len 8192"
i=0
while IFS='|' read -r args; do
	[ -n "$args" ] || continue
	i=$((i + 1))
	for r in text json markdown; do
		# shellcheck disable=SC2086
		run "plan$i.$r" $args --report $r
	done
	for e in command config docker json quote ray multinode compose kubernetes; do
		# shellcheck disable=SC2086
		run "plan$i.export-$e" $args --export $e
	done
	# shellcheck disable=SC2086
	run "plan$i.export-quote-html" $args --export quote --format html
	# shellcheck disable=SC2086
	run "plan$i.export-quote-markdown" $args --export quote --format markdown
	# shellcheck disable=SC2086
	run "plan$i.explicit-command" $args --export command --explicit
done <<EOF
--gpu h200-nvl --vllm-version 0.19.0 --tokens-per-request 8192 --model Qwen/Qwen3-8B --max-model-len 8192 --kv-cache-dtype fp8
--gpu rtx-pro-6000-server --mig 2g.48gb --gpus 2 --vllm-version 0.19.0 --model Qwen/Qwen3-8B --max-model-len 8192
--node rtx-pro-6000-server-8 --mig 2g.48gb --model Qwen/Qwen3-8B
--gpu h100-sxm --gpus 2 --model Qwen/Qwen3-8B
--node hgx-h200-8 -tp 4 $M
--node hgx-h100-8 --nodes 4 -tp 8 -pp 2 $M
--node hgx-h100-8 --nodes 2 -tp 8 -pp 2 $M
--node hgx-h100-8 --nodes 2 -tp 2 -dp 8 $M
--node hgx-h100-8 --nodes 2 -tp 16 $M
--node hgx-h200-8 -tp 2 $M
--node hgx-h100-8 -tp 16 --model Qwen/Qwen3-8B
--node hgx-h100-8 -tp 2 -dp 8 --model Qwen/Qwen3-8B
--node hgx-h200-8 -tp 1 -dp 8 --max-model-len 8192 --model Qwen/Qwen3-30B-A3B --enable-expert-parallel
--node hgx-h200-8 -tp 8 --model deepseek-ai/DeepSeek-V3 --max-model-len 32768
--node dgx-spark --model Qwen/Qwen3-30B-A3B --max-model-len 8192
--node dgx-spark --nodes 2 -tp 2 --model Qwen/Qwen3-30B-A3B --max-model-len 8192
--gpu l4 --model meta-llama/Llama-3.1-70B-Instruct
--gpu h200-nvl --model Qwen/Qwen3-Embedding-0.6B --runner pooling
--gpu h200-nvl --model Qwen/Qwen3-Embedding-0.6B --runner pooling --convert embed
--gpu h200-nvl --model Qwen/Qwen3-Embedding-0.6B --runner pooling --convert classify
--gpu h200-nvl --model Qwen/Qwen3-8B --runner pooling
--gpu h200-nvl --model Qwen/Qwen3-8B --convert embed
--gpu h200-nvl --model Qwen/Qwen3-Embedding-0.6B --runner pooling --enforce-eager --max-num-batched-tokens 1024
--gpu h200-nvl --model openai/whisper-large-v3 --max-model-len 448
--gpu h200-nvl --model Qwen/Qwen2.5-VL-7B-Instruct --limit-mm-per-prompt {"image":2}
--gpu h200-nvl --model google/gemma-3-27b-it --max-model-len 32k --max-cudagraph-capture-size 64
--gpu h100-sxm --model Qwen/Qwen3-8B --enforce-eager --max-num-seqs 64 --block-size 32
--gpu h100-sxm --model Qwen/Qwen3-8B --compilation-config {"cudagraph_mode":"PIECEWISE"}
--gpu h100-sxm --model Qwen/Qwen3-8B --compilation-config {"cudagraph_mode":"FULL_DECODE_ONLY","max_cudagraph_capture_size":64}
--gpu h100-sxm --model Qwen/Qwen3-8B --vllm-version 0.10.0
--gpu h100-sxm --model Qwen/Qwen3-8B --vllm-version 0.11.0 --overhead rule
--gpu h100-sxm --model Qwen/Qwen3-Next-80B-A3B-Instruct -tp 4 --max-model-len 65536
--gpu h200-nvl --instance model=Qwen/Qwen3-8B,util=0.45 --instance model=meta-llama/Llama-3.1-8B-Instruct,util=0.35
--gpu h200-nvl --model Qwen/Qwen3-8B --currency EUR=0.86
EOF

# pasted commands, the cluster exports' refusals, the sizing answers
while IFS='|' read -r name cmd; do
	[ -n "$name" ] || continue
	run "cmd-$name" --gpu h200-nvl --report json --from-command "$cmd"
	for e in docker compose kubernetes multinode ray; do
		run "cmd-$name.$e" --gpu h200-nvl --gpus 2 --export $e --from-command "$cmd"
	done
done <<'EOF'
served|vllm serve Qwen/Qwen3-8B --max-model-len 8192 --kv-cache-dtype fp8 --served-model-name 'a b$c'
env|HF_TOKEN=x VLLM_USE_V1=1 python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B
spec|vllm serve Qwen/Qwen3-8B --speculative-config '{"method":"ngram","num_speculative_tokens":3,"prompt_lookup_max":4}'
lora|vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max-loras 4 --max-lora-rank 64
kvbytes|vllm serve Qwen/Qwen3-8B --kv-cache-memory-bytes 20G
refuse|vllm serve Qwen/Qwen3-8B --max-model-len 10000000
EOF
run "sizing-need" --need 40 --tokens-per-request 8192 --model Qwen/Qwen3-8B --report json
run "sizing-need-text" --need 40 --tokens-per-request 8192 --model Qwen/Qwen3-8B --cards h100-sxm,l4,h200-nvl --report text
run "sizing-compare-version" --gpu h100-sxm --model Qwen/Qwen3-8B --compare-version 0.10.0 --report json
run "sizing-share-text" --gpu h200-nvl --instance model=Qwen/Qwen3-8B,util=0.45 \
    --instance model=meta-llama/Llama-3.1-8B-Instruct,util=0.35 --report text
run "cluster-compose-nodes" --node hgx-h100-8 --nodes 2 -tp 16 $M --export compose
run "cluster-multinode-pp" --node hgx-h100-8 --nodes 2 -tp 8 -pp 2 $M --export multinode
(cd tests/fixtures && "$H" --gpu h200-nvl --max-model-len 8192 --model ./local-llama8b \
    --export kubernetes >"$O/local-k8s.out" 2>&1; echo $? >"$O/local-k8s.rc")
(cd tests/fixtures && "$H" --gpu h200-nvl --max-model-len 8192 --model ./local-llama8b \
    --export compose >"$O/local-compose.out" 2>&1; echo $? >"$O/local-compose.rc")

# the model over the ranks: each refusal of its checks, and the weights of
# pipeline stages (tied embeddings, experts under EP, two and four stages)
run "split-heads.json" --gpu h100-sxm --model Qwen/Qwen3-8B -tp 3 --report json
run "split-mig.json" --gpu h100-sxm --mig 3g.40gb --gpus 2 -tp 2 --model Qwen/Qwen3-8B \
    --report json
run "split-kv-replicas.json" --gpu h100-sxm -tp 10 --model Qwen/Qwen3-14B --report json
run "split-kv-heads.json" --gpu h100-sxm -tp 4 --report json --model \
    "$TOP/tests/fixtures/configs/sweep/microsoft--Phi-3-medium-4k-instruct"
run "split-no-pp.json" --gpu h100-sxm -pp 2 --model google/gemma-3n-E2B-it --report json
for pp in 2 4; do
	run "split-pp$pp-tied.json" --gpu h100-sxm -pp $pp --model Qwen/Qwen3-0.6B --report json
	run "split-pp$pp-ep.json" --gpu h100-sxm -tp 2 -pp $pp --enable-expert-parallel \
	    --model Qwen/Qwen3-30B-A3B --max-model-len 8192 --report json
	run "split-pp$pp-llama.json" --gpu h100-sxm -pp $pp --model meta-llama/Llama-3.2-1B \
	    --report json
done

if [ -n "$F" ]; then
	"$F" tests/calibration/vllm-logs.json tests/calibration/newer-logs.json \
	    >"$O/fidelity.out" 2>"$O/fidelity.err"
	echo $? >"$O/fidelity.rc"
	n=$((n + 1))
fi
# the tree's own path, which the local models' figures name, as @TOP@
find "$O" -type f -exec sed -i "s|$TOP|@TOP@|g" {} +
echo "same-output: $n runs written to $O"
