#!/bin/sh
# debian-deps.sh - installs what building and testing headroom needs on
# Debian 12 (or later), using sudo when not run as root.  Safe to re-run.
set -e
pkgs="build-essential autoconf automake pkg-config libncurses-dev libcjson-dev
clang libclang-rt-dev valgrind clang-format
libyaml-dev libcriterion-dev tmux
ncurses-term locales
zsh fish python3-jsonschema
libcurl4-openssl-dev python3"
# the HTML quote's browser test (.ci/html.sh) only
if [ "${HEADROOM_WITH_BROWSER:-0}" = 1 ]; then pkgs="$pkgs chromium"; fi
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $missing >/dev/null
