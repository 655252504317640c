#!/usr/bin/env python3
"""check_layers.py - no two files of lib/ call each other, directly or round
a longer loop.

Reads the symbol tables of the static library's objects with nm: an object
that references a symbol another object defines calls into that object.
The resulting graph must have no cycle. Prints the graph's size, or each
cycle found, and exits 1 on a cycle.

usage: check_layers.py NM LIBZCRYPT.a
"""
import subprocess
import sys


def graph(nm, lib):
    defined, refs = {}, {}
    out = subprocess.run([nm, "-A", lib], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        where, _, rest = line.rpartition(":")
        obj = where.split(":")[-1]
        parts = rest.split()
        if len(parts) < 2:
            continue
        kind, sym = parts[-2], parts[-1]
        refs.setdefault(obj, set())
        if kind == "U":
            refs[obj].add(sym)
        elif kind.isupper():
            defined[sym] = obj
    edges = {o: {defined[s] for s in syms if s in defined and defined[s] != o}
             for o, syms in refs.items()}
    return edges


def cycles(edges):
    """Every cycle as a list of objects, by depth-first search from each node."""
    found, seen = [], set()
    for start in sorted(edges):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(edges.get(node, ())):
                if nxt == start:
                    key = frozenset(path)
                    if key not in seen:
                        seen.add(key)
                        found.append(path + [start])
                elif nxt not in path and nxt > start:
                    stack.append((nxt, path + [nxt]))
    return found


def main():
    nm, lib = sys.argv[1], sys.argv[2]
    edges = graph(nm, lib)
    loops = cycles(edges)
    for loop in loops:
        print("cycle: " + " -> ".join(loop))
    n_edges = sum(len(v) for v in edges.values())
    print(f"layers: {len(edges)} objects, {n_edges} calls between them, {len(loops)} cycles")
    return 1 if loops else 0


if __name__ == "__main__":
    sys.exit(main())
