#!/bin/sh
# registry-classes.sh - build-aux/registry-classes.sh on registry.py
# layouts written here: a dictionary whose classes the list names passes,
# one with a class it does not name fails naming it, a file without the
# dictionary is an error; and every class of the derived list is a row of
# the unit test's table (TAP output).
set -u
H=${TOP_SRCDIR:-.}/build-aux/registry-classes.sh
TOP=${TOP_SRCDIR:-.}
. "$TOP/tests/screen/check-lib.sh"

D=$(mktemp -d "${TMPDIR:-/tmp}/headroom-registry.XXXXXX")
trap 'rm -rf "$D"' EXIT

# the one-line layout, the multi-line layout of the newest trees, and a
# later dictionary whose keys are not text-generation classes (read, the
# first check fails on BertModel)
cat >"$D/known.py" <<'PY'
_TEXT_GENERATION_MODELS: _ModelMap = {
    # [Decoder-only]
    "LlamaForCausalLM": ("llama", "LlamaForCausalLM"),
    "Gemma4ForCausalLM": (
        "vllm.model_executor.models.gemma4",
        "Gemma4ForCausalLM",
    ),
}

_EMBEDDING_MODELS = {
    "BertModel": ("bert", "BertEmbeddingModel"),
}
PY
sed 's/"Gemma4ForCausalLM": (/"SomeNewForCausalLM": (/' "$D/known.py" >"$D/new.py"
printf 'MODELS = {}\n' >"$D/none.py"

check "classes the list names pass" 0 "every class of" -- "$D/known.py"
check "a class the list lacks fails, named" 1 "^SomeNewForCausalLM$" -- "$D/new.py"
check "no dictionary is an error" 2 "no _TEXT_GENERATION_MODELS" -- "$D/none.py"
check "a missing file is an error" 2 "cannot read" -- "$D/absent.py"

# every class of the list has a case in the unit test's table
n=$((n + 1))
lost=$(grep -v '^#' "$TOP/tests/fixtures/registry/vllm-text-generation.txt" |
	while IFS= read -r c; do
		[ -n "$c" ] || continue
		grep -q "{ \"$c\", REG_" "$TOP/tests/unit/test_arch_registry.c" ||
			echo "$c"
	done)
if [ -z "$lost" ]; then
	echo "ok $n - every listed class has a case in test_arch_registry.c"
else
	echo "not ok $n - classes without a case: $lost"
	fails=$((fails + 1))
fi
check_summary
