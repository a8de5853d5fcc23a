#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Builds the CSS Flexbox reference the engine is tested against.

Generates random layouts that have an exact CSS equivalent, renders them all in one page with
headless Chromium (`display: flex; flex-wrap: wrap; align-content: flex-start`, gaps, padding for
insets, items `flex: G 1 auto; width: W; min-width: M; height: H`), reads every item's box back,
and writes one JSON line per layout: the `flow-layout` request and what the browser computed.

The output (css-reference.jsonl beside this script) is committed; the Swift test
`CSSConformanceTests` replays it, so CI needs no browser. Re-run after changing the cases:

    python3 Tests/FlowEngineTests/CSSReference/make_reference.py [--count 600] [--seed 7]

Needs Debian's `chromium`.
"""
import argparse, json, os, random, re, subprocess, sys, tempfile

JUSTIFY = {"start": "flex-start", "center": "center", "end": "flex-end",
           "spaceBetween": "space-between", "spaceAround": "space-around",
           "spaceEvenly": "space-evenly", "fill": "flex-start"}
ALIGN = {"start": "flex-start", "center": "center", "end": "flex-end",
         "fill": "stretch", "firstBaseline": "baseline"}


def random_case(rng):
    axis = "vertical" if rng.random() < 0.3 else "horizontal"
    any_grow = rng.random() < 0.3
    justify = rng.choice(list(JUSTIFY))
    if justify == "fill" and any_grow:
        justify = "start"
    case = {
        "axis": axis,
        "available": rng.choice([0, 1, rng.randint(20, 120), rng.randint(100, 700), rng.randint(100, 700)]),
        "itemSpacing": rng.choice([0, 0, rng.randint(1, 20)]),
        "lineSpacing": rng.choice([0, rng.randint(1, 20)]),
        "justify": justify,
        "align": rng.choice(list(ALIGN)),
        "direction": rng.choice(["ltr", "ltr", "rtl"]),
        "wrapReverse": rng.random() < 0.25,
        "insets": {k: rng.choice([0, 0, rng.randint(1, 15)]) for k in ("top", "leading", "bottom", "trailing")},
        "items": [],
    }
    for _ in range(rng.randint(0, 30) if rng.random() < 0.9 else rng.randint(30, 80)):
        main = rng.choice([0, rng.randint(1, 150), rng.randint(10, 90), rng.randint(10, 90)])
        cross = rng.randint(4, 60)
        r = rng.random()
        minimum = main if r < 0.6 else (rng.randint(0, main) if r < 0.9 else main + rng.randint(1, 60))
        item = {"width": main, "height": cross} if axis == "horizontal" else {"width": cross, "height": main}
        item["minWidth" if axis == "horizontal" else "minHeight"] = minimum
        if any_grow and rng.random() < 0.5:
            item["grow"] = rng.choice([1, 2, 0.5, 0.25, 3])
        if axis == "horizontal" and rng.random() < 0.6:
            item["baseline"] = rng.randint(0, cross)
        case["items"].append(item)
    return case


def container_html(i, c):
    horizontal = c["axis"] == "horizontal"
    ins = c["insets"]
    style = [
        "display:%s" % ("flex" if horizontal else "inline-flex"),
        "flex-direction:%s" % ("row" if horizontal else "column"),
        "flex-wrap:%s" % ("wrap-reverse" if c["wrapReverse"] else "wrap"),
        "align-content:flex-start",
        "justify-content:%s" % JUSTIFY[c["justify"]],
        "align-items:%s" % ALIGN[c["align"]],
        "direction:%s" % c["direction"],
        "box-sizing:border-box", "position:relative", "vertical-align:top",
        "padding-top:%spx" % ins["top"], "padding-bottom:%spx" % ins["bottom"],
        "padding-inline-start:%spx" % ins["leading"], "padding-inline-end:%spx" % ins["trailing"],
        ("column-gap:%spx;row-gap:%spx" if horizontal else "row-gap:%spx;column-gap:%spx")
        % (c["itemSpacing"], c["lineSpacing"]),
        ("width:%spx" if horizontal else "height:%spx") % c["available"],
    ]
    items = []
    stretch = c["align"] == "fill"
    for it in c["items"]:
        grow = it.get("grow", 1 if c["justify"] == "fill" else 0)
        s = ["flex:%s 1 auto" % grow, "box-sizing:border-box", "font-size:0", "line-height:0"]
        if horizontal:
            s += ["width:%spx" % it["width"], "min-width:%spx" % it["minWidth"]]
            s += ["min-height:%spx" % it["height"]] if stretch else ["height:%spx" % it["height"]]
        else:
            s += ["height:%spx" % it["height"], "min-height:%spx" % it["minHeight"]]
            s += ["min-width:%spx" % it["width"]] if stretch else ["width:%spx" % it["width"]]
        inner = ""
        if "baseline" in it:
            inner = '<span style="display:inline-block;width:0;height:%spx"></span>' % it["baseline"]
        items.append('<div style="%s">%s</div>' % (";".join(s), inner))
    return '<div class="case"><div id="c%d" style="%s">%s</div></div>' % (i, ";".join(style), "".join(items))


def render(cases, chromium):
    page = ['<html><body style="margin:0;width:100000px">']
    page += [container_html(i, c) for i, c in enumerate(cases)]
    page.append('<pre id="out"></pre><script>const out=[];')
    page.append('for(let i=0;i<%d;i++){const c=document.getElementById("c"+i);const r=c.getBoundingClientRect();'
                'out.push({size:[r.width,r.height],frames:[...c.children].map(e=>{const b=e.getBoundingClientRect();'
                'return [b.x-r.x,b.y-r.y,b.width,b.height]})})}' % len(cases))
    page.append('document.getElementById("out").textContent=JSON.stringify(out);</script></body></html>')
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write("".join(page))
        path = f.name
    try:
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                              "file://" + path], capture_output=True, text=True, timeout=300).stdout
    finally:
        os.unlink(path)
    m = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if not m:
        sys.exit("chromium produced no result")
    return json.loads(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "css-reference.jsonl"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    cases = [random_case(rng) for _ in range(a.count)]
    results = render(cases, a.chromium)
    with open(a.out, "w") as f:
        for c, r in zip(cases, results):
            f.write(json.dumps({"request": c, "browser": r}, separators=(",", ":")) + "\n")
    print("wrote %d cases to %s" % (len(cases), a.out))


if __name__ == "__main__":
    main()
