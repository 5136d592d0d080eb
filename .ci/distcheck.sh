#!/bin/sh
# .ci/distcheck.sh - the release tarball configures, builds and passes its
# tests from a clean unpack in a separate build tree (make distcheck, with
# AM_DISTCHECK_CONFIGURE_FLAGS).  Run after .ci/run's configure.
cd "$(dirname "$0")/.." || exit 1
nice make -j2 distcheck >distcheck.log 2>&1
status=$?
grep -E '^(FAIL|ERROR):|distribution is ready|^make.*Error' distcheck.log | head -20
[ $status -eq 0 ] || tail -30 distcheck.log
exit $status
