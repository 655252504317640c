#!/usr/bin/env python3
"""check_layers.py - the house rules of lib/ (HACKING.md, "The layers").

Two checks, each run as its own test:

  check_layers.py objects NM LIBZCRYPT.a
      No two objects of the library call each other, directly or round a
      longer loop. Reads the archive's symbol tables with nm: an object
      that references a symbol another object defines calls into it.

  check_layers.py folders ROOT SW_SOURCE...
      The folder rules, read from the sources under ROOT (the project's
      top). SW_SOURCE are the software cores, as the folders' meson.build
      files list them.
      1. Every folder of lib/ has its meson.build.
      2. Includes go downwards: asm/ includes nothing of lib/; core/ only
         core/ and asm/; bn/ only core/util.h, core/ct.h and bn/; linux/
         only core/platform.h and core/util.h; a family folder its own
         files, core/, bn/ and asm/, never another family.
      3. A family's <fam>_int.h is private to its folder.
      4. Only a family's CPACF unit, <fam>_cpacf.c with its
         <fam>_cpacf.h (inline helpers where a call would cost more than
         the instruction), issues CPACF instructions (the asm/cpacf.h
         wrappers); and core/caps.c, which runs the facility and query
         detection.
      5. A software core includes, of lib/ and asm/, only core/util.h,
         core/ct.h, bn/ and the software headers of its own folder (not
         <fam>_int.h, not the CPACF unit, nothing of asm/).
      6. No circle through a header: a header's inline functions call no
         function that a source including that header defines, except the
         header's own source (x.h with x.c is one unit).

Prints what it checked, or each breach with the file and the name, and
exits 1 on any breach.
"""
import os
import re
import subprocess
import sys

FAMILY_OK = ("core/", "bn/", "asm/")
# The issuing wrappers of asm/cpacf.h: calling one issues an instruction.
ISSUERS = re.compile(
    r"\bzc_(km|kmc|kmf|kmo|kmctr|kmac|kimd|klmd|pcc|pckmo|prno|kma|kdsa|"
    r"cpacf_issue|cpacf_cipher|cpacf_cipher_block|cpacf_hash_block|cpacf_digest|"
    r"cpacf_query_insn|stfle)\s*\(")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
CALL = re.compile(r"\b(zc_[A-Za-z0-9_]+)\s*\(")
DEFN = re.compile(r"^[A-Za-z_][^;{}()]*?\b(zc_[A-Za-z0-9_]+)\s*\([^;]*$")


# ---- objects ---------------------------------------------------------------

def object_graph(nm, lib):
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
    return {o: {defined[s] for s in syms if s in defined and defined[s] != o}
            for o, syms in refs.items()}


def cycles(edges):
    """Every cycle as a list of nodes, by depth-first search from each node."""
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


def check_objects(nm, lib):
    edges = object_graph(nm, lib)
    loops = cycles(edges)
    for loop in loops:
        print("cycle: " + " -> ".join(loop))
    n_edges = sum(len(v) for v in edges.values())
    print(f"layers: {len(edges)} objects, {n_edges} calls between them, {len(loops)} cycles")
    return 1 if loops else 0


# ---- folders ---------------------------------------------------------------

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def sources(root):
    """Every .c and .h of lib/ and asm/, as paths relative to root."""
    out = []
    for top in ("lib", "asm"):
        for d, _, names in os.walk(os.path.join(root, top)):
            out += [os.path.relpath(os.path.join(d, n), root)
                    for n in names if n.endswith((".c", ".h"))]
    return sorted(out)


def resolve(path, inc, known):
    """An include of path as a file of the tree (relative to root), or None."""
    for cand in (os.path.normpath(os.path.join(os.path.dirname(path), inc)),
                 os.path.normpath(os.path.join("lib", inc)), os.path.normpath(inc)):
        if cand in known:
            return cand
    return None


def folder_of(path):
    """'asm', or the folder of lib/ ('core', 'aes', ...)."""
    parts = path.split("/")
    return "asm" if parts[0] == "asm" else parts[1]


def lib_rel(path):
    return path[4:] if path.startswith("lib/") else path


