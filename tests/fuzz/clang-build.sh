#!/bin/sh
# clang-build.sh SRCDIR BUILDDIR [SECONDS [HARNESSES]] - `make fuzz` from a
# build that is not a fuzzing build: copies the sources to BUILDDIR/src
# (build-aux/copy-sources.sh), configures a build there with CC=clang
# --enable-fuzz and runs `make fuzz` in it.
set -eu
src=$1
build=$2
seconds=${3:-20}
harnesses=${4:-}
command -v clang >/dev/null || { echo "make fuzz needs clang (Debian: clang libclang-rt-dev)" >&2; exit 1; }
sh "$src/build-aux/copy-sources.sh" "$src" "$build/src"
cd "$build/src"
mkdir -p build
cd build
../configure -q CC=clang --enable-fuzz >/dev/null
# the build's warnings only when it fails
make -j2 -s fuzz-bins >build.log 2>&1 || { tail -40 build.log; exit 1; }
make -s fuzz FUZZ_SECONDS="$seconds" ${harnesses:+FUZZ_HARNESSES="$harnesses"}
