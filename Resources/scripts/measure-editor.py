#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures the tag editor as a user meets it, for BENCHMARKS.md (not a test: figures vary with
the machine's load). Starts its own Xvfb, runs `tag-editor --tags LIST` with N generated tags and
reports (with --collection, the same N tags as the user's collection, tags.json, instead of a
--tags list: the editor's default path, where each edit is also saved): the time from start to the first state report (written from idle time after the first
layout and frame), peak RSS (VmHWM), the time per Page Down on a focused chip until the state
report shows the new scroll offset, and the time of adding one typed tag and of removing one:
from the key (or the click) to the end of the frame that shows it (the report's frameEnded) and,
with --collection, to the file's replacement.

usage: measure-editor.py BINARY N [--collection] [--virtual|--no-virtual] [--pages P] [--no-edits]
"""
import json, os, signal, subprocess, sys, tempfile, time

def main():
    signal.alarm(600)
    binary, count = sys.argv[1], int(sys.argv[2])
    extra = [a for a in sys.argv[3:] if a in ("--virtual", "--no-virtual")]
    pages = int(sys.argv[sys.argv.index("--pages") + 1]) if "--pages" in sys.argv else 20
    edits = "--no-edits" not in sys.argv
    collection = "--collection" in sys.argv
    scratch = tempfile.mkdtemp(prefix="measure-editor-")
    words = ["photo", "holiday", "x", "family-archive", "work", "a-rather-long-tag-name", "music"]
    tags = [f"{words[n % len(words)]}-{n}" for n in range(count)]
    if collection:
        os.makedirs(os.path.join(scratch, "wraphstack-tag-editor"))
        path = os.path.join(scratch, "wraphstack-tag-editor", "tags.json")
        with open(path, "w") as f:
            json.dump({"format": "wraphstack-tags", "version": 1, "tags": tags}, f)
    else:
        path = os.path.join(scratch, "tags.txt")
        with open(path, "w") as f:
            f.writelines(t + "\n" for t in tags)
    def both(before, shown, t):
        """Polls the state report and (with --collection) the collection file together: the time
        from `t` to the end of the frame whose report satisfies `shown` (its frameEnded, on this
        clock) and to the file's replacement (a stat: nothing is parsed while timing)."""
        end = time.monotonic() + 60
        frame = disk = None
        while time.monotonic() < end and (frame is None or (collection and disk is None)):
            if collection and disk is None and os.stat(path).st_ino != before: disk = time.monotonic() - t
            if frame is None:
                s = state()
                if s and shown(s): frame = s.get("frameEnded", time.monotonic()) - t
            time.sleep(0.0005)
        if frame is None or (collection and disk is None): raise SystemExit("the change was not shown and saved within 60 s")
        return frame, disk
    def check_disk(condition):
        with open(path) as f: names = json.load(f)["tags"]
        if not condition(names): raise SystemExit("the change on disk is not the one made")
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    display = ":" + xvfb.stdout.readline().decode().strip()
    env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", GSK_RENDERER="cairo", NO_AT_BRIDGE="1",
               XDG_DATA_HOME=scratch, XDG_CONFIG_HOME=scratch + "/config",
               TAG_EDITOR_STATE_FILE=scratch + "/state.json")
    state_path = env["TAG_EDITOR_STATE_FILE"]
    def state():
        try:
            with open(state_path) as f: return json.load(f)
        except (OSError, ValueError): return None
    def wait(condition, timeout=120):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = state()
            if s and condition(s): return s
            time.sleep(0.002)
        xvfb.kill()
        raise SystemExit("timed out; state: " + json.dumps(state())[:400])
    def xdo(*args):
        return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True).stdout.strip()
    started = time.monotonic()
    global editor_process
    source = [] if collection else ["--tags", path]
    editor = editor_process = subprocess.Popen([binary, *source, *extra], env=env, stderr=subprocess.DEVNULL)
    first = wait(lambda s: True)
    first_report = time.monotonic() - started
    settled = wait(lambda s: s.get("settled") and s.get("chips"))
    hwm = lambda: int(next(l.split()[1] for l in open(f"/proc/{editor.pid}/status") if l.startswith("VmHWM")))
    print(f"tags {count} {'collection' if collection else '--tags'} {' '.join(extra) or '(automatic)'}: virtual {settled.get('virtual')}, "
          f"first state report {first_report:.2f} s, settled {time.monotonic() - started:.2f} s, "
          f"peak RSS {hwm() / 1024:.0f} MB at first frame")
    window = xdo("search", "--sync", "--onlyvisible", "--pid", str(editor.pid)).split("\n")[0]
    xdo("windowfocus", "--sync", window)
    chip = next(c for c in settled["chips"] if "x" in c)
    xdo("mousemove", "--window", window, str(int(chip["x"] + 10)), str(int(chip["y"] + chip["height"] / 2)), "click", "1")
    wait(lambda s: s.get("focus") == "chip:" + chip["name"])
    times = []
    # WrapHStack has no Page Down (the scrolled window's own keys move nothing the report shows).
    for _ in range(pages if settled.get("virtual") else 0):
        before = state()
        t = time.monotonic()
        xdo("key", "Page_Down")
        if settled.get("virtual"):
            wait(lambda s: s.get("scrollOffset", 0) > before.get("scrollOffset", 0) and s.get("settled"))
        else:
            wait(lambda s: s.get("focus") != before.get("focus") and s.get("settled"))
        times.append(time.monotonic() - t)
    times.sort()
    if times: print(f"  Page Down x{pages}: median {times[len(times) // 2] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms "
          "(key sent to state report showing it)")
    if edits:
        s = state()
        entry = (s["entryX"], s["entryY"])
        xdo("mousemove", "--window", window, str(int(entry[0])), str(int(entry[1])), "click", "1")
        wait(lambda s: s.get("focus") == "entry")
        xdo("type", "--delay", "4", "zz-added")
        wait(lambda s: s.get("entry") == "zz-added")
        before = os.stat(path).st_ino
        t = time.monotonic()
        xdo("key", "Return")
        frame, disk = both(before, lambda s: s.get("entry") == "", t)
        if collection: check_disk(lambda names: names[-1] == "zz-added")
        print(f"  add one typed tag: {frame * 1000:.0f} ms (Return to the end of the frame that shows it)"
              + (f", {disk * 1000:.0f} ms to the disk" if collection else ""))
        s = wait(lambda s: s.get("settled"))
        chip = next(c for c in s["chips"] if "removeX" in c and c.get("onScreen", True))
        actions = s["actions"]
        before = os.stat(path).st_ino
        t = time.monotonic()
        xdo("mousemove", "--window", window, str(int(chip["removeX"])), str(int(chip["removeY"])), "click", "1")
        frame, disk = both(before, lambda s: s.get("actions", 0) > actions, t)
        if collection: check_disk(lambda names: len(names) == count)
        print(f"  remove one tag (its button): {frame * 1000:.0f} ms (the click's start to the end of the frame)"
              + (f", {disk * 1000:.0f} ms to the disk" if collection else ""))
    print(f"  peak RSS {hwm() / 1024:.0f} MB at the end")
    editor.terminate(); editor.wait(); xvfb.terminate()
    subprocess.run(["rm", "-rf", scratch])

editor_process = None
try:
    main()
finally:
    # A timeout must not leave the editor (or its Xvfb) running.
    if editor_process and editor_process.poll() is None: editor_process.kill()
