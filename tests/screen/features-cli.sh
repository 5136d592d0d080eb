#!/bin/sh
# features-cli.sh - LoRA, speculative-decoding and offloading flags from
# the command line: vLLM's choices and messages, headroom's refusals
# (phase config, exit 1), and the flags written back (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
. "${TOP_SRCDIR:-.}/tests/screen/check-lib.sh"

G="--gpu h100-sxm --model meta-llama/Llama-3.1-8B-Instruct"
check "lora plans and is written back" 0 \
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max-loras 4 --max-lora-rank 64 --lora-dtype bfloat16" -- \
    $G --enable-lora --max-loras 4 --max-lora-rank 64 --lora-dtype bfloat16 --export command
check "a rank vLLM has no choice for" 2 \
    "--max-lora-rank: invalid choice '24' (choose from 1, 8, 16, 32, 64, 128, 256, 320, 512)" -- \
    $G --enable-lora --max-lora-rank 24
check "lora dtype choices" 2 "--lora-dtype: invalid choice 'fp8' (choose from auto, float16, bfloat16)" -- \
    $G --enable-lora --lora-dtype fp8
check "max_cpu_loras below max_loras" 1 "max_cpu_loras (2) must be >= max_loras (4)" -- \
    $G --enable-lora --max-loras 4 --max-cpu-loras 2
check "lora on MLA is refused" 1 "LoRA on multi-head latent attention" -- \
    --gpu h100-sxm --model deepseek-ai/DeepSeek-V3 -tp 8 --enable-lora
check "lora slots in the json report" 0 '"lora_gib": 0.09' -- \
    $G --enable-lora --report json
check "one set of graphs without LoRA specialisation" 0 "Estimated CUDA graph memory: 0.91 GiB" -- \
    $G --enable-lora -cc '{"cudagraph_specialize_lora": false}'
check "two sets with it (the default)" 0 "Estimated CUDA graph memory: 1.82 GiB" -- \
    $G --enable-lora
check "lora target modules are refused by name" 1 "--lora-target-modules=q_proj: headroom does not model" -- \
    $G --enable-lora --lora-target-modules q_proj
check "active-lora graph specialisation is refused by name" 1 "--specialize-active-lora: headroom does not model" -- \
    $G --enable-lora --specialize-active-lora
check "embedding and lm_head slots of a Llama class" 0 "of which LoRA slots (--max-loras x --max-lora-rank): 0.34 GiB" -- \
    $G --enable-lora --max-lora-rank 64
check "pasted vllm line with lora" 0 '"not_modelled": \[\]' -- \
    --gpu h100-sxm --from-command "vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max-lora-rank 32 --fully-sharded-loras" --report json
check "extra LoRA vocabulary read up to 0.11 and written back" 0 \
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max-lora-rank 64 --lora-extra-vocab-size 512" -- \
    $G --vllm-version 0.11.0 --from-command "vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-lora --max-lora-rank 64 --lora-extra-vocab-size 512" --export command
check "extra LoRA vocabulary choices" 2 "--lora-extra-vocab-size: invalid choice '0' (choose from 256, 512)" -- \
    $G --vllm-version 0.11.0 --enable-lora --lora-extra-vocab-size 0
check "no extra LoRA vocabulary argument from 0.12.0" 1 "unrecognized arguments: --lora-extra-vocab-size 256" -- \
    --gpu h100-sxm --from-command "vllm serve meta-llama/Llama-3.1-8B-Instruct --lora-extra-vocab-size 256"
check "no LoRA bias argument from 0.11.1" 1 "unrecognized arguments: --enable-lora-bias" -- \
    $G --vllm-version 0.11.1 --enable-lora --enable-lora-bias
check "LoRA bias rows up to 0.11.0" 0 '"not_modelled": \[\]' -- \
    $G --vllm-version 0.11.0 --enable-lora --enable-lora-bias --report json

check "ngram plans" 0 "--speculative-config '{\"method\":\"ngram\",\"num_speculative_tokens\":4,\"prompt_lookup_max\":5}'" -- \
    $G --speculative-config '{"method": "ngram", "num_speculative_tokens": 4, "prompt_lookup_max": 5}' --export command
check "-sc short form" 0 "Verdict: vLLM starts" -- \
    $G -sc '{"method": "ngram", "num_speculative_tokens": 2}'
E3="${TOP_SRCDIR:-.}/tests/fixtures/configs/eagle/EAGLE3-LLaMA3.1-Instruct-8B"
check "eagle3 plans its head from the drafter's config" 0 \
    "of which EAGLE-3 draft head: 0.79 GiB (1 more attention layer in the KV cache)" -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}"
