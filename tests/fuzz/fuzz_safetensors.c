/*
 * fuzz_safetensors.c - one .safetensors file's header (8-byte length,
 * then JSON) as model_dir_safetensors_bytes() reads it, and the same
 * file in a model folder without an index.
 */
#include "fuzz.h"

#include <stdio.h>
#include <sys/stat.h>

#include "io/model_dir.h"

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
	char err[1024];
	const char *path;

	if (dir[0] == '\0') {
		snprintf(dir, sizeof dir, "%s/model", fuzz_dir());
		mkdir(dir, 0700);
		fuzz_write("model/config.json", (const uint8_t *)config,
		    sizeof config - 1);
	}
	path = fuzz_write("model/model.safetensors", data, size);
	model_dir_safetensors_bytes(path, err, sizeof err);
	fuzz_run_argv(5, argv);
	return 0;
}
