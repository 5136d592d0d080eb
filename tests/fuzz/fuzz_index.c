/*
 * fuzz_index.c - a model folder's model.safetensors.index.json next to a
 * valid config.json, read as `headroom --model DIR` reads it.
 */
#include "fuzz.h"

#include <stdio.h>
#include <sys/stat.h>

static const char config[] =
    "{\"architectures\": [\"LlamaForCausalLM\"], "
    "\"hidden_size\": 4096, \"intermediate_size\": 14336, "
    "\"max_position_embeddings\": 131072, \"num_attention_heads\": 32, "
    "\"num_hidden_layers\": 32, \"num_key_value_heads\": 8, "
    "\"torch_dtype\": \"bfloat16\", \"vocab_size\": 128256}";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char dir[4200];
	char *argv[] = { "headroom", "--gpu", "h100-sxm", "--model", dir,
		NULL };

	if (dir[0] == '\0') {
		snprintf(dir, sizeof dir, "%s/model", fuzz_dir());
		mkdir(dir, 0700);
		fuzz_write("model/config.json", (const uint8_t *)config,
		    sizeof config - 1);
	}
	fuzz_write("model/model.safetensors.index.json", data, size);
	fuzz_run_argv(5, argv);
	return 0;
}
