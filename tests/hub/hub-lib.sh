# hub-lib.sh - starts the stand-in Hub (hubserver.py) for a test (sourced).
# hub_start DIR: serves tests/fixtures/hub on a free port of 127.0.0.1 and
# points HF_ENDPOINT, HF_HUB_CACHE, HF_HOME and XDG_CACHE_HOME at it and at
# DIR; prints "1..0 # SKIP ..." and exits 0 (TAP) or 77 (HUB_SKIP=77) when
# python3 is missing.  hub_stop stops it (the caller's EXIT trap calls it).
HUB_PID=
hub_start() {
	hub_dir=$1
	rm -f "$hub_dir/port"
	py=$(command -v python3 || true)
	if [ -z "$py" ]; then
		echo "1..0 # SKIP python3 not found"
		exit "${HUB_SKIP:-0}"
	fi
	"$py" "${TOP_SRCDIR:-.}/tests/hub/hubserver.py" "${TOP_SRCDIR:-.}/tests/fixtures/hub" \
	    "$hub_dir/port" "$hub_dir/log" &
	HUB_PID=$!
	i=0
	while [ ! -s "$hub_dir/port" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ ! -s "$hub_dir/port" ]; then
		echo "1..0 # SKIP the test Hub did not start"
		exit "${HUB_SKIP:-0}"
	fi
	HF_ENDPOINT=http://127.0.0.1:$(cat "$hub_dir/port")
	HF_HUB_CACHE=$hub_dir/cache
	HF_HOME=$hub_dir/hf
	XDG_CACHE_HOME=$hub_dir/xdg
	export HF_ENDPOINT HF_HUB_CACHE HF_HOME XDG_CACHE_HOME
	unset HF_TOKEN HF_TOKEN_PATH HF_HUB_OFFLINE http_proxy https_proxy HTTP_PROXY \
	    HTTPS_PROXY ALL_PROXY all_proxy
}
hub_stop() {
	if [ -n "$HUB_PID" ]; then
		kill "$HUB_PID" 2>/dev/null
		wait "$HUB_PID" 2>/dev/null
	fi
	HUB_PID=
}
