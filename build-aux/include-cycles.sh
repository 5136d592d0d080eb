#!/bin/sh
# include-cycles.sh [SRCDIR] - prints every include cycle among the modules
# of SRCDIR (default: the src/ beside this script's folder) and exits 1 if
# there is one, 0 if there is none.  make check runs it.
#
# A module is x.c with x.h.  Module x depends on module y when x.c or x.h
# has `#include "y.h"` (looked up beside the including file first, then
# under SRCDIR, as the compiler does with -I src); headers outside SRCDIR
# (config.h, the system's) are not modules.  A cycle is printed as
#
#   cycle: src/io/cli -> src/io/export -> src/io/cli
#
# once, starting at its smallest module, then each group of modules that
# reach one another, then one summary line.
# Each strongly connected group is searched on its own; a group with more
# than 200 cycles prints its first 200 and counts the rest.
set -u
if [ $# -eq 0 ]; then
	# make check runs it from the build tree: the sources are beside it
	cd "$(dirname "$0")/.." || exit 2
fi
src=${1:-src}
[ -d "$src" ] || { echo "include-cycles: no directory $src" >&2; exit 2; }

find "$src" -name '*.[ch]' | LC_ALL=C sort | while IFS= read -r f; do
	dir=${f%/*}
	sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' "$f" |
	while IFS= read -r h; do
		if [ -f "$dir/$h" ]; then t="$dir/$h"
		elif [ -f "$src/$h" ]; then t="$src/$h"
		else continue
		fi
		printf '%s %s\n' "${f%.[ch]}" "${t%.[ch]}"
	done
done | LC_ALL=C sort -u | LC_ALL=C awk '
# Normalises a/./b and a/x/../b so that both spellings name one module.
function norm(p,    n, i, k, part, out) {
	n = split(p, part, "/"); k = 0
	for (i = 1; i <= n; i++) {
		if (part[i] == "." || part[i] == "") continue
		if (part[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
		out[++k] = part[i]
	}
	p = out[1]
	for (i = 2; i <= k; i++) p = p "/" out[i]
	return p
}
function node(name) {
	if (!(name in id)) { id[name] = ++nn; nm[nn] = name }
	return id[name]
}
{
	a = node(norm($1)); b = node(norm($2))
	if (a != b && !((a, b) in edge)) {
		edge[a, b] = 1; adj[a, ++deg[a]] = b
	}
}
# Tarjan: comp[v] = the strongly connected group of v.
function strong(v,    i, w) {
	idx[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
	for (i = 1; i <= deg[v]; i++) {
		w = adj[v, i]
		if (!(w in idx)) {
			strong(w)
			if (low[w] < low[v]) low[v] = low[w]
		} else if (on[w] && idx[w] < low[v])
			low[v] = idx[w]
	}
	if (low[v] == idx[v]) {
		ng++; size[ng] = 0
		do { w = stack[sp--]; on[w] = 0; comp[w] = ng; size[ng]++ } while (w != v)
	}
}
# Elementary cycles through start s whose other modules sort after s.
function walk(v, depth,    i, w, line, k) {
	path[depth] = v; busy[v] = 1
	for (i = 1; i <= deg[v]; i++) {
		w = adj[v, i]
		if (comp[w] != comp[s]) continue
		if (w == s) {
			found[comp[s]]++; total++
			if (found[comp[s]] <= 200) {
				line = nm[path[1]]
				for (k = 2; k <= depth; k++) line = line " -> " nm[path[k]]
				print "cycle: " line " -> " nm[s]
			}
		} else if (!busy[w] && nm[w] > nm[s])
			walk(w, depth + 1)
	}
	busy[v] = 0
}
END {
	for (v = 1; v <= nn; v++) if (!(v in idx)) strong(v)
	# starts in name order, so the output does not depend on the input order
	n = 0
	for (v = 1; v <= nn; v++) if (size[comp[v]] > 1) order[++n] = v
	for (i = 2; i <= n; i++) {
		t = order[i]
		for (j = i - 1; j >= 1 && nm[order[j]] > nm[t]; j--) order[j + 1] = order[j]
		order[j + 1] = t
	}
	total = 0; groups = 0
	for (g = 1; g <= ng; g++) if (size[g] > 1) groups++
	for (i = 1; i <= n; i++) { s = order[i]; walk(s, 1) }
	for (g = 1; g <= ng; g++) {
		if (size[g] < 2) continue
		line = ""
		for (i = 1; i <= n; i++) if (comp[order[i]] == g) line = line " " nm[order[i]]
		printf "include-cycles: group of %d modules:%s\n", size[g], line
	}
	for (g = 1; g <= ng; g++)
		if (found[g] > 200)
			printf "include-cycles: %d more cycles in the group of %d modules not printed\n",
			    found[g] - 200, size[g]
	printf "include-cycles: %d cycles among %d modules in %d groups\n", total,
	    n, groups
	exit total > 0
}'
