#!/bin/sh
# catalogue-gen.sh - the build-time compiler of the built-in catalogue
# (src/gen/catalogue_gen.c): a data error stops it with file:line:column
# and the field, and writes nothing; strings that need escaping in C come
# back byte for byte from the tables it writes (TAP output).
set -u
H=${HEADROOM_BIN:-./headroom}
SRC=${TOP_SRCDIR:-.}
. "$SRC/tests/screen/check-lib.sh"
G=$(dirname "$H")/src/gen/catalogue_gen
W=$(mktemp -d "${TMPDIR:-/tmp}/headroom-catgen.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 1
# the coefficients every catalogue needs, from the real data
cp "$SRC/data/estimates.yaml" est.yaml

gen_fails() {	# gen_fails NAME PATTERN FILE...: exit 1, PATTERN on stderr, no output
	name=$1 pat=$2
	shift 2
	n=$((n + 1))
	"$G" "$@" >out.c 2>err.txt
	st=$?
	if [ "$st" -ne 1 ] || [ -s out.c ] || ! grep -q -- "$pat" err.txt; then
		echo "not ok $n - $name: exit $st, $(wc -c <out.c) bytes written"
		sed 's/^/# /' err.txt | head -10
		fails=$((fails + 1))
	else
		echo "ok $n - $name"
	fi
}

printf 'gpus:\n  - id: x\n    name: X\n    source: s\n' >nototal.yaml
gen_fails "a card without its total names file, line and field" \
    "^nototal.yaml:2:5: gpu 'x': needs cuda_total_gib" est.yaml nototal.yaml
printf 'gpus:\n  - id: x\n    cuda_total_gib: lots\n' >notnum.yaml
gen_fails "a figure that is not a number" \
    "^notnum.yaml:3:5: gpu: cuda_total_gib must be a number" est.yaml notnum.yaml
printf 'gpus:\n  - id: [x\n' >syntax.yaml
gen_fails "a YAML syntax error" "^syntax.yaml:3:" est.yaml syntax.yaml
printf 'checkpoints:\n  - id: a/b\n    model: nobody/none\n    format: bf16\n' >link.yaml
gen_fails "a checkpoint of a model not in the catalogue, with its place" \
    "^link.yaml:3:5: checkpoint 'a/b': model 'nobody/none' is not in the catalogue" \
    est.yaml link.yaml
n=$((n + 1))
if [ "$(grep -c "model 'nobody/none'" err.txt)" -eq 1 ]; then
	echo "ok $n - the link problem is reported once"
else
	echo "not ok $n - the link problem is reported once"
	sed 's/^/# /' err.txt
	fails=$((fails + 1))
fi
printf 'nodes:\n  - id: n1\n    gpu: nocard\n    gpus_per_node: 2\n' >node.yaml
gen_fails "a node of a card not in the catalogue, with its place" \
    "^node.yaml:3:5: node 'n1': card 'nocard' is not in the catalogue" est.yaml node.yaml
gen_fails "no estimate coefficients" "no estimate coefficients" nototal.yaml
gen_fails "a missing file" "missing.yaml" est.yaml missing.yaml

# strings C needs escaped: quotes, backslashes, a comment's end, trigraphs,
# UTF-8 and a tab, as card ids, names and sources
cat >odd.yaml <<'EOF'
gpus:
  - id: "odd\"*/??=card"
    name: "back\\slash ??/ tab\there"
    cuda_total_gib: 0.1
    source: "Grüße, 10 µs — ??( ??) \"q\" */ /* end"
EOF
"$G" est.yaml odd.yaml >odd.c 2>err.txt
ok "the generator takes odd strings" [ -s odd.c ]
CC=${CC:-cc}
if command -v "$CC" >/dev/null 2>&1; then
	cat >main.c <<'EOF'
#include <stdio.h>
#include "io/builtin_data.h"
int main(void)
{
	const struct gpu *g = &builtin_catalogue.gpus[0];

	printf("%s\n%s\n%s\n%.17g\n", g->id, g->name, g->source, g->cuda_total_gib);
	return 0;
}
EOF
	printf '%s\n' 'odd"*/??=card' 'back\slash ??/ tab	here' \
	    'Grüße, 10 µs — ??( ??) "q" */ /* end' '0.10000000000000001' >want.txt
	ok "the tables compile as C11 with trigraphs on" \
	    "$CC" -std=c11 -Wall -Werror -I"$SRC/src" -o odd odd.c main.c
	./odd >got.txt 2>&1
	ok "the strings come back byte for byte" cmp want.txt got.txt
else
	skip "the tables compile" "no C compiler ($CC)"
	skip "the strings come back byte for byte" "no C compiler ($CC)"
fi
check_summary
