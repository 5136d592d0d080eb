#!/bin/sh
# The planner on 8- and 16-colour terminals, in tmux: with TERM=screen,
# xterm and xterm-16color the KV cache and the verdict are green, and no
# character is black or white on the terminal's own background (which may
# be dark or light): the pane's colours are read back from capture-pane -e.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

# every visible character in black or white (30, 37, 97) with no
# background of its own, as "row column colour"; exit 1 when there is one
cat > "$J_WORK/sgr.awk" <<'AWK'
BEGIN { E = sprintf("%c", 27) }
{
	fg = -1; bg = -1; line = $0; col = 0
	while (length(line) > 0) {
		i = index(line, E "[")
		text = i ? substr(line, 1, i - 1) : line
		n = split(text, ch, "")
		for (k = 1; k <= n; k++) {
			if (ch[k] != " " && bg == -1 && (fg == 30 || fg == 37 || fg == 97)) {
				print NR, col, fg
				bad++
			}
			col++
		}
		if (!i)
			break
		line = substr(line, i + 2)
		if (!match(line, /^[0-9;]*m/)) {
			line = substr(line, 2)
			continue
		}
		seq = substr(line, 1, RLENGTH - 1)
		line = substr(line, RLENGTH + 1)
		if (seq == "")
			seq = "0"
		m = split(seq, p, ";")
		for (q = 1; q <= m; q++) {
			v = p[q] + 0
			if (v == 0) { fg = -1; bg = -1 }
			else if (v == 39) fg = -1
			else if (v == 49) bg = -1
			else if ((v >= 30 && v <= 37) || (v >= 90 && v <= 97)) fg = v
			else if ((v >= 40 && v <= 47) || (v >= 100 && v <= 107)) bg = v
			else if ((v == 38 || v == 48) && p[q + 1] == 5) {
				if (v == 38) fg = 1000 + p[q + 2]; else bg = p[q + 2]
				q += 2
			}
		}
	}
}
END { exit bad > 0 }
AWK
printf '\033[30mx\n' | LC_ALL=C awk -f "$J_WORK/sgr.awk" >/dev/null &&
    j_fail "the colour reader misses black text"

ESC=$(printf '\033')
for term in screen xterm xterm-16color; do
	J_ENV="TERM=$term"
	j_start 80 24 "$J_REF --max-model-len 32768"
	j_wait "5 Verdict"
	j_tmux capture-pane -e -p -t j > "$J_WORK/$term.txt"
	grep -q "${ESC}\\[1m${ESC}\\[32m✓ vLLM starts." "$J_WORK/$term.txt" ||
	    j_fail "$term: the verdict is not green"
	grep -q "${ESC}\\[32m█${ESC}\\[39m KV cache" "$J_WORK/$term.txt" ||
	    j_fail "$term: the KV cache is not green"
	if ! LC_ALL=C awk -f "$J_WORK/sgr.awk" "$J_WORK/$term.txt" > "$J_WORK/bad.txt"; then
		head -5 "$J_WORK/bad.txt"
		j_fail "$term: black or white text on the terminal's background"
	fi
	j_keys q
	j_wait "headroom exited 0, terminal restored"
	j_tmux kill-server
done
