#!/bin/sh
# .ci/html.sh - the HTML quote in a real browser: installs Debian's
# chromium (big, so only for this stage: HEADROOM_WITH_BROWSER=1 adds it
# to build-aux/debian-deps.sh's list) and runs tests/screen/quote-html.sh
# against the headroom just built, where a missing browser is a failure.
set -eu
cd "$(dirname "$0")/.."
start=$(date +%s)
HEADROOM_WITH_BROWSER=1 sh build-aux/debian-deps.sh
HEADROOM_REQUIRE_CHROMIUM=1 HEADROOM_BIN=$(pwd)/headroom sh tests/screen/quote-html.sh
echo "html: quote checked in $(chromium --version 2>/dev/null | head -n 1) in $(( $(date +%s) - start )) s"