check "... its layer joins the KV cache" 0 "135168 bytes per token per GPU" -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}"
check "... and the json report says what it rests on" 0 '"EAGLE head: it shares the target' -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}" --report json
check "draft_tensor_parallel_size is written back" 0 '"draft_tensor_parallel_size":1}' -- \
    $G -tp 2 --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3, \"draft_tensor_parallel_size\": 1}" --export command
check "a draft TP vLLM refuses" 1 "speculative_draft_tensor_parallel_size=2 cannot be other value than 1 or target model tensor_parallel_size" -- \
    $G -tp 4 --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3, \"draft_tensor_parallel_size\": 2}"
check "a drafter key that moves memory is refused" 1 '"kv_cache_dtype" changes what the drafter takes' -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3, \"kv_cache_dtype\": \"fp8\"}"
check "a Hub drafter offline and not cached" 2 "--speculative-config: unknown drafter 'yuhuili/EAGLE3-LLaMA3.1-Instruct-8B'" -- \
    $G --speculative-config '{"method": "eagle3", "model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", "num_speculative_tokens": 3}'
check "eagle3 on a target vLLM does not take" 1 "Eagle3 is only supported for "  -- \
    --gpu h100-sxm --model google/gemma-3-27b-it --vllm-version 0.16.0 --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}"
check "an eagle3 drafter named without a method is an eagle3 head" 0 "of which EAGLE-3 draft head: 0.79 GiB" -- \
    $G --speculative-config "{\"model\": \"$E3\", \"num_speculative_tokens\": 3}"
check "the head's phase of the profile run is estimated" 0 \
    "the drafter's phase of the profile run: 1.24 GiB (its forward with the target's hidden states held" -- \
    $G --max-num-seqs 8 --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}"
check "... and in the json report" 0 '"draft_activation_gib": 1.24' -- \
    $G --max-num-seqs 8 --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}" --report json
check "an --instance of --model keeps its drafter in the command" 0 \
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --gpu-memory-utilization 0.45 --speculative-config '{\"method\":\"eagle3\",\"model\":\"$E3\",\"num_speculative_tokens\":3}'" -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}" \
    --instance util=0.45 --instance model=Qwen/Qwen3-8B,util=0.45
check "... and in its KV cache (16.86 GiB, 17.62 without the head)" 0 \
    "1   meta-llama/Llama-3.1-8B-Instruct    0.45    35.64     0.51    36.15    16.86" -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}" \
    --instance util=0.45 --instance model=Qwen/Qwen3-8B,util=0.45
check "... while another model's instance drafts nothing" 0 \
    "vllm serve Qwen/Qwen3-8B --gpu-memory-utilization 0.45 --port 8001$" -- \
    $G --speculative-config "{\"method\": \"eagle3\", \"model\": \"$E3\", \"num_speculative_tokens\": 3}" \
    --instance util=0.45 --instance model=Qwen/Qwen3-8B,util=0.45
check "medusa is refused by name" 1 "method 'medusa' (model x/medusa-head) is not modelled" -- \
    $G --speculative-config '{"method": "medusa", "model": "x/medusa-head", "num_speculative_tokens": 3}'
check "an unknown method is refused by name" 1 "method 'lookahead_v9' is not modelled" -- \
    $G --speculative-config '{"method": "lookahead_v9", "num_speculative_tokens": 3}'
check "a draft model without a method is a draft_model" 0 "of which draft model: " -- \
    $G --speculative-config '{"model": "meta-llama/Llama-3.2-1B", "num_speculative_tokens": 3}'
check "draft_model before vLLM took it" 1 "Speculative decoding with draft model is not supported yet." -- \
    $G --vllm-version 0.13.0 --speculative-config '{"model": "meta-llama/Llama-3.2-1B", "num_speculative_tokens": 3}'
check "mtp without next-token layers is refused" 1 "has no num_nextn_predict_layers" -- \
    $G --speculative-config '{"method": "mtp", "num_speculative_tokens": 1}'
check "deepseek mtp plans its draft layer" 0 "next-token (MTP) draft layers" -- \
    --gpu h200-sxm --model deepseek-ai/DeepSeek-V3 -tp 8 --max-model-len 32768 --speculative-config '{"method": "deepseek_mtp", "num_speculative_tokens": 1}'
check "not json" 2 "--speculative-config: 'ngram' is not a JSON object" -- \
    $G --speculative-config ngram
check "token count range" 2 "num_speculative_tokens must be a whole number from 1 to 64" -- \
    $G --speculative-config '{"method": "ngram", "num_speculative_tokens": 0.5}'

