#!/usr/bin/env bash
# glue_circles.sh OBJ... - the files of kds.ko use each other one way: no
# two objects (or longer loop of them) each call or read what the other
# defines, so each file can be read knowing only those below it. Reads the objects' symbols with nm (NM, default nm);
# prints each loop found, the first symbol of each step, and exits 1; else
# prints how many objects and links it read and exits 0.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: kernel/glue_circles.sh OBJ OBJ..." >&2; exit 2; }
nm=${NM:-nm}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for o in "$@"; do
	n=${o#./}
	"$nm" --defined-only "$o" | awk -v n="$n" '$2 ~ /^[TDBRGSV]$/ { print $3, n }'
done | sort -u >"$tmp/defs"
for o in "$@"; do
	n=${o#./}
	"$nm" --undefined-only "$o" | awk -v n="$n" '{ print $2, n }'
done | sort -u >"$tmp/uses"
# USER DEFINER SYMBOL: one line a link, the first symbol of each pair.
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 && !seen[$2 " " $3]++ { print $2, $3, $1 }' >"$tmp/links"
awk '
	{ to[$1] = to[$1] " " $2; sym[$1 " " $2] = $3; nodes[$1]; nodes[$2] }
	function visit(n, path,   i, k, m, next_) {
		state[n] = 1
		k = split(to[n], next_, " ")
		for (i = 1; i <= k; i++) {
			m = next_[i]
			if (state[m] == 1) {
				loop = m; rest = path " " n
				sub(".* " m " ", m " ", rest)
				if (rest !~ "^" m " ") rest = m " " n
				found[rest " -> " m]++
			} else if (!state[m])
				visit(m, path " " n)
		}
		state[n] = 2
	}
	END {
		for (n in nodes) if (!state[n]) visit(n, "")
		bad = 0
		for (l in found) {
			k = split(l, p, " ")
			line = ""
			for (i = 1; i < k; i++) {
				if (p[i] == "->") continue
				nx = (p[i + 1] == "->") ? p[i + 2] : p[i + 1]
				line = line p[i] " (" sym[p[i] " " nx] ") -> "
			}
			print "loop: " line p[k]
			bad = 1
		}
		exit bad
	}' "$tmp/links" || exit 1
echo "no loop among $# objects ($(wc -l <"$tmp/links") links)"
