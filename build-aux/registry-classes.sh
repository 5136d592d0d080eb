#!/bin/sh
# registry-classes.sh REGISTRY.py [LIST] - the text-generation classes of a
# vLLM registry.py (the keys of its _TEXT_GENERATION_MODELS dictionary, in
# either layout vLLM has used: `"Class": ("module", "Class"),` on one line
# or the tuple on the lines after `"Class": (`) that LIST does not name
# (default: tests/fixtures/registry/vllm-text-generation.txt beside this
# script's folder), one a line; exit 1 when there is one, 0 when LIST names
# them all, 2 when a file is missing or the dictionary is not found.
#
# A class this prints has no case in tests/unit/test_arch_registry.c and
# no row in doc/architectures.md: add it to the list, classify it there
# (modelled, standard attention or refused, from its model file) and add
# its row, as registry::derived_list_is_classified_and_documented asks.
set -u
[ $# -ge 1 ] || { echo "usage: registry-classes.sh REGISTRY.py [LIST]" >&2; exit 2; }
reg=$1
list=${2:-$(dirname "$0")/../tests/fixtures/registry/vllm-text-generation.txt}
[ -r "$reg" ] || { echo "registry-classes: cannot read $reg" >&2; exit 2; }
[ -r "$list" ] || { echo "registry-classes: cannot read $list" >&2; exit 2; }

classes=$(LC_ALL=C awk '
	/^_TEXT_GENERATION_MODELS[^=]*=[ \t]*\{/ { inside = 1; found = 1; next }
	inside && /^\}/ { inside = 0 }
	inside && /^[ \t]*"[A-Za-z0-9_]+"[ \t]*:/ {
		s = $0
		sub(/^[ \t]*"/, "", s)
		sub(/".*/, "", s)
		print s
	}
	END { if (!found) exit 3 }' "$reg")
case $? in
0) ;;
*) echo "registry-classes: no _TEXT_GENERATION_MODELS dictionary in $reg" >&2
   exit 2 ;;
esac
missing=$(printf '%s\n' "$classes" | LC_ALL=C awk '
	NR == FNR { if ($0 !~ /^#/ && $0 != "") known[$0] = 1; next }
	$0 != "" && !($0 in known) { print }' "$list" -)
if [ -n "$missing" ]; then
	printf '%s\n' "$missing"
	echo "registry-classes: $(printf '%s\n' "$missing" | wc -l | tr -d ' ') class(es) of $reg not in $list" >&2
	exit 1
fi
echo "registry-classes: every class of $reg is in $list"
exit 0
