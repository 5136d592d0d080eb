#!/bin/sh
# format-check.sh - clang-format --dry-run -Werror over the C files listed in
# build-aux/format-checked.txt: the files laid out as .clang-format describes.
# Files in the tab-aligned tmux style clang-format cannot express are not
# listed; a file joins the list once clang-formatted (doc/style.md).  Run from
# the top of the source tree (make format-check).
cd "${1:-.}" || exit 1
if ! command -v clang-format >/dev/null 2>&1; then
	echo "format-check: clang-format not found (build-aux/debian-deps.sh)" >&2
	exit 1
fi
list=build-aux/format-checked.txt
status=0 n=0
for f in $(grep -v '^#' "$list"); do
	n=$((n + 1))
	if [ ! -f "$f" ]; then
		echo "format-check: $f is listed in $list but missing" >&2
		status=1
		continue
	fi
	clang-format --dry-run -Werror "$f" || status=1
done
echo "format-check: $n files checked ($list)"
exit $status
