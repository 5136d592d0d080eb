#!/bin/sh
# format-check.sh - clang-format --dry-run -Werror over every C file of src/
# and tests/ except those listed in build-aux/format-exempt.txt (files in the
# tab-aligned tmux style clang-format cannot express; doc/style.md).  New
# files are checked.  Run from the top of the source tree (make format-check).
cd "${1:-.}" || exit 1
if ! command -v clang-format >/dev/null 2>&1; then
	echo "format-check: clang-format not found (build-aux/debian-deps.sh)" >&2
	exit 1
fi
exempt=build-aux/format-exempt.txt
status=0 n=0 skipped=0
# the sources as tracked (generated files are not), else as found
if git rev-parse --git-dir >/dev/null 2>&1; then
	files=$(git ls-files 'src/*.[ch]' 'tests/*.[ch]')
else
	files=$(find src tests -name '*.[ch]')
fi
for f in $(printf '%s\n' $files | LC_ALL=C sort); do
	if grep -qx "$f" "$exempt"; then
		skipped=$((skipped + 1))
		continue
	fi
	n=$((n + 1))
	clang-format --dry-run -Werror "$f" || status=1
done
echo "format-check: $n files checked, $skipped exempt ($exempt)"
exit $status