check "cpu offload lowers the weights" 0 "Model loading took 10.99 GiB" -- \
    $G --cpu-offload-gb 4
check "cpu offload is written back in Python's spelling" 0 "--cpu-offload-gb 20.0" -- \
    $G --cpu-offload-gb 20 --export command
check "kv offloading is CPU memory" 0 "--kv-offloading-size 20.0" -- \
    $G --kv-offloading-size 20 --export command
check "lmcache is refused" 1 "LMCache's own GPU buffers" -- \
    $G --kv-offloading-size 20 --kv-offloading-backend lmcache
check "kv offloading with sliding layers is refused" 1 "--kv-offloading-size on openai/gpt-oss-20b" -- \
    --gpu h100-sxm --model openai/gpt-oss-20b --kv-offloading-size 20
check "offload size must be a number" 2 "--cpu-offload-gb: 'lots' is not a number from 0 to 65536" -- \
    $G --cpu-offload-gb lots

# hybrid state models: the profile-run estimates are said to be unverified
check "a hybrid GDN model says its estimates rest on attention-only fits" 0 \
    "against four real Qwen3.6 startups (vLLM 0.20-0.22), left 0.4-1.0 % of the card" -- \
    --gpu h100-sxm --model "${TOP_SRCDIR:-.}/tests/fixtures/configs/qwen3.5/Qwen3.5-27B" \
    --max-model-len 8192 --report json
check "... and a Mamba2 one too" 0 "gives 0.17 and 0.55 GiB where two real" -- --gpu h100-sxm -tp 2 \
    --model "${TOP_SRCDIR:-.}/tests/fixtures/configs/nemotron-h/Nemotron-H-56B-Base-8K" \
    --max-model-len 8192 --report text

# Mamba state dtypes (23 Mamba2 layers: conv 3 x 6144 x 2 B + SSM 64 x 64 x 128
# in the flag's dtype; tests/unit/test_arch.c works them by hand; prefix
# caching off, vLLM's default for hybrids: the block is 16 x cdiv(state, 16 KiB))
NANO="${TOP_SRCDIR:-.}/tests/fixtures/configs/nemotron-h/Nemotron-3-Nano-30B-A3B-BF16"
check "the config's float32 SSM state" 0 "block size 2096, 6144 bytes per token per GPU, 872 blocks, 49082368 bytes of recurrent state" -- \
    --gpu h100-sxm --model "$NANO"
check "a pasted --mamba-ssm-cache-dtype bfloat16 halves it" 0 "block size 1072, 6144 bytes per token per GPU, 1706 blocks, 24965120 bytes of recurrent state" -- \
    --gpu h100-sxm --from-command "vllm serve $NANO --mamba-ssm-cache-dtype bfloat16"
check "... and is written back" 0 "--mamba-ssm-cache-dtype bfloat16" -- \
    --gpu h100-sxm --model "$NANO" --mamba-ssm-cache-dtype bfloat16 --export command
check "float16 before vLLM took it" 1 "argument --mamba-ssm-cache-dtype: invalid choice: 'float16' (choose from 'auto', 'float32')" -- \
    --gpu h100-sxm --model "$NANO" --vllm-version 0.12.0 --mamba-ssm-cache-dtype float16
check "a dtype vLLM has no choice for" 2 "--mamba-cache-dtype: invalid choice 'fp8' (choose from auto, float32, float16, bfloat16)" -- \
    --gpu h100-sxm --model "$NANO" --mamba-cache-dtype fp8
check "--mamba-block-size is refused by name" 1 "--mamba-block-size=512: headroom does not model what this value does to memory" -- \
    --gpu h100-sxm --from-command "vllm serve $NANO --mamba-block-size 512"
check "--mamba-cache-mode is refused by name" 1 "--mamba-cache-mode=all: headroom does not model" -- \
    --gpu h100-sxm --model "$NANO" --mamba-cache-mode all
check "--hf-overrides is refused by name" 1 "--hf-overrides={\"num_hidden_layers\": 2}: headroom does not model" -- \
    --gpu h100-sxm --from-command "vllm serve $NANO --hf-overrides '{\"num_hidden_layers\": 2}'"
R='{"architectures": ["Qwen3ForSequenceClassification"], "classifier_from_token": ["no", "yes"], "is_original_qwen3_reranker": true}'
check "the Qwen3-Reranker recipe plans a classifier" 0 "Pooling runner (--convert classify)" -- \
    --gpu rtx-5090 --from-command "vllm serve Qwen/Qwen3-0.6B --runner pooling --max-model-len 8192 --hf-overrides '$R'"
