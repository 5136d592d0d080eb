#!/bin/sh
# hub.sh - models from the Hub, end to end, against a stand-in Hub on
# 127.0.0.1 (tests/hub/hubserver.py on a free port, through HF_ENDPOINT):
# the fetch into the cache layout, range requests for safetensors headers
# behind a redirect (and no token sent to the redirect's host), the next run
# offline, --revision, Mistral params.json, 401/403 gated, 404, a slow
# server's time-out, a truncated header, no network (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
TOP=${TOP_SRCDIR:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-hub.XXXXXX")
. "$TOP/tests/hub/hub-lib.sh"
trap 'hub_stop; rm -rf "$W"' EXIT
trap 'exit 1' INT TERM
. "$TOP/tests/screen/check-lib.sh"

hub_start "$W"
HF_HUB_DOWNLOAD_TIMEOUT=1
export HF_HUB_DOWNLOAD_TIMEOUT
Q=Qwen/Qwen2.5-0.5B-Instruct
R=$W/cache/models--Qwen--Qwen2.5-0.5B-Instruct

# a first run fetches, and with a token set the redirect host never sees it
t0=$(date +%s%N)
HF_TOKEN=hf_other_token check "a Hub id plans" 0 '"source": "hub"' -- --model $Q --report json
t1=$(date +%s%N)
echo "# first fetch (API, config.json, two range requests) took $(( (t1 - t0) / 1000000 )) ms"
check "exact weight bytes from the header" 0 "Model loading took 0.92 GiB memory$" -- \
    --model $Q --report text
ok "the header came by range requests" grep -q "range=bytes=8-32287" "$W/log"
ok "the storage host got no token" sh -c "! grep 'host=localhost auth=yes' '$W/log'"
ok "the Hub host got the token" grep -q "resolve.*host=127.0.0.1 auth=yes" "$W/log"
ok "refs/main holds the commit" grep -qx "028afa8664063c9ccd949d17f423a833eeb089e7" "$R/refs/main"
ok "the snapshot links into blobs" sh -c "readlink '$R'/snapshots/*/config.json | grep -q '^../../blobs/[0-9a-f]*$'"
ok "missing files are recorded" test -e "$R/.no_exist/028afa8664063c9ccd949d17f423a833eeb089e7/model.safetensors.index.json"
ok "no weight file in the shared cache" sh -c "! find '$W/cache' -name '*.safetensors' | grep -q ."

# the second run needs no network at all
: >"$W/log"
HF_HUB_OFFLINE=1 check "offline from the cache" 0 '"source": "cache"' -- --model $Q --report json
HF_HUB_OFFLINE=1 check "same bytes offline" 0 "Model loading took 0.92 GiB memory$" -- \
    --model $Q --report text
ok "nothing was asked of the Hub" test ! -s "$W/log"
# a cached config without weights: the headers once over the network, then never
rm -rf "$W/xdg/headroom"
check "config-only cache, online" 0 "Model loading took 0.92 GiB memory$" -- \
    --model $Q --report text
ok "the headers were read for it" grep -q "range=bytes=0-7" "$W/log"
: >"$W/log"
check "and recorded" 0 "Model loading took 0.92 GiB memory$" -- --model $Q --report text
ok "no second request" test ! -s "$W/log"
check "the export names the repo, not the snapshot" 0 "^vllm serve $Q\$" -- \
    --model $Q --export command
check "--revision reaches the export" 0 "^vllm serve $Q --revision v1.0\$" -- \
    --model $Q --revision v1.0 --export command
ok "refs/v1.0 was written" grep -qx 1111111111111111111111111111111111111111 "$R/refs/v1.0"
check "quote says where the model came from" 0 "not in headroom's catalogue" -- \
    --model $Q --export quote
# the answers take it too: an instance of --model's Hub model, the fit finder
check "an instance of the Hub model" 0 "1   $Q (bf16)" -- --model $Q \
    --instance model=$Q,util=0.4 --instance model=Qwen/Qwen3-8B,util=0.5 --report text
check "another Hub id as an instance says how" 2 "named once with --model" -- --model $Q \
    --instance model=other/Model,util=0.4 --report text
check "the fit finder names it, not derived" 0 "$Q (bf16), KV auto" -- --model $Q \
    --need 50 --tokens-per-request 8192 --report text
check "unknown revision" 2 "has no revision 'nope'" -- --model $Q --revision nope --report json
check "unknown repo is an unknown model" 2 "unknown model 'nobody/Nothing-1B'.*no repo" -- \
    --model nobody/Nothing-1B --report json
HF_HUB_OFFLINE=1 check "offline and not cached" 2 "HF_HUB_OFFLINE" -- \
    --model mistralai/Mistral-7B-v0.3 --report json

# Mistral-native: params.json and consolidated.safetensors
check "params.json repo" 0 "Model loading took 13.5" -- --model mistralai/Mistral-7B-v0.3 \
    --gpu h100-sxm --report text

# gated: 401 without a token, 403 with a refused one, the token file works
check "gated without a token" 2 "gated or private (HTTP 401.*accept its licence.*HF_TOKEN" -- \
    --model gated/Llama-Gated --report json
HF_TOKEN=hf_wrong check "gated with a refused token" 2 "HTTP 403.*token given was refused" -- \
    --model gated/Llama-Gated --report json
printf 'hf_test_token\n' >"$W/token"
HF_TOKEN_PATH=$W/token check "gated with the token file" 0 '"source": "hub"' -- \
    --model gated/Llama-Gated --report json
mkdir -p "$W/hf"
printf 'hf_test_token\n' >"$W/hf/token"
rm -rf "$W/cache/models--gated--Llama-Gated"
check "gated with \$HF_HOME/token" 0 "Model loading took 14.9" -- \
    --model gated/Llama-Gated --gpu h100-sxm --report text

# a renamed repo: the relative redirect is followed, with the token (same host)
: >"$W/log"
HF_TOKEN=hf_other_token check "a renamed repo follows its redirect" 0 \
    "Model loading took 0.92 GiB memory$" -- --model old-org/Renamed --report text
ok "the redirect kept the token on the Hub's host" \
    grep -q "GET /api/models/Qwen/Qwen2.5-0.5B-Instruct/revision/main host=127.0.0.1 auth=yes" "$W/log"
check "it is named as asked" 0 "^vllm serve old-org/Renamed\$" -- --model old-org/Renamed \
    --export command
# storage that ignores Range is cut at the cap, never downloaded
check "a storage host ignoring Range" 2 "ignored the range request" -- \
    --model norange/Big --report json
# no progress line when stderr is not a terminal
HF_HUB_DOWNLOAD_TIMEOUT=10 check "a slow fetch, stderr not a terminal" 0 "" -- \
    --model slowok/Fine --report json
ok "no progress line in a pipe" sh -c "! HF_HUB_CACHE='$W/c2' '$H' --model slowok/Fine --report json 2>&1 >/dev/null | grep -q fetching"
# a cache that cannot be written says so (a file in the way: even root fails)
: >"$W/notadir"
HF_HUB_CACHE=$W/notadir/hub check "an unwritable cache" 2 "must be writable; HF_HUB_CACHE" -- \
    --model Qwen/Qwen2.5-0.5B-Instruct --report json
# a slow server: cut at HF_HUB_DOWNLOAD_TIMEOUT, not waited for
t0=$(date +%s)
check "a slow Hub times out" 2 "no answer within 1.0 s" -- --model slow/Slow --report json
t1=$(date +%s)
ok "the time-out is short" test $((t1 - t0)) -le 3
check "a truncated header is named" 2 "model.safetensors: header is cut short" -- \
    --model broken/Truncated --report json
HF_ENDPOINT=http://127.0.0.1:9 check "no network" 2 "cannot reach http://127.0.0.1:9" -- \
    --model other/Model --report json
# sentence_bert_config.json comes with the config: its max_seq_length is the length
check "sentence_bert_config.json's length" 0 '"max_model_len": 512,' -- \
    --model stlen/bge-m3-korean --gpu l4 --report json
ok "it was fetched" grep -q "resolve/.*/sentence_bert_config.json" "$W/log"
check "a longer --max-model-len in vLLM's words" 1 \
    "derived max_model_len (max_position_embeddings=512 or model_max_length=None" -- \
    --model stlen/bge-m3-korean --gpu l4 --max-model-len 8192 --report text
check "a bad max_seq_length is named" 2 \
    "sentence_bert_config.json:3: max_seq_length must be a whole number" -- \
    --model stlen/bad-length --gpu l4 --report json
hub_stop
check "a cached model needs no Hub" 0 '"source": "cache"' -- --model $Q --report json
check_summary
