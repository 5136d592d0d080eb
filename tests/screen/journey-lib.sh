# journey-lib.sh - shared by the tmux journeys (sourced, not run).
#
# Each journey starts headroom in a detached session of a private tmux
# server, sends keys and polls capture-pane until the expected text shows
# up (or a timeout fails the test).  No journey relies on a fixed sleep.
# Without tmux the journey exits 77, which make check reports as SKIP.

set -u

TMUX_BIN=${TMUX_BIN:-}
if [ -z "$TMUX_BIN" ] || [ ! -x "$TMUX_BIN" ]; then
	TMUX_BIN=$(command -v tmux 2>/dev/null || true)
fi
if [ -z "$TMUX_BIN" ]; then
	echo "tmux not found: journey skipped"
	exit 77
fi
if [ -z "${HEADROOM_BIN:-}" ] || [ ! -x "$HEADROOM_BIN" ]; then
	echo "HEADROOM_BIN is not an executable: ${HEADROOM_BIN:-unset}"
	exit 99
fi

J_SOCK="headroom-j$$"
J_WORK=$(mktemp -d "${TMPDIR:-/tmp}/headroom-journey.XXXXXX")
J_TIMEOUT=${J_TIMEOUT:-15}

J_NSOCK=0

# After kill-server the next server gets a socket of its own: starting one
# on the socket of a server that is still shutting down races.
j_tmux() {
	"$TMUX_BIN" -L "$J_SOCK" -f /dev/null "$@"
	j_rc=$?
	if [ "${1:-}" = kill-server ]; then
		J_NSOCK=$((J_NSOCK + 1))
		J_SOCK="headroom-j$$-$J_NSOCK"
	fi
	return $j_rc
}

j_cleanup() {
	j_tmux kill-server >/dev/null 2>&1
	rm -rf "$J_WORK"
}
trap j_cleanup EXIT
trap 'exit 1' INT TERM HUP

# The reference case: Llama 3.3 70B as NVIDIA's FP8 checkpoint, FP8 KV.
J_REF="--gpu rtx-pro-6000-server --model meta-llama/Llama-3.3-70B-Instruct \
--checkpoint nvidia/Llama-3.3-70B-Instruct-FP8 --kv-cache-dtype fp8"

# j_start COLS ROWS ARGS...: headroom in a COLSxROWS pane.  When it ends,
# the pane prints "headroom exited N" and whether the tty settings came
# back as they were, then waits to be captured.  J_ENV (e.g. TERM=xterm)
# is put in headroom's environment.
j_start() {
	cols=$1
	rows=$2
	shift 2
	cat > "$J_WORK/run.sh" <<EOS
#!/bin/sh
# a handler (not "ignore"): the planner still gets Ctrl-C and Ctrl-\\, this script lives on
trap : INT QUIT
cd "$J_WORK"
before=\$(stty -g)
env ${J_ENV:-} "$HEADROOM_BIN" $*
status=\$?
after=\$(stty -g)
if [ "\$before" = "\$after" ]; then tty=restored; else tty=changed; fi
echo "headroom exited \$status, terminal \$tty"
exec sleep 300
EOS
	chmod +x "$J_WORK/run.sh"
	j_tmux new-session -d -s j -x "$cols" -y "$rows" "$J_WORK/run.sh"
	j_tmux set-option -t j -g set-clipboard on >/dev/null 2>&1 || true
}

j_keys() {
	j_tmux send-keys -t j "$@"
}

j_screen() {
	j_tmux capture-pane -p -t j
}

# j_wait TEXT: polls the pane until it shows TEXT (fixed string).
j_wait() {
	i=0
	limit=$((J_TIMEOUT * 20))
	while [ "$i" -lt "$limit" ]; do
		if j_screen | grep -F -q -e "$1"; then
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	echo "timed out after ${J_TIMEOUT}s waiting for: $1"
	echo "---- screen ----"
	j_screen
	exit 1
}

# j_wait_gone TEXT: polls until TEXT has left the pane.
j_wait_gone() {
	i=0
	limit=$((J_TIMEOUT * 20))
	while [ "$i" -lt "$limit" ]; do
		if ! j_screen | grep -F -q -e "$1"; then
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	echo "timed out after ${J_TIMEOUT}s waiting for '$1' to go"
	j_screen
	exit 1
}

# j_requests: the number of requests the slider line says fit.
j_requests() {
	j_screen | sed -n 's/.*tokens per request[^:]*: \([0-9,]*\) requests.*/\1/p' |
	    tr -d , | head -n 1
}

j_fail() {
	echo "FAIL: $*"
	echo "---- screen ----"
	j_screen
	exit 1
}