check "... and is written back quoted" 0 "'--hf-overrides={\"architectures\": .*\"is_original_qwen3_reranker\": true}'\$" -- \
    --gpu rtx-5090 --model Qwen/Qwen3-0.6B --runner pooling --hf-overrides "$R" --export command
check "... in the json report" 0 '"pooling_task": "classify"' -- \
    --gpu rtx-5090 --model Qwen/Qwen3-0.6B --runner pooling --hf-overrides "$R" --report json
GTE="--gpu gb10 --model Alibaba-NLP/gte-multilingual-base"
check "an --hf-overrides headroom reads is not listed as not modelled" 0 '"not_modelled": \[\]' -- \
    $GTE --hf-overrides '{"architectures": ["GteNewModel"]}' --report json
check "... nor is the reranker recipe's" 0 '"not_modelled": \[\]' -- \
    --gpu rtx-5090 --model Qwen/Qwen3-0.6B --runner pooling --hf-overrides "$R" --report json
check "... and stays on the command line" 0 "vllm serve Alibaba-NLP/gte-multilingual-base '--hf-overrides={\"architectures\": \[\"GteNewModel\"\]}'\$" -- \
    $GTE --hf-overrides '{"architectures": ["GteNewModel"]}' --export command
check "a key it does not read is" 1 '"not_modelled": \["--hf-overrides=' -- \
    $GTE --hf-overrides '{"architectures": ["GteNewModel"], "num_hidden_layers": 2}' --report json
check "a derived AWQ plan says its command serves the model's own weights" 0 "Checkpoint: awq planned from the architecture, with no published checkpoint of it; the command serves the model's own bf16 weights" -- \
    --gpu l40s --model Qwen/Qwen3-8B --checkpoint awq --report text
check "... and so does the Markdown report" 0 "Checkpoint: awq planned from the architecture, with no published checkpoint of it; the command serves the model's own bf16 weights" -- \
    --gpu l40s --model Qwen/Qwen3-8B --checkpoint awq --report markdown
check "... and the JSON report's checkpoint_note" 0 '"checkpoint_note": "awq planned from the architecture, with no published checkpoint of it; the command serves' -- \
    --gpu l40s --model Qwen/Qwen3-8B --checkpoint awq --report json
check "... null where a checkpoint is published" 0 '"checkpoint_note": null' -- \
    --gpu l40s --model Qwen/Qwen3-8B --checkpoint Qwen/Qwen3-8B-FP8 --report json
check "a derived FP8 plan's command quantizes online (-q fp8)" 0 "vllm serve Qwen/Qwen3-8B --quantization fp8" -- \
    --gpu l40s --model Qwen/Qwen3-8B --checkpoint fp8 --export command
check "... and says so" 0 "the command has vLLM quantize the model's own bf16 weights online (--quantization fp8)" -- \
    --gpu l40s --model Qwen/Qwen3-8B --checkpoint fp8 --report text
check "... not online FP8, which the command carries" 0 "vllm serve Qwen/Qwen3-8B --quantization fp8" -- \
    --gpu l40s --model Qwen/Qwen3-8B -q fp8 --report text
check "--num-gpu-blocks-override is refused by name" 1 "--num-gpu-blocks-override=1000: headroom does not model" -- \
    $G --num-gpu-blocks-override 1000
check "--enable-dbo is refused by name" 1 "--enable-dbo: headroom does not model" -- \
    --gpu h100-sxm --from-command "vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-dbo"
check "--no-enable-dbo (the default) plans" 0 "Verdict: vLLM starts" -- \
    $G --no-enable-dbo
check "--mm-encoder-tp-mode data is refused by name" 1 "--mm-encoder-tp-mode=data: headroom does not model" -- \
    $G --mm-encoder-tp-mode data
check "--mm-encoder-tp-mode weights (the default) plans" 0 "Verdict: vLLM starts" -- \
    $G --mm-encoder-tp-mode weights
check "--no-enable-chunked-prefill is refused by name" 1 "--no-enable-chunked-prefill: headroom does not model" -- \
    --gpu h100-sxm --from-command "vllm serve meta-llama/Llama-3.1-8B-Instruct --no-enable-chunked-prefill"
check "--enable-chunked-prefill (the default) plans" 0 "Verdict: vLLM starts" -- \
    $G --enable-chunked-prefill
check "--disable-sliding-window is refused by name" 1 "--disable-sliding-window: headroom does not model" -- \
    --gpu h100-sxm --model google/gemma-3-27b-it --disable-sliding-window

check_summary
