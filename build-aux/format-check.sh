#!/bin/sh
# format-check.sh [TOP] - clang-format --dry-run -Werror over every C source
# and header of the tree (src, tests, bench), the generated ones excepted:
# the whole tree is laid out as .clang-format describes (doc/style.md).
# Run from the top of the source tree (make format-check).
cd "${1:-.}" || exit 1
if ! command -v clang-format >/dev/null 2>&1; then
	echo "format-check: clang-format not found (build-aux/debian-deps.sh)" >&2
	exit 1
fi
status=0 n=0
for f in $(find src tests bench -name '*.[ch]' | LC_ALL=C sort); do
	case $f in
	# written by the build (src/gen/catalogue_gen, build-aux/embed.awk)
	src/io/builtin_data.c | src/ui/builtin_themes.c) continue ;;
	esac
	n=$((n + 1))
	clang-format --dry-run -Werror "$f" || status=1
done
echo "format-check: $n files checked"
exit $status
