#!/usr/bin/env python3
"""tests/ folders use the same feature names as the code.

Moves the flat test files `tests/unit/*.test.ts` and `tests/integration/*.test.ts` into feature
folders (`tests/unit/cart/…`, `tests/integration/membership/…`) named as the capabilities are named
in src/ (services/, islands/, domain/), with `git mv`, and keeps everything that names them working:
  - relative paths in the test files (imports, `vi.mock`, dynamic imports, globs, URLs): every
    `"./…"` / `"../…"` string that resolves to a file or folder of the repository is pointed at the
    same target from the file's new place (imports between moved files included);
  - `join(import.meta.dirname, "..", …)`: one more ".." per level the file moved down;
  - the repository-relative path of a moved file (`tests/unit/island-forms.test.ts`) wherever it is
    written, in code or comments, and in vitest.config.ts its path relative to its project's
    directory (`"zod-browser.test.ts"`).
A flat helper module (not a test) moves with its tests when all the tests that import it went to
one folder; otherwise it stays.

The feature of a test file: FEATURE_BY_NAME first (its name already says it: `cart-items` is
cart), else the feature of what it imports from src/ (FEATURE_OF_SOURCE: the folder it lives in,
`services/membership/…`, `islands/checkout/…`, `lib/server/mail/…`, else its own name), the most
imported one, ties broken by FEATURE_ORDER; a file that imports nothing from src/ and has no known
name goes to `server/` (integration) or `shared/` (unit). The mapping is printed, with the reason.
Files already in a subfolder are not moved. tests/e2e is left alone.

Usage: python3 scripts/tidy/test-folders.py [--dry-run] [root]. Re-running it moves nothing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

DIRS = ("tests/unit", "tests/integration")

# The order in which features win a tie, and the names a folder may take.
FEATURE_ORDER = [
    "architecture",
    "membership",
    "manage",
    "tickets",
    "account",
    "external-login",
    "auth",
    "identity",
    "checkout",
    "payments",
    "cart",
    "reserve",
    "catalogue",
    "compat",
    "default-promo",
    "tenant-hosts",
    "tenant",
    "mail",
    "security",
    "http",
    "performance",
    "pages",
    "analytics",
    "server",
    "suite",
    "shared",
]

# A test file's name (without .test.ts) → its feature; the first pattern that matches wins.
FEATURE_BY_NAME: list[tuple[str, str]] = [
    # Names that a broader pattern below would place elsewhere.
    (r"^(gift-card-limit|code-limit|member-id-limit)$", "security"),
    (r"^(checkout-first-graph)$", "performance"),
    # The layering rules, and rules every source file keeps.
    (r"^(domain-boundaries|.*-boundaries|layer.*|architecture.*|no-wall-clock)$", "architecture"),
    # Tests of the test suite itself: its servers, clocks, snapshot and plan.
    (r"^(e2e-.*|verify-plan|test-db-snapshot.*|postgres)$", "suite"),
    (r"^(membership-.*|member-roles|member-id-limit)$", "membership"),
    (r"^(manage-.*|reschedule-.*|cancel-.*)$", "manage"),
    (r"^(tickets?-.*|wallet.*|ticket-cards.*)$", "tickets"),
    (r"^(account-.*)$", "account"),
    (r"^(external-login.*)$", "external-login"),
    (r"^(auth-.*|login-.*|password-.*|retry-wait|secure-sessions)$", "auth"),
    (r"^(identity-.*|viewer)$", "identity"),
    (r"^(payment-gateways|stripe-gateway|stripe-refunds|stripe-plan)$", "payments"),
    (
        r"^(checkout-.*|payment-.*|pay-button|stripe-.*|card-.*|gift-card-.*|gift-recipient.*|completed-order|"
        r"completion-.*|order-.*|plan-order|express-checkout|guest-privacy)$",
        "checkout",
    ),
    (r"^(cart-.*|promo-.*|citypass|code-and-gift-card-messages|link-code|fee-lines|default-promo.*)$", "cart"),
    (
        r"^(reserve-.*|seat.*|add-on-offer|donation-offer|conflicts|quantity-limits|flexible-price|one-ticket-copy|"
        r"admit-fields)$",
        "reserve",
    ),
    (
        r"^(api-calendar|api-catalogue|api-events|api-sessions|availability|calendar|all-day|detail-query|event-.*|"
        r"excerpt|listing-card|session-tabs|price-display|visit-time|clock-hours)$",
        "catalogue",
    ),
    (r"^(compat-.*)$", "compat"),
    (r"^(tenant-host.*)$", "tenant-hosts"),
    (r"^(tenant-.*|blocks|message-rules)$", "tenant"),
    (r"^(mail-.*|qr-png|email-mask)$", "mail"),
    (r"^(security-.*|rate-limit|code-limit|gift-card-limit|captcha-.*|client-address)$", "security"),
    (
        r"^(api-fuzz.*|api-hostile-input|api-openapi|api-image|api-client|body-guard|accept-encoding|compression|"
        r"host-header|invalid-host|query-parse|edited-headers|request-log|health|meta-fold)$",
        "http",
    ),
    (
        r"^(.*-memo|picture-html|responsive-images|image-sizes|render-memos|react-renderer-patch|page-cache.*|"
        r"response-cache|island-string-table|checkout-first-graph|zod-browser.*|use-store-in-transition|"
        r"static-files|ssr-stored-reads|serve-env)$",
        "performance",
    ),
    (r"^(page-head|global-error|island-forms|ui-store|stories-gate|html-escape)$", "pages"),
    (r"^(analytics-.*)$", "analytics"),
    (
        r"^(clock-.*|log-.*|error-reporting|public-url-setting|demo-images|seed|production-start|startup-config|"
        r"multi-server-startup|background-jobs-.*)$",
        "server",
    ),
    (r"^(money|own-property|date-format|survey)$", "shared"),
]

# A module of src/ (path from src/) → its feature: the feature folder it lives in, else its name.
FEATURE_FOLDERS = {
    "account": "account",
    "auth": "auth",
    "login": "auth",
    "cart": "cart",
    "cart-transfer": "cart",
    "catalogue": "catalogue",
    "checkout": "checkout",
    "compat": "compat",
    "external-login": "external-login",
    "identity": "identity",
    "manage": "manage",
    "membership": "membership",
    "reserve": "reserve",
    "ticket-cards": "tickets",
    "tickets": "tickets",
    "tenant-hosts": "tenant-hosts",
    "default-promo": "default-promo",
    "express-checkout": "checkout",
    "link-code": "cart",
    "analytics": "analytics",
    "mail": "mail",
    "http": "http",
    "security": "security",
    "payments": "payments",
    "config": "server",
    "db": "server",
    "log": "server",
    "performance": "performance",
    "perf": "performance",
    "tenant": "tenant",
    "pages": "pages",
    "stores": None,  # a store is named after its feature: stores/cart.ts
    "api": None,  # the contract's modules are named after their feature: api/cart-schemas.ts
    "domain": None,
    "lib": None,
    "server": None,
    "services": None,
    "islands": None,
    "ui": None,
    "components": None,
}


def feature_of_source(path: str) -> str | None:
    """path: from src/, e.g. lib/server/services/membership/create.ts."""
    parts = path.split("/")
    for folder in reversed(parts[:-1]):
        if folder in FEATURE_FOLDERS and FEATURE_FOLDERS[folder]:
            return FEATURE_FOLDERS[folder]
    name = re.sub(r"\.(test\.)?[mc]?[jt]sx?$|\.json$", "", parts[-1])
    return feature_of_name(name)


def feature_of_name(name: str) -> str | None:
    for pattern, feature in FEATURE_BY_NAME:
        if re.match(pattern, name):
            return feature
    return None


SRC_IMPORT = re.compile(r"""["'](?:\.\./)+src/([^"'`]+)["']""")


def feature_of_test(path: Path) -> tuple[str, str]:
    name = path.name.removesuffix(".test.ts")
    by_name = feature_of_name(name)
    if by_name:
        return by_name, "name"
    counts: Counter[str] = Counter()
    for m in SRC_IMPORT.finditer(path.read_text(encoding="utf-8")):
        feature = feature_of_source(m.group(1))
        if feature:
            counts[feature] += 1
    if counts:
        best = max(counts.values())
        feature = min((f for f, n in counts.items() if n == best), key=FEATURE_ORDER.index)
        return feature, "imports " + ", ".join(f"{f}×{n}" for f, n in sorted(counts.items()))
    return ("server" if "integration" in str(path.parent) else "shared"), "no feature import"


# --------------------------------------------------------------------------------------------


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def relative_import(target: Path, from_dir: Path) -> str:
    rel = os.path.relpath(target, from_dir).replace(os.sep, "/")
    return rel if rel.startswith("../") or rel == ".." else f"./{rel}"


REL_STRING = re.compile(r"""(?P<q>["'`])(?P<neg>!?)(?P<path>\.\.?/[^"'`\s$]*)(?P=q)""")


def rewrite_relative(text: str, old_dir: Path, new_dir: Path, moves: dict[Path, Path], root: Path) -> str:
    """Points every relative path string at the same target from new_dir."""

    def repl(m: re.Match[str]) -> str:
        s = m.group("path")
        # A glob keeps its pattern; the part before it must exist.
        parts = s.split("/")
        glob_at = next((i for i, p in enumerate(parts) if any(c in p for c in "*{?[")), len(parts))
        base = "/".join(parts[:glob_at]) or "."
        rest = "/".join(parts[glob_at:])
        target = (old_dir / base).resolve()
        if not target.is_relative_to(root):
            return m.group(0)
        target = moves.get(target, target)
        if not (target.exists() or target in moves.values()):
            return m.group(0)  # not a path of this repository (test data, a package's own file)
        new = relative_import(target, new_dir)
        if base.endswith("/") or (s.endswith("/") and not rest):
            new += "/"
        if rest:
            new = f"{new.rstrip('/')}/{rest}"
        if new == s:
            return m.group(0)
        return f"{m.group('q')}{m.group('neg')}{new}{m.group('q')}"

    return REL_STRING.sub(repl, text)


DIRNAME_UP = re.compile(r"""import\.meta\.dirname((?:\s*,\s*["']\.\.["'])+)""")


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    dry = "--dry-run" in sys.argv
    root = Path(args[0] if args else ".").resolve()

    # 1. The mapping.
    moves: dict[Path, Path] = {}
    print("test-folders: the feature of each flat test file")
    for d in DIRS:
        for path in sorted((root / d).glob("*.test.ts")):
            feature, reason = feature_of_test(path)
            new = root / d / feature / path.name
            moves[path.resolve()] = new.resolve()
            print(f"  {d}/{path.name} → {feature}/  ({reason})")

    # Flat helper modules go with their tests when those all went to one folder.
    tests_text = {
        p.resolve(): p.read_text(encoding="utf-8")
        for d in DIRS + ("tests/helpers",)
        for p in (root / d).rglob("*.ts")
    }
    for d in DIRS:
        for helper in sorted((root / d).glob("*.ts")):
            if helper.name.endswith(".test.ts"):
                continue
            helper = helper.resolve()
            folders = set()
            for p, text in tests_text.items():
                if p == helper:
                    continue
                for m in REL_STRING.finditer(text):
                    if (p.parent / m.group("path")).resolve() == helper:
                        folders.add(moves.get(p, p).parent)
            if len(folders) == 1 and next(iter(folders)) != helper.parent:
                moves[helper] = next(iter(folders)) / helper.name
                print(f"  {helper.relative_to(root)} → {moves[helper].parent.name}/  (helper of those tests only)")
            else:
                print(f"  {helper.relative_to(root)} stays  (helper of {len(folders)} folders)")

    if not moves:
        print("nothing to move")
        return 0
    if dry:
        return 0

    # 2. Rewrite the relative paths of every test file, from where it will be.
    for p, text in tests_text.items():
        new_path = moves.get(p, p)
        new_text = rewrite_relative(text, p.parent, new_path.parent, moves, root)
        depth = len(new_path.relative_to(root).parts) - len(p.relative_to(root).parts)
        if depth > 0:
            new_text = DIRNAME_UP.sub(lambda m: "import.meta.dirname" + m.group(1) + ', ".."' * depth, new_text)
        if new_text != text:
            p.write_text(new_text, encoding="utf-8")

    # 3. git mv.
    for old, new in sorted(moves.items()):
        new.parent.mkdir(parents=True, exist_ok=True)
        git(root, "mv", str(old.relative_to(root)), str(new.relative_to(root)))

    # 4. The moved files' repository paths wherever they are written, and vitest.config.ts's
    #    paths relative to a project's directory.
    renames = {str(o.relative_to(root)): str(n.relative_to(root)) for o, n in moves.items()}
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(o) for o in sorted(renames, key=len, reverse=True)) + r")(?![\w.-])"
    )
    for name in git(root, "ls-files").split("\n"):
        if not name or name.startswith("tests/e2e/") or name == "package-lock.json":
            continue
        if Path(name).suffix not in {".ts", ".tsx", ".mts", ".js", ".mjs", ".astro", ".md", ".json", ".yml", ""}:
            continue
        f = root / name
        if not f.is_file():
            continue
        try:
            text = f.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new_text = pattern.sub(lambda m: renames[m.group(1)], text)
        if name == "vitest.config.ts":
            for o, n in renames.items():
                for d in DIRS:
                    if o.startswith(d + "/"):
                        new_text = new_text.replace(f'"{o[len(d) + 1 :]}"', f'"{n[len(d) + 1 :]}"')
        if new_text != text:
            f.write_text(new_text, encoding="utf-8")
    # 5. Longer paths make longer lines: the project's formatter lays them out again.
    changed = [
        n
        for n in git(root, "diff", "--name-only", "--diff-filter=AMR", "HEAD").split("\n")
        if re.search(r"\.(ts|tsx|mts|js|mjs)$", n)
    ]
    changed += [str(n.relative_to(root)) for n in moves.values()]
    subprocess.run(["npx", "biome", "check", "--write", *sorted(set(changed))], cwd=root, check=True)
    print(f"test-folders: {len(moves)} files moved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
