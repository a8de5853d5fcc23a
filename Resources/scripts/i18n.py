#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The translations of the tag editor, filetags and TagData (one gettext domain, `tag-editor`,
folder po/: the three ship in one package, as coreutils' programs share one domain).

  i18n.py pot      writes po/tag-editor.pot with xgettext: the Swift sources' tr()/trn()/trc()
                   messages, the .ui files' translatable strings (GtkBuilder), the desktop file,
                   the AppStream metainfo and the GSettings schema's summaries
  i18n.py update   pot, then merges it into every po/LL.po (msgmerge)
  i18n.py check    lists the user-visible string literals of the Swift sources that are not
                   marked for translation (tr/trn/trc), and the marked messages missing from
                   po/tag-editor.pot; exits 1 if there is any
  i18n.py msgids   prints the message ids extracted from the sources, one JSON string a line

Swift is not a language xgettext knows, and its interpolations ("\\(name)") are not C, so the
Swift side is read here: each tr("…")/trn("…", "…", n)/trc("context", "…") call's literals
become the message ids the programs look up at run time (Sources/TagData/Translation.swift): the
literal text with each interpolation replaced by {0}, {1}, … in order. They are written, at their
own line numbers, into C stand-ins of the Swift files that xgettext then reads with --keyword=tr
--keyword=trn:1,2 --keyword=trc:1c,2 (pgettext's context), with a translators' comment saying
what each {N} is.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# The editor, the command line and the library both word messages for.
SOURCES = ["Sources/tag-editor", "Sources/filetags", "Sources/TagData"]
DOMAIN = "tag-editor"
POT = "po/tag-editor.pot"
APP_ID = "io.github.wraphstack.TagEditor"
OTHER_FILES = [
    f"Resources/desktop/{APP_ID}.desktop",
    f"Resources/desktop/{APP_ID}.metainfo.xml",
    f"Resources/desktop/{APP_ID}.gschema.xml",
]
# Files whose strings no user sees: the test instruments' reports, the GResource's and the
# resource folder's plumbing.
# Literals that are not messages, and why.
NOT_MESSAGES = {
    "tag-editor folder work": "a thread's name, for debuggers",
    "tag-editor early folder reading": "a thread's name, for debuggers",
    "file tags writer": "a thread's name, for debuggers",
    "add to all": "a change's kind, which the state report names (its undo step is stepLabel's)",
    "undo typing": "a change's kind, which the state report names",
    "redo typing": "a change's kind, which the state report names",
    "take back": "a folder operation's kind, which the state report names",
    "The WrapHStack authors": "the authors' name",
    "© 2026 The WrapHStack authors": "the copyright line, a name and a year",
    "collection writer": "a thread's name, for debuggers",
    "WrapHStack filetags": "the program's name, written into TagSpaces' sidecars",
    "read the tags of": "a FileError's operation, which FileError.operationText words",
    "change the tags of": "a FileError's operation, which FileError.operationText words",
    "read as UTF-8 text": "a FileError's operation, which FileError.operationText words",
    "{0} MiB": "a FileError's limit, a size",
    "1024 MiB": "a FileError's limit, a size",
    "filetags: {0}\n": "the program's name before each message on standard error, as GNU programs write it",
}
# Whole-literal patterns that are not messages: SQL, and the journal's JSON pieces.
NOT_MESSAGE_PATTERNS = [r"(SELECT|INSERT|UPDATE|DELETE|PRAGMA|ALTER|CREATE|BEGIN|INTEGER)\b.*", r",\n\{\"path\":"]
NOT_SHOWN = ("tag-editor/Instruments/", "tag-editor/App/UIDescription.swift", "tag-editor/App/ResourceFiles.swift")


class SwiftLiteral:
    """A string literal: where it starts, its text with interpolations as {N}, their source."""

    def __init__(self, line, text, expressions, end):
        self.line, self.text, self.expressions, self.end = line, text, expressions, end


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


def read_literal(source, start, line):
    """The literal opening at source[start] ('"'), or None for a raw one."""
    if start > 0 and source[start - 1] == "#":
        return None
    if source.startswith('"""', start):
        return read_multiline_literal(source, start, line)
    end = start + 1
    while source[end] != '"':
        if source[end] == "\n":
            raise SyntaxError(f"line {line}: unterminated string literal")
        end += read_escape(source, end, line)[1] if source[end] == "\\" else 1
    text, expressions = read_body(source[start + 1:end], line)
    return SwiftLiteral(line, text, expressions, end + 1)


def read_multiline_literal(source, start, line):
    """A triple-quoted literal: its lines without the closing delimiter's indentation, the line
    breaks after the opening and before the closing delimiter left out (a backslash ending a line
    joins it to the next)."""
    end = start + 3
    while not source.startswith('"""', end):
        end += read_escape(source, end, line)[1] if source[end] == "\\" else 1
    raw = source[start + 3:end]
    indent = raw[raw.rindex("\n") + 1:]
    lines = raw[raw.index("\n") + 1:raw.rindex("\n")].split("\n")
    body = "\n".join(l[len(indent):] if l.startswith(indent) else l.lstrip(" ") for l in lines)
    text, expressions = read_body(re.sub(r"(?<!\\)\\\n", "", body), line)
    return SwiftLiteral(line, text, expressions, end + 3)


def read_escape(source, i, line):
    """The escape at source[i] (a backslash): (its text or None for an interpolation, its length)."""
    n = source[i + 1]
    if n == "(":
        depth, j = 1, i + 2
        while depth:
            d = source[j]
            if d == '"':
                j = read_literal(source, j, line).end
                continue
            depth += {"(": 1, ")": -1}.get(d, 0)
            j += 1
        return None, j - i
    if n == "u":
        close = source.index("}", i)
        return chr(int(source[i + 3:close], 16)), close + 1 - i
    return ESCAPES[n], 2


def read_body(body, line):
    """A literal's text between its delimiters: escapes read, each interpolation as {N}."""
    i, text, expressions = 0, [], []
    while i < len(body):
        if body[i] == "\\":
            escaped, length = read_escape(body, i, line)
            if escaped is None:
                text.append("{%d}" % len(expressions))
                expressions.append(body[i + 2:i + length - 1].strip())
            else:
                text.append(escaped)
            i += length
            continue
        text.append(body[i])
        i += 1
    return "".join(text), expressions


def scan(source):
    """Every string literal of a Swift file outside comments, with the call it is an argument of
    (tr, trn, or None) and its argument position."""
    results, i, line = [], 0, 1
    calls = []  # a stack of (name, depth, argument index) for open parentheses
    while i < len(source):
        c = source[i]
        if c == "\n":
            line += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = len(source) if end < 0 else end
            continue
        elif source.startswith("/*", i):
            end = source.index("*/", i)
            line += source.count("\n", i, end)
            i = end + 2
            continue
        elif c == '"':
            literal = read_literal(source, i, line)
            if literal is None:  # a raw string #"…"#: not a message
                end = source.index('"#', i + 1)
                i = end + 2
                continue
            literal.start = i
            call = calls[-1] if calls else None
            results.append((literal, call[0] if call else None, call[2] if call else None))
            line += source.count("\n", i, literal.end)
            i = literal.end
            continue
        elif c == "(":
            match = re.search(r"(?<![\w.])(\w+)\s*$", source[max(0, i - 40):i])
            # A bare parenthesis belongs to the call around it: `Data(("…" + "…").utf8)`.
            name = match.group(1) if match else (calls[-1][0] if calls else None)
            calls.append([name, 0, 0])
        elif c == ")":
            if calls:
                calls.pop()
        elif c == "," and calls:
            calls[-1][2] += 1
        i += 1
    return results


def swift_files():
    for source in SOURCES:
        for folder, _, names in sorted(os.walk(os.path.join(ROOT, source))):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.relpath(os.path.join(folder, name), ROOT)


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def marked_messages(path):
    """The tr/trn/trc messages of one file: (line, msgid, plural or None, expressions, context or None)."""
    literals = scan(open(os.path.join(ROOT, path), encoding="utf-8").read())
    messages = []
    for literal, call, _ in literals:
        # Without values nothing is put in place of braces ("{\"tags\": …}" in the help).
        if call in ("tr", "trn", "trc") and literal.expressions and re.search(r"[{}]", re.sub(r"\{\d+\}", "", literal.text)):
            raise SyntaxError(f"{path}:{literal.line}: a brace in a message with values would be read as a placeholder")
    for index, (literal, call, argument) in enumerate(literals):
        if call == "tr" and argument == 0:
            messages.append((literal.line, literal.text, None, literal.expressions, None))
        elif call == "trc" and argument == 1:
            context = literals[index - 1][0] if index > 0 and literals[index - 1][1:] == ("trc", 0) else None
            if context is None or context.expressions:
                raise SyntaxError(f"{path}:{literal.line}: trc() needs a literal context, then the message")
            messages.append((literal.line, literal.text, None, literal.expressions, context.text))
        elif call == "trn" and argument == 0:
            plural = literals[index + 1][0] if index + 1 < len(literals) else None
            if plural is None or literals[index + 1][1] != "trn" or literals[index + 1][2] != 1:
                raise SyntaxError(f"{path}:{literal.line}: trn() needs two literals, singular and plural")
            messages.append((literal.line, literal.text, plural.text, plural.expressions or literal.expressions, None))
    return messages


def write_stand_ins(folder):
    """C stand-ins of the Swift files, each message on its own line number; their paths."""
    paths = []
    for path in swift_files():
        messages = marked_messages(path)
        if not messages:
            continue
        count = open(os.path.join(ROOT, path), encoding="utf-8").read().count("\n") + 1
        lines = [""] * (count + 1)
        for line, msgid, plural, expressions, context in messages:
            comment = ""
            if expressions:
                comment = "/* TRANSLATORS: " + "; ".join(
                    "{%d} is %s" % (n, e.replace("*/", "* /")) for n, e in enumerate(expressions)) + " */ "
            if plural is not None:
                call = f"trn({c_string(msgid)}, {c_string(plural)}, n);"
            elif context is not None:
                call = f"trc({c_string(context)}, {c_string(msgid)});"
            else:
                call = f"tr({c_string(msgid)});"
            lines[line - 1] += comment + call + " "
        target = os.path.join(folder, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as out:
            out.write("\n".join(lines))
        paths.append(path)
    return paths


def xgettext(arguments, cwd):
    subprocess.run(["xgettext", "--from-code=UTF-8", "--package-name=tag-editor",
                    "--msgid-bugs-address=https://github.com/wraphstack/wraphstack/issues",
                    "--add-comments=TRANSLATORS:", "--no-wrap", *arguments], cwd=cwd, check=True)


def make_pot(output):
    output = os.path.abspath(output)
    with tempfile.TemporaryDirectory() as folder:
        swift = write_stand_ins(folder)
        xgettext(["--language=C", "--keyword=", "--keyword=tr", "--keyword=trn:1,2", "--keyword=trc:1c,2", "-o", output, *swift], folder)
        ui = sorted(os.path.join("Resources/ui", n) for n in os.listdir(os.path.join(ROOT, "Resources/ui")) if n.endswith(".ui"))
        xgettext(["--join-existing", "-o", output, *ui], ROOT)
        xgettext(["--join-existing", "--language=Desktop", "-o", output, OTHER_FILES[0]], ROOT)
        xgettext(["--join-existing", "-o", output, *OTHER_FILES[1:]], ROOT)
    # The header's placeholders, as every GNOME .pot has them; the licence is the app's.
    text = open(output, encoding="utf-8").read()
    text = text.replace("# SOME DESCRIPTIVE TITLE.\n# Copyright (C) YEAR THE PACKAGE'S COPYRIGHT HOLDER\n"
                        "# This file is distributed under the same license as the tag-editor package.\n",
                        "# The tag editor's messages, for translators (Resources/scripts/i18n.py pot).\n"
                        "# SPDX-FileCopyrightText: 2026 The WrapHStack authors\n"
                        "# SPDX-License-Identifier: GPL-3.0-or-later\n", 1)
    open(output, "w", encoding="utf-8").write(text)


def pot_msgids(path):
    """The messages of a .po or .pot file: each msgid, after its msgctxt and an EOT byte when it
    has one (the key gettext looks up)."""
    if not os.path.exists(path):
        return set()
    text = subprocess.run(["msgcat", "--no-wrap", "--sort-output", path], capture_output=True, text=True, check=True).stdout
    ids, context, current, field = set(), None, None, None
    for raw in text.splitlines() + [""]:
        keyword = raw.split(" ", 1)[0]
        if raw.startswith('"') and field is not None:
            field[1].append(json.loads(raw))
            continue
        if field is not None:
            if field[0] == "msgctxt":
                context = "".join(field[1])
            else:
                ids.add((context + "\x04" if context is not None else "") + "".join(field[1]))
                context = None
            field = None
        if keyword in ("msgctxt", "msgid"):
            field = (keyword, [json.loads(raw[len(keyword) + 1:])])
    ids.discard("")
    return ids


def looks_shown(text):
    """Whether a literal outside tr() reads as words a user would see: a capital followed by a
    lower-case letter, or two words. Identifiers, signal and action names, CSS classes, paths,
    separators, formats are not."""
    bare = re.sub(r"\{\d+\}", "", text).strip().lstrip("_")  # "_Later": a mnemonic
    if not re.search(r"[A-Za-z]{2}", bare):
        return False
    if re.search(r"\{\d+\}", text) and " " in text:
        return True  # words around a value ("{0} tag{1}")
    if re.fullmatch(r"[\w.:/-]+", bare) and not re.match(r"[A-Z][a-z]+$", bare):
        return False  # an identifier, a signal ("notify::title"), an action, a resource path
    if re.fullmatch(r"(GTK|GDK|G|XDG|TAG_EDITOR)_\w+", bare):
        return False
    return bool(re.match(r"[A-Z][a-z]", bare) or re.search(r"\S\s+\S", text))


def unmarked():
    found = []
    for path in swift_files():
        if any(part in path for part in NOT_SHOWN):
            continue
        for literal, call, argument in scan(open(os.path.join(ROOT, path), encoding="utf-8").read()):
            if call in ("tr", "trn", "trc") or not looks_shown(literal.text) or literal.text in NOT_MESSAGES:
                continue
            if any(re.fullmatch(pattern, literal.text, re.S) for pattern in NOT_MESSAGE_PATTERNS):
                continue
            # A shortcut's keys, as GTK's accelerator syntax names them (GtkShortcutsShortcut
            # shows them in the user's keyboard layout by itself).
            if call == "Shortcut" and argument == 0:
                continue
            # Said only to the terminal or to a test (stderr, fatalError, a thread's name).
            if call in ("write", "fatalError", "Data", "print", "precondition", "preconditionFailure", "assert"):
                continue
            found.append(f"{path}:{literal.line}: {json.dumps(literal.text, ensure_ascii=False)}")
    return found


def languages():
    """po/LINGUAS: one language a line, # comments."""
    with open(os.path.join(ROOT, "po/LINGUAS"), encoding="utf-8") as linguas:
        return [word for line in linguas for word in line.split("#")[0].split()]


def main(arguments):
    command = arguments[0] if arguments else ""
    if command == "pot":
        make_pot(os.path.join(ROOT, POT))
    elif command == "update":
        make_pot(os.path.join(ROOT, POT))
        for language in languages():
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap",
                            f"po/{language}.po", POT], cwd=ROOT, check=True)
    elif command == "msgids":
        with tempfile.TemporaryDirectory() as folder:
            make_pot(os.path.join(folder, "now.pot"))
            for msgid in sorted(pot_msgids(os.path.join(folder, "now.pot"))):
                print(json.dumps(msgid, ensure_ascii=False))
    elif command == "check":
        problems = [f"not marked for translation: {line}" for line in unmarked()]
        with tempfile.TemporaryDirectory() as folder:
            make_pot(os.path.join(folder, "now.pot"))
            now, committed = pot_msgids(os.path.join(folder, "now.pot")), pot_msgids(os.path.join(ROOT, POT))
        problems += [f"not in {POT} (run i18n.py update): {json.dumps(m, ensure_ascii=False)}" for m in sorted(now - committed)]
        problems += [f"in {POT} but no longer in the sources: {json.dumps(m, ensure_ascii=False)}" for m in sorted(committed - now)]
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
