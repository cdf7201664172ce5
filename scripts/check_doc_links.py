#!/usr/bin/env python3
"""Fails on a link of the project's Markdown that leads nowhere: every relative [text](path) of README.md and
of every other tracked .md file must name a file of the tree, and every `docs/<page>` a source file, script or
page names must exist. Pages move (the handbook was split into docs/), and a link left behind is found here,
not by a reader.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return out.stdout.split("\n")
    # Not a git checkout (a source tarball): every file below the root but build folders.
    return [os.path.relpath(os.path.join(d, f), ROOT) for d, _, fs in os.walk(ROOT)
            if "/build" not in d and "/." not in d for f in fs]


def main():
    problems = []
    files = [f for f in tracked() if f and os.path.isfile(os.path.join(ROOT, f))]
    for rel in files:
        path = os.path.join(ROOT, rel)
        if rel.endswith(".md"):
            text = open(path, encoding="utf-8").read()
            for m in re.finditer(r"\]\(([^)\s]+)\)", text):
                href = m.group(1)
                target = href.split("#")[0]
                if re.match(r"[a-z]+:", href) or not target:
                    continue
                if not os.path.exists(os.path.normpath(os.path.join(os.path.dirname(path), target))):
                    line = text.count("\n", 0, m.start()) + 1
                    problems.append(f"{rel}:{line}: [{href}] names no file")
        if rel.endswith((".md", ".h", ".cpp", ".py", ".sh", ".txt", ".cmake")) or rel.startswith("scripts/"):
            try:
                text = open(path, encoding="utf-8").read()
            except UnicodeDecodeError:
                continue
            for m in re.finditer(r"\bdocs/[\w.-]+\.(?:md|json|png|svg|dot)\b", text):
                if not os.path.exists(os.path.join(ROOT, m.group(0))):
                    line = text.count("\n", 0, m.start()) + 1
                    problems.append(f"{rel}:{line}: {m.group(0)} does not exist")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"check_doc_links: {len(problems)} link(s) lead nowhere", file=sys.stderr)
        return 1
    print(f"check_doc_links: {len(files)} files, every link leads somewhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
