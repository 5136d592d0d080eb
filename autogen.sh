#!/bin/sh
# autogen.sh - regenerate the build system (configure, Makefile.in).
set -e
cd "$(dirname "$0")"
autoreconf -fi
