#!/usr/bin/env python3
"""Checks that the library table of docs/architecture.md is true: every library's CMake links and every #include of its
sources name only libraries its row lists (directly: a widget may not include a store header because the
models happen to link the store), the table's arrows point inward (a ring never uses a higher
ring) and have no cycle. `--dot` prints the include graph by library (Graphviz) instead; drawn with
`python3 scripts/check_layers.py --dot | dot -Tsvg > layers.svg`.

docs/architecture.md is the one place the layering is written down, so the table is parsed, not repeated here:
    | library | ring | folder | uses |
    | `tw_rules` | 1 | `app/rules/` | — |
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE_PAGE = os.path.join("docs", "architecture.md")


def read_table(page):
    """The rows of the page's library table: name -> (ring, folder, [used libraries])."""
    rows = {}
    in_table = False
    for line in open(page, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells and [c.lower() for c in cells[:4]] == ["library", "ring", "folder", "uses"]:
            in_table = True
            continue
        if not in_table:
            continue
        if not cells:
            break
        if set(cells[0]) <= set("-: "):
            continue
        name = cells[0].strip("`")
        uses = re.findall(r"`(tw_\w+|tilewatch[\w-]*)`", cells[3])
        rows[name] = (int(cells[1]), cells[2].strip("`").rstrip("/"), uses)
    if not rows:
        sys.exit(f"{page}: no table with the header | library | ring | folder | uses |")
    return rows


def sources(folder):
    for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
        for f in files:
            if f.endswith((".h", ".cpp")):
                yield os.path.join(dirpath, f)


def owner_of(path, folders):
    """The library whose folder holds path (the longest folder wins: app/rules/xiangqi is tw_rules')."""
    rel = os.path.relpath(path, ROOT)
    best = None
    for name, folder in folders.items():
        if rel.startswith(folder + "/") and (best is None or len(folder) > len(folders[best])):
            best = name
    return best


def include_edges(table):
    """(from library, to library) -> first 'file: #include' that makes it, from the quoted includes."""
    folders = {name: row[1] for name, row in table.items()}
    headers = {}  # basename or relative path -> set of libraries holding it
    for name, folder in folders.items():
        for path in sources(folder):
            if path.endswith(".h"):
                rel = os.path.relpath(path, os.path.join(ROOT, folder))
                for key in {rel, os.path.basename(path)}:
                    headers.setdefault(key, set()).add(owner_of(path, folders))
    edges = {}
    problems = []
    for name, folder in folders.items():
        for path in sources(folder):
            if owner_of(path, folders) != name:
                continue
            for n, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                m = re.match(r'\s*#\s*include\s*"([^"]+)"', line)
                if not m:
                    continue
                inc = m.group(1)
                if os.path.exists(os.path.join(os.path.dirname(path), inc)):
                    target = owner_of(os.path.normpath(os.path.join(os.path.dirname(path), inc)), folders)
                else:
                    holders = headers.get(inc, set())
                    if not holders:
                        continue  # generated (tables, config) or from outside the libraries
                    # What the compiler finds: the library's own header first, then the one among the
                    # libraries it uses (each library's folder is an include directory of its users).
                    visible = holders & set(table[name][2])
                    if name in holders:
                        target = name
                    elif len(holders) == 1 or len(visible) == 1:
                        target = next(iter(visible if len(visible) == 1 else holders))
                    else:
                        problems.append(f"{os.path.relpath(path, ROOT)}:{n}: \"{inc}\" is ambiguous "
                                        f"({', '.join(sorted(holders))})")
                        continue
                if target and target != name:
                    edges.setdefault((name, target), f"{os.path.relpath(path, ROOT)}:{n}: #include \"{inc}\"")
    return edges, problems


def cmake_links(table):
    """library -> the table's libraries its target_link_libraries names, from every CMakeLists.txt."""
    links = {}
    for dirpath, _, files in os.walk(ROOT):
        if "/build" in dirpath or "/." in dirpath:
            continue
        if "CMakeLists.txt" in files:
            text = open(os.path.join(dirpath, "CMakeLists.txt"), encoding="utf-8").read()
            for m in re.finditer(r"target_link_libraries\(\s*([\w-]+)([^)]*)\)", text):
                if m.group(1) in table:
                    links.setdefault(m.group(1), set()).update(
                        t for t in re.findall(r"[\w-]+", m.group(2)) if t in table)
    return links


def closure(table, name):
    seen, todo = set(), list(table[name][2])
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo.extend(table.get(t, (0, "", []))[2])
    return seen


def main():
    table = read_table(os.path.join(ROOT, TABLE_PAGE))
    edges, errors = include_edges(table)
    # Written once: a second copy elsewhere (the README held it before) would drift from the checked one.
    for other in ["README.md"] + [os.path.join("docs", f) for f in sorted(os.listdir(os.path.join(ROOT, "docs")))]:
        path = os.path.join(ROOT, other)
        if other != TABLE_PAGE and other.endswith(".md") and os.path.isfile(path):
            for line in open(path, encoding="utf-8"):
                cells = [c.strip().lower() for c in line.strip().strip("|").split("|")]
                if line.startswith("|") and cells[:4] == ["library", "ring", "folder", "uses"]:
                    errors.append(f"{other}: a second library table; the one checked is in {TABLE_PAGE}")
    dot = ["digraph layers {", "  rankdir=BT; node [shape=box];"]
    dot += [f'  "{name}" [label="{name}\\n{row[1]}/ (ring {row[0]})"];' for name, row in sorted(table.items())]
    dot += [f'  "{a}" -> "{b}";' for a, b in sorted(edges)] + ["}"]
    dot = "\n".join(dot) + "\n"
    if "--dot" in sys.argv:
        sys.stdout.write(dot)
        return 0
    # The drawing in docs/ is of this graph, not of an older one.
    drawn = os.path.join(ROOT, "docs", "layers.dot")
    if os.path.exists(drawn) and open(drawn, encoding="utf-8").read() != dot:
        errors.append("docs/layers.dot is not the graph of today's includes: python3 scripts/check_layers.py "
                      "--dot > docs/layers.dot && dot -Tsvg docs/layers.dot > docs/layers.svg")
    for name, (ring, _, uses) in table.items():
        for u in uses:
            if u not in table:
                errors.append(f"{TABLE_PAGE}: {name} uses {u}, which is not in the table")
            elif table[u][0] > ring:
                errors.append(f"{TABLE_PAGE}: {name} (ring {ring}) uses {u} (ring {table[u][0]}): an outward arrow")
        if name in closure(table, name):
            errors.append(f"{TABLE_PAGE}: {name} uses itself through {', '.join(uses)}: a cycle")
    for name, linked in cmake_links(table).items():
        for t in sorted(linked - set(table[name][2])):
            errors.append(f"CMake: {name} links {t}, which the table of {TABLE_PAGE} does not let it use")
    for (a, b), where in sorted(edges.items()):
        if b not in table[a][2]:
            errors.append(f"{where}: {a} includes {b}, which the table of {TABLE_PAGE} does not let it use")
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print(f"check_layers: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"check_layers: {len(table)} libraries, {len(edges)} include arrows, all as {TABLE_PAGE} says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
