#!/usr/bin/env python3
"""
Moves source modules and rewrites every reference to them, so a folder can be reshaped in one
step. Usage, from the project root:

    python3 scripts/tidy/move-modules.py MAPPING [--dry-run]

MAPPING is a file of lines "old/path.ts new/path.ts" (paths from the project root; blank lines
and lines starting with # are skipped). For every text file under src/, tests/, scripts/ and the
root's config files:
  - a relative string ("./x.ts", "../a/b.ts", with or without a ?query) that resolves to a moved
    file is rewritten to the file's new place, seen from where the referring file will be;
  - in a moved file, every relative string that resolves to an existing file or folder is
    rewritten so it still points there from the new place;
  - a root-relative mention ("src/lib/api/cart-client.ts") of a moved file is rewritten too.
Relative strings with a glob (*) that touch a moved file's folder are listed for a hand edit.
The moves are made with `git mv`.
"""
import os
import re
import subprocess
import sys

ROOTS = ["src", "tests", "scripts"]
ROOT_FILES = ["astro.config.mjs", "vitest.config.ts", "playwright.config.ts", "tsconfig.json", "package.json", "biome.json"]
TEXT = re.compile(r"\.(ts|tsx|mts|mjs|js|cjs|astro|json|md|css)$")
LITERAL = re.compile(r"""(["'`])(\.{1,2}/[^"'`\n]*?)\1""")
EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts"]


def files():
    for root in ROOTS:
        for base, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "dist", ".astro") and not d.endswith("-snapshots")]
            for name in names:
                if TEXT.search(name):
                    yield os.path.join(base, name)
    for name in ROOT_FILES:
        if os.path.exists(name):
            yield name


def resolve(referrer, spec):
    path, _, _query = spec.partition("?")
    target = os.path.normpath(os.path.join(os.path.dirname(referrer), path))
    for ext in EXTENSIONS:
        if os.path.exists(target + ext):
            return target + ext, ext
    return None, None


def relative(from_file, to_path):
    rel = os.path.relpath(to_path, os.path.dirname(from_file) or ".")
    return rel if rel.startswith("../") else "./" + rel


def main():
    mapping_file = sys.argv[1]
    dry = "--dry-run" in sys.argv
    moves = {}
    for line in open(mapping_file):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        old, new = line.split()
        if not os.path.isfile(old):
            sys.exit(f"not a file: {old}")
        moves[os.path.normpath(old)] = os.path.normpath(new)
    moved_dirs = {os.path.dirname(o) for o in moves}
    edits = {}
    manual = []
    for f in files():
        text = open(f, encoding="utf8").read()
        new_home = moves.get(os.path.normpath(f), f)

        def rewrite(m):
            quote, spec = m.group(1), m.group(2)
            if "*" in spec:
                target = os.path.normpath(os.path.join(os.path.dirname(f), spec.split("*")[0]))
                if any(d == target.rstrip("/") or d.startswith(target) for d in moved_dirs):
                    manual.append(f"{f}: glob {spec}")
                return m.group(0)
            target, ext = resolve(f, spec)
            if target is None:
                return m.group(0)
            target = os.path.normpath(target)
            if target not in moves and new_home == f:
                return m.group(0)
            destination = moves.get(target, target)
            query = "?" + spec.partition("?")[2] if "?" in spec else ""
            written = relative(new_home, destination)
            if ext and not spec.partition("?")[0].endswith(ext):
                # The spec left out the extension (or /index.ts): keep it left out.
                written = written[: -len(ext)]
            return quote + written + query + quote

        out = LITERAL.sub(rewrite, text)
        for old, new in moves.items():
            out = re.sub(r"(?<![\w./-])" + re.escape(old) + r"(?![\w-])", new, out)
        if out != text:
            edits[f] = out
    for f, out in sorted(edits.items()):
        print(f"edit {f}")
        if not dry:
            open(f, "w", encoding="utf8").write(out)
    for old, new in moves.items():
        print(f"move {old} -> {new}")
        if not dry:
            os.makedirs(os.path.dirname(new), exist_ok=True)
            subprocess.run(["git", "mv", old, new], check=True)
    for line in manual:
        print(f"BY HAND {line}")


if __name__ == "__main__":
    main()
