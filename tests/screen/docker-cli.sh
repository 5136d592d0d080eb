#!/bin/sh
# docker-cli.sh - the docker export run against a stub docker that prints
# its arguments one per line: the port the command serves on is published,
# a local folder is mounted at its absolute path (the path vllm serve then
# names), the Hugging Face cache is mounted whole, and vLLM's own docker
# line with --env "HF_TOKEN=$HF_TOKEN" imports with the variable kept
# (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-docker.XXXXXX")
trap 'rm -rf "$W"' EXIT
XDG_CONFIG_HOME=$W/xdg
export XDG_CONFIG_HOME
. "$TOP/tests/screen/check-lib.sh"
mkdir -p "$W/bin" "$W/run"
cat >"$W/bin/docker" <<'STUB'
#!/bin/sh
for a in "$@"; do printf '%s\n' "$a"; done
STUB
chmod +x "$W/bin/docker"
argv() {	# argv EXPORT-FILE: run it with the stub docker, in $W/run
	(cd "$W/run" && HOME=$W/home HF_TOKEN=hf_secret PATH="$W/bin:$PATH" sh "$1")
}
line() { printf '%s\n' "$1" | grep -qx -- "$2"; }

"$H" --gpu h100-sxm --from-command 'vllm serve Qwen/Qwen3-8B --port 9000' \
    --export docker --output "$W/port.sh"
out=$(argv "$W/port.sh")
ok "--port 9000 is published as 9000:9000" line "$out" "9000:9000"
ok "... and not 8000" sh -c '! printf "%s\n" "$1" | grep -qx 8000:8000' _ "$out"
ok "... and passed to vllm serve" line "$out" "9000"
ok "the whole Hugging Face cache is mounted" line "$out" "$W/home/.cache/huggingface:/root/.cache/huggingface"

mkdir -p "$W/run/models"
cp -r "$TOP/tests/fixtures/local-llama8b" "$W/run/models/llama"
(cd "$W/run" && "$H" --gpu h100-sxm --model ./models/llama --export docker --output "$W/local.sh")
out=$(argv "$W/local.sh")
abs=$(cd "$W/run/models/llama" && pwd -P)
ok "a local folder is mounted at its absolute path" line "$out" "$abs:$abs:ro"
ok "... and vllm serve names that path" line "$out" "$abs"
ok "... no relative path is left" sh -c '! printf "%s\n" "$1" | grep -q "^\./"' _ "$out"

DOCS='docker run --runtime nvidia --gpus all \
    -v ~/.cache/huggingface:/root/.cache/huggingface \
    --env "HF_TOKEN=$HF_TOKEN" \
    -p 8000:8000 \
    --ipc=host \
    vllm/vllm-openai:v0.19.0 \
    --model Qwen/Qwen3-8B'
check "vLLM's docker line imports" 0 "Qwen/Qwen3-8B" -- --gpu h100-sxm --from-command "$DOCS" --report text
"$H" --gpu h100-sxm --from-command "$DOCS" --export docker --output "$W/docs.sh"
ok "the variable is written back as a variable" grep -q -- '-e "HF_TOKEN=$HF_TOKEN"' "$W/docs.sh"
out=$(argv "$W/docs.sh")
ok "... and the shell passes its value" line "$out" "HF_TOKEN=hf_secret"
ok "... once (no second --env HF_TOKEN)" [ "$(printf '%s\n' "$out" | grep -c HF_TOKEN)" -eq 1 ]
"$H" --gpu h100-sxm --from-command "$DOCS" --export command --output "$W/cmd.sh"
ok "the command export keeps it too" grep -q '^HF_TOKEN="$HF_TOKEN" vllm serve' "$W/cmd.sh"
check "a variable in a vLLM flag is still refused" 2 "refusing '\$NAME' (a shell variable)" -- \
    --from-command 'docker run --gpus all vllm/vllm-openai:v0.19.0 --model Qwen/Qwen3-8B --served-model-name $NAME'
check "a variable inside a value is refused" 2 "a shell variable" -- \
    --from-command 'docker run --env "X=a$B" --gpus all vllm/vllm-openai:v0.19.0 --model Qwen/Qwen3-8B'
check "a literal \$NAME value is refused as ambiguous" 2 "reads like a shell variable" -- \
    --from-command "X='\$Y' vllm serve Qwen/Qwen3-8B"
check "the GPUs as a variable are refused" 2 "a shell variable" -- \
    --from-command 'docker run --gpus $G vllm/vllm-openai:v0.19.0 --model Qwen/Qwen3-8B'
check_summary
