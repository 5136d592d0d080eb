#!/bin/sh
# copy-sources.sh SRCDIR DEST - copies the source files of a git checkout
# (tracked, and untracked ones not ignored, so uncommitted edits count; no
# build output) to DEST and runs autoreconf there, for a build of its own:
# configure refuses a second build of a source folder configured in place.
set -eu
src=$1
dest=$2
rm -rf "$dest"
mkdir -p "$dest"
(cd "$src" && git ls-files -z --cached --others --exclude-standard) |
	(cd "$src" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
	(cd "$src" && tar --null -T - -cf -) | tar -xf - -C "$dest"
cd "$dest"
autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