def include_ok(src, dst, sw):
    """None, or why src may not include dst."""
    fs, fd = folder_of(src), folder_of(dst)
    rel = lib_rel(dst)
    if fs == "asm":
        return None if fd == "asm" else "asm/ includes nothing of lib/"
    if src in sw:
        if rel in ("core/util.h", "core/ct.h") or fd == "bn":
            return None
        if fd == fs and not dst.endswith("_int.h") and not os.path.basename(dst).startswith(
                fs + "_cpacf"):
            return None
        return "a software core includes only core/util.h, core/ct.h, bn/ and its own software headers"
    if fs == "core":
        return None if fd in ("core", "asm") else "core/ includes no family"
    if fs == "bn":
        return None if rel in ("core/util.h", "core/ct.h") or fd == "bn" else \
            "bn/ includes only core/util.h, core/ct.h and bn/"
    if fs == "linux":
        return None if rel in ("core/platform.h", "core/util.h") else \
            "linux/ includes only core/platform.h and core/util.h"
    if fd == fs or rel.startswith(FAMILY_OK) or fd == "asm":
        return None
    return "a family includes no other family"


def bodies(text):
    """The text inside braces (function bodies), line breaks kept."""
    out, depth = [], 0
    for ch in text:
        if ch == "{":
            depth += 1
            out.append(" ")
        elif ch == "}":
            depth -= 1
            out.append(" ")
        elif depth > 0 or ch == "\n":
            out.append(ch)
        else:
            out.append(" ")
    return "".join(out)


def definitions(text):
    """Non-static functions a source defines: a zc_ name opening a line at
    file scope whose parameter list is followed by a body, not a ';'."""
    names, depth = set(), 0
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if depth == 0 and not line.startswith(("static", "#", " ", "\t")):
            m = DEFN.match(line)
            if m:
                rest = "\n".join(lines[i:i + 12])
                brace, semi = rest.find("{"), rest.find(";")
                if brace >= 0 and (semi < 0 or brace < semi):
                    names.add(m.group(1))
        depth += line.count("{") - line.count("}")
    return names


def check_folders(root, sw_args):
    os.chdir(root)
    files = sources(".")
    known = set(files)
    sw = {os.path.relpath(os.path.abspath(p), os.path.abspath(".")) for p in sw_args}
    text = {f: strip_comments(open(f, encoding="utf-8").read()) for f in files}
    incs = {f: [resolve(f, i, known) for i in INCLUDE.findall(text[f])] for f in files}
    incs = {f: [d for d in v if d] for f, v in incs.items()}
    bad = []

    folders = sorted({folder_of(f) for f in files if f.startswith("lib/")})
    for fd in folders:
        if not os.path.isfile(os.path.join("lib", fd, "meson.build")):
            bad.append(f"lib/{fd}/: no meson.build")

    n_inc = 0
    for f in files:
        for d in incs[f]:
            n_inc += 1
            why = include_ok(f, d, sw)
            if why:
                bad.append(f"{f} includes {d}: {why}")
            if d.endswith("_int.h") and folder_of(d) != folder_of(f):
                bad.append(f"{f} includes {d}: a family's _int.h is private to its folder")

    for f in files:
        base = os.path.basename(f)
        allowed = f == "lib/core/caps.c" or f.startswith("asm/") or (
            base in (folder_of(f) + "_cpacf.c", folder_of(f) + "_cpacf.h"))
        if not allowed:
            for m in ISSUERS.finditer(text[f]):
                line = text[f].count("\n", 0, m.start()) + 1
                bad.append(f"{f}:{line}: issues {m.group(0).rstrip('( ')}: only "
                           f"lib/{folder_of(f)}/{folder_of(f)}_cpacf.[ch] issues CPACF instructions")

    # 6: headers' inline calls into the sources that include them.
    closure = {}

    def reach(f, seen=None):
        if f in closure:
            return closure[f]
        seen = seen or set()
        out = set()
        for d in incs[f]:
            if d not in seen:
                seen.add(d)
                out |= {d} | reach(d, seen)
        closure[f] = out
        return out

    defs = {f: definitions(text[f]) for f in files if f.endswith(".c")}
    owner = {}
    for f, names in defs.items():
        for n in names:
            owner[n] = f
    n_hdr = 0
    for h in files:
        if not h.endswith(".h") or h.startswith("asm/"):
            continue
        n_hdr += 1
        for name in sorted(set(CALL.findall(bodies(text[h])))):
            c = owner.get(name)
            if c is None or os.path.splitext(c)[0] == os.path.splitext(h)[0]:
                continue
            if h in reach(c):
                bad.append(f"circle: {h} calls {name}, defined in {c}, which includes {h}")

    for b in bad:
        print("breach: " + b)
    print(f"folders: {len(folders)} folders of lib/, {len(files)} files, {n_inc} includes, "
          f"{len(sw)} software cores, {n_hdr} headers' inline calls, {len(bad)} breaches")
    return 1 if bad else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "objects":
        return check_objects(sys.argv[2], sys.argv[3])
    if len(sys.argv) >= 3 and sys.argv[1] == "folders":
        return check_folders(sys.argv[2], sys.argv[3:])
    print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
