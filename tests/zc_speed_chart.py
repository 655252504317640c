#!/usr/bin/env python3
"""zc_speed_chart.py SVG PNG JSON DOM - what Chromium drew of zc-speed's chart.

The PNG is decoded here with zlib (no imaging package). Checked: a legend
swatch per backend drawn; in the column just right of the axis, one bar per
measured cell in its backend's colour (so every size is drawn and nothing is
missing or extra); an axis title per unit with tick labels; a note with the
reason for each n/a cell of a drawn row and a line for the rows left out;
ink down to the bottom of the canvas; and, from the browser's layout (DOM),
no element outside the canvas."""
import json, re, struct, sys, zlib
import xml.dom.minidom as minidom

svg_path, png_path, json_path, dom_path = sys.argv[1:5]
fails = []


def check(what, ok, detail=""):
    print(("ok: " if ok else "FAIL: ") + what + ("" if ok else "  " + str(detail)))
    if not ok:
        fails.append(what)


def read_png(path):
    d = open(path, "rb").read()
    assert d[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", None
    while pos < len(d):
        n, typ = struct.unpack(">I4s", d[pos:pos + 8])
        body = d[pos + 8:pos + 8 + n]
        if typ == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif typ == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


doc = minidom.parse(svg_path)
root = doc.documentElement
W, H = int(root.getAttribute("width")), int(root.getAttribute("height"))
cells = json.load(open(json_path))["cells"]
ok = [c for c in cells if c["status"] == "ok"]
w, h, px = read_png(png_path)
check("PNG is the SVG's size (%dx%d)" % (W, H), (w, h) == (W, H), (w, h))

hexrgb = lambda s: tuple(int(s[i:i + 2], 16) for i in (1, 3, 5))
rects = doc.getElementsByTagName("rect")
texts = [t for t in doc.getElementsByTagName("text")]
text_of = lambda t: "".join(n.data for n in t.childNodes if n.nodeType == n.TEXT_NODE)

# The legend: a 12x12 swatch, then the backend's name.
legend = {}
for r in rects:
    if r.getAttribute("width") == "12" and r.getAttribute("height") == "12":
        t = r.nextSibling
        legend[text_of(t)] = (hexrgb(r.getAttribute("fill")), int(r.getAttribute("x")),
                              int(r.getAttribute("y")))
drawn_backends = {c["backend"] for c in ok}
check("legend names every backend measured", drawn_backends <= set(legend), (legend, drawn_backends))
for name, (rgb, x, y) in legend.items():
    check("legend swatch of %s drawn in its colour" % name, px[y + 6][x + 6] == rgb, px[y + 6][x + 6])

# Bars: all start at the axis; count runs of each colour just right of it.
bars = [r for r in rects if r.getAttribute("height") == "8"]
x0 = min(int(r.getAttribute("x")) for r in bars) if bars else 0
col = [px[y][x0 + 3] for y in range(h)]
for name, (rgb, _, _) in legend.items():
    runs, gap = 0, 9
    for y in range(h):
        if col[y] == rgb:
            if gap > 1:             # a 1-pixel gap is the spread line over the bar
                runs += 1
            gap = 0
        else:
            gap += 1
    want = sum(c["backend"] == name for c in ok)
    check("%d bars of %s's colour for its %d measured cells" % (runs, name, want), runs == want)

# Every size measured has its label; an axis title and ticks per unit.
labels = [text_of(t) for t in texts]
sizes = {c["size"] for c in ok if not c["algorithm"].startswith("rsa")}
check("every measured size labelled", all("%d B" % s in labels for s in sizes), sizes)
for unit, rsa in (("MB per second (log scale)", False), ("operations per second (log scale)", True)):
    if any(c["algorithm"].startswith("rsa") == rsa for c in ok):
        check("axis titled %s" % unit, unit in labels)
ticks = [text_of(t) for t in texts if t.getAttribute("text-anchor") == "middle" and
         re.fullmatch(r"[0-9.]+[kM]?", text_of(t))]
check("tick labels on the axes (%d)" % len(ticks), len(ticks) >= 6, ticks)

# n/a cells of drawn rows: a note with the reason; rows left out: one line.
drawn_rows = {(c["algorithm"], c["backend"]) for c in ok}
for c in cells:
    if c["status"] == "n/a" and (c["algorithm"], c["backend"]) in drawn_rows:
        note = "%s n/a: %s" % (c["backend"], c["reason"][:60])
        check("note for %s/%s at %d bytes" % (c["algorithm"], c["backend"], c["size"]),
              any(l.startswith(note) for l in labels), note)
if any((c["algorithm"], c["backend"]) not in drawn_rows for c in cells):
    check("a line says which rows were left out", any(l.startswith("not shown:") for l in labels))

# No blank canvas: ink within 25 pixels of the bottom edge.
white = (255, 255, 255)
last = max(y for y in range(h) if any(p != white for p in px[y]))
check("ink reaches the bottom (last row %d of %d)" % (last, h), last >= h - 25)

# The browser's layout: nothing outside the canvas.
dom = open(dom_path).read()
m = re.search(r"outside=(\d+) lowest=(\d+) height=(\d+)\n?([^<]*)", dom)
check("the page's script ran", m is not None, dom[-300:])
if m:
    check("no element outside the canvas", m[1] == "0", m[4])
    check("the canvas ends where the drawing does", int(m[2]) >= int(m[3]) - 25, m.groups()[:3])
sys.exit(1 if fails else 0)
