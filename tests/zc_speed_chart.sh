#!/bin/sh
# zc_speed_chart.sh - zc-speed's SVG as a person sees it: headless Chromium
# renders it to PNG, and zc_speed_chart.py checks the pixels (one bar per
# measured cell in its backend's legend colour, no blank canvas) and, in the
# browser's own layout, that no element lies outside the canvas.
#
# usage: zc_speed_chart.sh ZC-SPEED OUTDIR     (the PNG stays in OUTDIR)
set -u
zc_speed=$1
out=$2
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "SKIP: no chromium: install the Debian package chromium (scripts/install-deps.sh test)"
    exit 77
fi
mkdir -p "$out" || exit 1
svg=$out/zc-speed-chart.svg
png=$out/zc-speed-chart.png
rm -f "$png"
# Two units (MB/s and RSA's ops/s), sizes with an n/a column (7 bytes of XTS),
# and backends this machine lacks (their rows are left out, with a note).
"$zc_speed" -a sha256,aes-128-xts,aes-128-cbc,rsa-1024-sign,rsa-1024-verify -b cpacf,software,openssl \
    -s 7,16,1024 -T 0.01 -r 3 --format json --svg "$svg" >"$out/zc-speed-chart.json" || exit 1
# Chromium wants a profile directory it can write, and no sandbox as root.
prof=$(mktemp -d)
trap 'rm -rf "$prof"' EXIT
b() {
    "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$prof" --force-device-scale-factor=1 "$@" 2>"$out/chromium.log"
}
h=$(sed -n 's/^<svg[^>]* height="\([0-9]*\)".*/\1/p' "$svg")
w=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)".*/\1/p' "$svg")
b --window-size="$w,$h" --screenshot="$png" "file://$svg" >/dev/null ||
    { echo "FAIL: chromium did not render $svg"; cat "$out/chromium.log"; exit 1; }
# The same SVG inline in a page whose script measures every element's box.
{
    echo '<!DOCTYPE html><html><body style="margin:0">'
    sed 1d "$svg"
    cat <<'HTML'
<script>
var svg = document.querySelector("svg"), c = svg.getBoundingClientRect(), bad = [], low = 0;
svg.querySelectorAll("rect, text, line").forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 ||
        r.bottom > c.bottom + 0.5)
        bad.push(e.tagName + " '" + e.textContent.slice(0, 40) + "' at " +
                 [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
    if (e.getAttribute("width") != "100%" && r.bottom > low)
        low = r.bottom;
});
var p = document.createElement("pre");
p.id = "result";
p.textContent = "outside=" + bad.length + " lowest=" + Math.round(low - c.top) +
                " height=" + Math.round(c.height) + "\n" + bad.join("\n");
document.body.appendChild(p);
</script></body></html>
HTML
} >"$out/zc-speed-chart.html"
b --dump-dom "file://$out/zc-speed-chart.html" >"$out/zc-speed-chart.dom" ||
    { echo "FAIL: chromium did not load the page"; exit 1; }
echo "PNG rendered by chromium: $png"
python3 "$(dirname "$0")/zc_speed_chart.py" "$svg" "$png" "$out/zc-speed-chart.json" \
    "$out/zc-speed-chart.dom"
