#!/usr/bin/env python3
"""Comments say why, not which issue.

Rewrites the comments and test names that cite an issue by number ("Issue 14: …", "(issue 17)",
"issue 12's …"), so that they keep their reason and drop the history a newcomer cannot look up.

Only two kinds of text are ever changed:
  - comment text: `//`, `/* */`, `/** */`, `{/* */}` (JS/TS, .astro frontmatter, scripts and
    expressions), `/* */` (CSS, .astro styles) and `<!-- -->` (.astro templates);
  - the first string argument of `it(`, `test(`, `describe(` (and `.each`, `.skip`, `.only`,
    `test.describe(`, …).
Code and user-facing strings (JSON, template text, string literals) are never touched, and "issue"
is rewritten only when a number follows it ("an issue with …" stays).

The common shapes are handled by rules (RULES below). What they cannot handle is fixed by PATCHES:
exact old → new replacements of whole lines (one or several consecutive lines), applied after the
rules wherever the old lines occur, so that running the script again on another checkout gives the
same result. What is still left afterwards is printed as file:line, to be fixed by hand.

Usage: python3 scripts/tidy/issue-comments.py [--dry-run] [root]
Runs over src/, scripts/, tests/ and the root config files (*.config.*, astro.config.mjs).
Re-running it on its own result changes nothing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

SOURCE_SUFFIXES = {".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"}
HANDLED_SUFFIXES = SOURCE_SUFFIXES | {".astro", ".css"}
ROOT_DIRS = ("src", "scripts", "tests")
SKIP_PARTS = {"node_modules", "dist", ".astro"}

ISSUE_NUMBER = re.compile(r"\bissues? \d+", re.IGNORECASE)

# --------------------------------------------------------------------------------------------
# Where comments and test names are: spans (start, end, kind) of a file's text, kind "comment"
# or "test-name". A span covers the text between the delimiters only.
# --------------------------------------------------------------------------------------------

TEST_CALL = re.compile(
    r"(?<![\w$.])(?:it|test|describe|suite|bench)(?:\.(?:each|skip|only|todo|concurrent|sequential|"
    r"describe|serial|parallel|fixme|fails|runIf\([^()]*\)|skipIf\([^()]*\)))*\s*\(\s*$"
)
REGEX_PRECEDERS = set("(,=:[!&|?{};+-*%<>~^")
REGEX_KEYWORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await"}


def js_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int, str]]:
    """Comment and test-name spans of JavaScript/TypeScript source text[start:end]."""
    end = len(text) if end is None else end
    spans: list[tuple[int, int, str]] = []
    i = start
    # Stack of template-literal nesting: each entry counts the open braces of a `${` expression.
    brace_stack: list[int] = []
    last_sig = ""  # the last significant code character, to tell a regex literal from a division
    last_word = ""
    while i < end:
        c = text[i]
        nxt = text[i + 1] if i + 1 < end else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            j = end if j == -1 or j > end else j
            spans.append((i + 2, j, "comment"))
            i = j
            continue
        if c == "/" and nxt == "*":
            j = text.find("*/", i + 2)
            j = end if j == -1 else j
            spans.append((i + 2, j, "comment"))
            i = j + 2
            continue
        if c in "'\"`":
            string_start = i
            if c == "`":
                i, closed_by_expr = scan_template(text, i + 1, end)
                content_end = i - 1 if not closed_by_expr else i - 2
                if closed_by_expr:
                    brace_stack.append(0)
            else:
                i = scan_string(text, i + 1, end, c)
                content_end = i - 1
            prefix = text[max(0, string_start - 80) : string_start]
            if TEST_CALL.search(prefix):
                spans.append((string_start + 1, content_end, "test-name"))
            last_sig, last_word = "a", ""
            continue
        if c == "/":
            if last_sig in REGEX_PRECEDERS or last_sig == "" or last_word in REGEX_KEYWORDS:
                i = scan_regex(text, i + 1, end)
                last_sig, last_word = "a", ""
                continue
            last_sig, last_word = c, ""
            i += 1
            continue
        if c == "{" and brace_stack:
            brace_stack[-1] += 1
        elif c == "}" and brace_stack:
            if brace_stack[-1] == 0:
                brace_stack.pop()
                i, closed_by_expr = scan_template(text, i + 1, end)
                if closed_by_expr:
                    brace_stack.append(0)
                last_sig, last_word = "a", ""
                continue
            brace_stack[-1] -= 1
        if c.isalnum() or c in "_$":
            j = i
            while j < end and (text[j].isalnum() or text[j] in "_$"):
                j += 1
            last_word = text[i:j]
            last_sig = "a"
            i = j
            continue
        if not c.isspace():
            last_sig, last_word = c, ""
        i += 1
    return spans


def scan_string(text: str, i: int, end: int, quote: str) -> int:
    """The index just past a '…' or "…" string's closing quote (or its line's end)."""
    while i < end:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == quote:
            return i + 1
        if c == "\n":
            return i
        i += 1
    return end


def scan_template(text: str, i: int, end: int) -> tuple[int, bool]:
    """Past a template literal's closing backtick, or past its next `${` (second value True)."""
    while i < end:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "`":
            return i + 1, False
        if c == "$" and i + 1 < end and text[i + 1] == "{":
            return i + 2, True
        i += 1
    return end, False


def scan_regex(text: str, i: int, end: int) -> int:
    in_class = False
    while i < end:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "\n":
            return i
        if in_class:
            if c == "]":
                in_class = False
        elif c == "[":
            in_class = True
        elif c == "/":
            i += 1
            while i < end and text[i].isalpha():
                i += 1
            return i
        i += 1
    return end


def css_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int, str]]:
    end = len(text) if end is None else end
    return [(m.start() + 2, m.end() - 2, "comment") for m in re.compile(r"/\*.*?\*/", re.S).finditer(text, start, end)]


ASTRO_BLOCK = re.compile(r"<(script|style)\b[^>]*>(.*?)</\1\s*>", re.S)
ASTRO_HTML_COMMENT = re.compile(r"<!--(.*?)-->", re.S)
# A block comment in a template expression: `{/* … */}`, or a `/* … */` that opens its line.
ASTRO_EXPR_COMMENT = re.compile(r"(?:\{\s*|(?<=\n)[ \t]*)/\*(.*?)\*/", re.S)
ASTRO_EXPR_LINE_COMMENT = re.compile(r"(?<=\n)[ \t]*//([^\n]*)")


def astro_spans(text: str) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    body_start = 0
    fm = re.match(r"\s*---\n(.*?)\n---\n", text, re.S)
    if fm:
        spans += js_spans(text, fm.start(1), fm.end(1))
        body_start = fm.end()
    taken: list[tuple[int, int]] = []
    for m in ASTRO_BLOCK.finditer(text, body_start):
        if m.group(1) == "script":
            spans += js_spans(text, m.start(2), m.end(2))
        else:
            spans += css_spans(text, m.start(2), m.end(2))
        taken.append((m.start(), m.end()))
    for m in ASTRO_HTML_COMMENT.finditer(text, body_start):
        spans.append((m.start(1), m.end(1), "comment"))
        taken.append((m.start(), m.end()))

    def free(pos: int) -> bool:
        return not any(a <= pos < b for a, b in taken)

    for pattern in (ASTRO_EXPR_COMMENT, ASTRO_EXPR_LINE_COMMENT):
        for m in pattern.finditer(text, body_start):
            if free(m.start(1)):
                spans.append((m.start(1), m.end(1), "comment"))
    return spans


def spans_of(path: Path, text: str) -> list[tuple[int, int, str]]:
    if path.suffix == ".astro":
        spans = astro_spans(text)
    elif path.suffix == ".css":
        spans = css_spans(text)
    else:
        spans = js_spans(text)
    return sorted(set(spans))


# --------------------------------------------------------------------------------------------
# The rules. Each is applied to one span's text at a time; `I` is "issue N" in either case.
# --------------------------------------------------------------------------------------------

I = r"[Ii]ssue \d+"
DQ = r'"[^"\n]*"'  # a quoted title or rule, on one line
# What may come before a label that opens a sentence: the span's start, a new line of the same
# comment (with its ` * ` or `// `), or the end of the previous sentence.
SENTENCE_START = r"(?P<pre>^[ \t]*\**[ \t]*|\n[ \t]*\**[ \t]*|[.!?][)\"'’]*[ \t]+)"


# The first word after a dropped label, capitalised when it is a plain word (never an identifier,
# a path or a quotation: `auto_renew`, `scripts/serve.mjs`, "e2e …" keep their case).
NEXT_WORD = r"(?P<word>[a-z]+(?=[ ,;:.'’-]))?"


def label_repl(m: re.Match[str]) -> str:
    word = m.group("word") or ""
    return m.group("pre") + word[:1].upper() + word[1:]


COMMENT_RULES: list[tuple[str, re.Pattern[str], object]] = [
    # A line of a block comment that opens with "(issue 11)." or "(issue 11: "…"):": the
    # punctuation joins the line above, and the line goes if nothing is left on it.
    (
        "parenthetical opening a line, alone",
        re.compile(rf"(?<=\S)\n[ \t]*\*?[ \t]*\({I}(?:[ :,]*{DQ})?\)(?P<punct>[.,:;]*)[ \t]*(?=\n|$)"),
        lambda m: m.group("punct"),
    ),
    (
        "parenthetical opening a line",
        re.compile(rf"(?<=\S)(?P<nl>\n[ \t]*\*?[ \t]?)\({I}(?:[ :,]*{DQ})?\)(?P<punct>[.,:;]*)[ \t]*"),
        lambda m: m.group("punct") + m.group("nl"),
    ),
    # "(issue 17)", "(issue 17's)", "(issue 17 "Faster pages")", "(issue 11: "…")": nothing to keep.
    ("whole parenthetical", re.compile(rf"[ \t]*\({I}(?:'s)?(?:[ :,]*{DQ})?\)"), ""),
    # "(issue 13; spec 2 §3, §5)", "(issue 13, external login …)", "(issue 11 "Show the real
    # wait": the message said …)": the parenthetical keeps the rest.
    ("parenthetical opening", re.compile(rf"\({I}(?:[ :]*{DQ})?(?:[;:,] |, and |: | (?=[a-z§]))"), "("),
    # "(spec 2 §3, §7, issue 13)", "(…; issue 12)", "(…, issue 17 "Faster pages")".
    ("parenthetical closing", re.compile(rf"(?:[;,]| and) {I}(?: {DQ})?(?=\))"), ""),
    # "(…; issue 12): …" in the middle of a list: "(spec 1 §3, issue 12, …)".
    ("parenthetical middle", re.compile(rf"(?<=[\w§)\"])(?:[;,]) {I}(?=[;,] )"), ""),
    # "Issue 12 (spec 1 §3): the gift …" → "Spec 1 §3: the gift …".
    (
        "label with a parenthetical",
        re.compile(rf"{SENTENCE_START}Issue \d+ \((?P<first>[a-zA-Z])(?P<rest>[^()\n]*)\): "),
        lambda m: m.group("pre") + m.group("first").upper() + m.group("rest") + ": ",
    ),
    # "Issue 14: the …", "Issue 14, paying for …:", "Issue 11 "Typed text is wiped": an island's
    # …" → the sentence, its first word capitalised. Only "Issue": a lower-case "issue" opening
    # a line of a comment goes on the sentence of the line above.
    ("label", re.compile(rf"{SENTENCE_START}Issue \d+(?: {DQ})?(?::|,| -|\.| —) {NEXT_WORD}"), label_repl),
    # "issue 17's detail-page blocking time" → "the detail-page blocking time" (mid-sentence).
    ("possessive", re.compile(rf"(?<=[(;,] )[Ii]ssue \d+'s (?=[a-z])"), "the "),
]

TEST_NAME_RULES: list[tuple[str, re.Pattern[str], object]] = [
    # it("issue 11: …"), describe("issue 11 '…'"), test("issue 17, no layout shift: …").
    ("test name label", re.compile(rf"^{I}(?:[:,] | (?=['\"a-z]))"), ""),
    # describe("'…' (issue 13)"), it("… (issue 11: not 'not a valid promo code') …").
    ("whole parenthetical", re.compile(rf"[ \t]*\({I}\)"), ""),
    ("parenthetical opening", re.compile(rf"\({I}(?:[;:,] | (?=[a-z'\"]))"), "("),
    ("parenthetical closing", re.compile(rf"(?:[;,]| and) {I}(?=\))"), ""),
    ("joined label", re.compile(rf" / {I}(?=:)"), ""),
]


def rewrite_span(text: str, kind: str) -> str:
    rules = COMMENT_RULES if kind == "comment" else TEST_NAME_RULES
    for _name, pattern, repl in rules:
        text = pattern.sub(repl, text)  # type: ignore[arg-type]
    return text


# --------------------------------------------------------------------------------------------
# Hand edits: exact old → new lines (several lines joined by "\n"), applied after the rules in
# every handled file that holds the old text as whole lines.
# --------------------------------------------------------------------------------------------

PATCHES: list[tuple[str, str]] = [
    # scripts/bench-lighthouse.mjs
    (
        '// the listing, event detail and checkout pages, with Debian\'s Chromium"; issue 17 raises it to 98 and\n// adds the membership form and my account, and wants the event detail\'s LCP at 2.0 s or less). Lighthouse\'s default',
        '// the listing, event detail and checkout pages, with Debian\'s Chromium"; the bench now asks 98, on\n// the membership form and my account too, and the event detail\'s LCP at 2.0 s or less). Lighthouse\'s default',
    ),
    # scripts/props-serialization-memo.mjs
    (
        '// Island props serialized once per frozen value rather than on every request (issue 17 "Faster\n// pages"). Astro writes an island\'s props into its `props` attribute on every render: it walks',
        "// Island props serialized once per frozen value rather than on every request, for faster\n// pages. Astro writes an island's props into its `props` attribute on every render: it walks",
    ),
    # scripts/serve.mjs
    (
        "// /_astro files first (the adapter serves none), then fresh micro-cached pages before Astro (issue\n// 17; PAGE_FAST_PATH=off sends them through Astro too), then the build's static files",
        "// /_astro files first (the adapter serves none), then fresh micro-cached pages before Astro\n// (PAGE_FAST_PATH=off sends them through Astro too), then the build's static files",
    ),
    # src/components/EventDetail.astro
    (
        ' * the mount point of the reserve island (#reserve-root, next issue).',
        ' * the mount point of the reserve island (#reserve-root).',
    ),
    # src/components/TicketSummary.astro
    (
        ' * JavaScript and is what the reserve island (next issue) replaces. Members-only groups are left',
        ' * JavaScript and is what the reserve island replaces. Members-only groups are left',
    ),
    # src/islands/account/account-calls.ts
    (
        ' * An ApiClientError read by shape, with a 429\'s `_extra.retry_after` (issue 11 "Show the real\n * wait") and a 403\'s `_extra.proofs`; anything else (a network failure, a bug) is status 0.',
        " * An ApiClientError read by shape, with a 429's `_extra.retry_after` (the real\n * wait, not 'a minute') and a 403's `_extra.proofs`; anything else (a network failure, a bug) is status 0.",
    ),
    # src/islands/account/account-strings.ts
    (
        ' * A failed call\'s alert: a 429 tells the real wait from its retry_after (issue 11 "Show the real\n * wait": it said \'wait a minute\' when retry_after was 179 s), else the generic text.',
        " * A failed call's alert: a 429 tells the real wait from its retry_after (it once\n * said 'wait a minute' when retry_after was 179 s), else the generic text.",
    ),
    # src/islands/login/remembered-email.ts
    (
        " * It lives\n * in sessionStorage rather than the link's query, so it never reaches an address bar, a Referer or",
        " * It lives in sessionStorage rather than the link's query, so it never reaches an address bar, a Referer or",
    ),
    # src/islands/ui/ChoiceInput.tsx
    (
        ' * Issue 11\'s rule ("Islands must adopt the values already in the server-rendered fields") for',
        ' * The rule "Islands must adopt the values already in the server-rendered fields", for',
    ),
    # src/lib/api/cart-schemas.ts
    (
        '  /** Payments taken on the cart so far (gift cards first), issue 4. */',
        '  /** Payments taken on the cart so far (gift cards first, spec 2 §4). */',
    ),
    # src/lib/api/membership-gift-schemas.ts
    (
        " * issue 12): the giftee body and answer, and the redeem lookup's answer (the code and the levels",
        " * ): the giftee body and answer, and the redeem lookup's answer (the code and the levels",
    ),
    # src/lib/domain/card-expiry.ts
    (
        ' * Issue 11 "Card expiry typed as `1230` is refused: format it as the shopper types, as card forms\n * do". The card form\'s expiry is MM/YY: digits only, the slash put in once the year begins (so',
        " * A card expiry typed as `1230` was refused: it is formatted as the shopper types, as card forms\n * do. The card form's expiry is MM/YY: digits only, the slash put in once the year begins (so",
    ),
    # src/lib/domain/cart-items.ts
    (
        '   * Whether a visit date applies at all. Issue 11 "donation and gift card lines say \'Any date\'":',
        "   * Whether a visit date applies at all (donation and gift card lines said 'Any date'):",
    ),
    # src/lib/domain/cart-payments.ts
    (
        ' * The payments already taken toward a cart, as the cart summary and the checkout show them (issue\n * 11: "the cart summary shows no paid and remaining lines. Show the payments and the remaining',
        ' * The payments already taken toward a cart, as the cart summary and the checkout show them\n * ("the cart summary shows no paid and remaining lines. Show the payments and the remaining',
    ),
    # src/lib/domain/gift-recipient.ts
    (
        ' * The gift card\'s recipient (issue 11 "Gift card lines: the gift card has no recipient name,\n * e-mail or message"). A gift card group (handler ledger) asks for them with its survey',
        " * The gift card's recipient (its name, e-mail and message, which gift card lines once lacked).\n * A gift card group (handler ledger) asks for them with its survey",
    ),
    # src/lib/domain/membership/event-limit.ts
    (
        ' * The member event purchase limit (spec 1 §3 "member_event_purchase_limit"; issue 12 follow-up):',
        ' * The member event purchase limit (spec 1 §3 "member_event_purchase_limit"):',
    ),
    # src/lib/domain/payment-errors.ts
    (
        '   * §5 gives both cases the zero-balance text; the issue overrides it for the inactive card.',
        '   * §5 gives both cases the zero-balance text; we override it for the inactive card.',
    ),
    # src/lib/domain/seat-label.ts
    (
        ' * How a seated ticket\'s seat is written wherever the ticket is listed again (issue 11 "Chosen seats\n * disappear": the cart, checkout, the completion page and the confirmation e-mail): \'Section',
        " * How a seated ticket's seat is written wherever the ticket is listed again (chosen seats\n * once disappeared: the cart, checkout, the completion page and the confirmation e-mail): 'Section",
    ),
    # src/lib/domain/seat-map-layout.ts
    (
        ' * What the seat map draws besides the seats (polish): row labels at both ends',
        ' * What the seat map draws besides the seats: row labels at both ends',
    ),
    # src/lib/pages/page-head.ts
    (
        ' * What a page says about itself in its <head> (issue 11 "no meta description or social preview\n * tags"): the meta description, the canonical URL and the Open Graph and Twitter card tags.',
        ' * What a page says about itself in its <head> (pages had no meta description or social\n * preview tags): the meta description, the canonical URL and the Open Graph and Twitter card tags.',
    ),
    # src/lib/pages/picture-html.ts
    (
        ' * Astro template of a dozen escaped URLs: a listing renders one per card on every request (issue 17\n * "Faster pages").',
        ' * Astro template of a dozen escaped URLs: a listing renders one per card on every request,\n * so the string is the faster to build.',
    ),
    # src/lib/server/config/origins.ts
    (
        " * - further configured origins handed in by the caller: the seam for a tenant's own host names,\n *   which a later issue adds (`extraOrigins`).",
        " * - further configured origins handed in by the caller: the seam for a tenant's own host names\n *   (`extraOrigins`).",
    ),
    # src/lib/server/db/schema-auth.ts
    (
        ' * forgot-membership. The membership issue extends this table with levels, roles and orders.',
        ' * forgot-membership, with the order, program and level it came from and its auto-renew state.',
    ),
    # src/lib/server/http/compression.ts
    (
        ' * Response compression (DESIGN §9 "responses compressed"; issue 11 "No response compression: HTML,\n * JSON, JS and CSS go out uncompressed").',
        ' * Response compression (DESIGN §9 "responses compressed": HTML,\n * JSON, JS and CSS once went out uncompressed).',
    ),
    # src/lib/server/mail/order-confirmation.ts
    (
        "   * The order's cart's additional info (survey answers keyed by ticket group id): issue 11, a gift",
        "   * The order's cart's additional info (survey answers keyed by ticket group id): a gift",
    ),
    # src/lib/server/page-cache.ts
    (
        ' * public` is kept for a few seconds and served again, as a CDN would) and its fast path (issue 17\n * "Faster pages", DESIGN §9: a cache hit at least half as fast as a static file).',
        ' * public` is kept for a few seconds and served again, as a CDN would) and its fast path\n * (DESIGN §9: a cache hit at least half as fast as a static file).',
    ),
    # src/lib/server/services/auth/limits.ts
    (
        ' * whether the account exists"; issue 10: "Keep brute force out without handing a stranger a way to\n * lock anyone out"). Every number is here. The account is the seller plus the lower-cased e-mail',
        ' * whether the account exists"), keeping brute force out without handing a stranger a way to\n * lock anyone out. Every number is here. The account is the seller plus the lower-cased e-mail',
    ),
    # src/lib/server/services/auth/login.ts
    (
        ' * Reading of issue 5 "no route says whether an e-mail is registered": an unknown e-mail and a wrong',
        ' * No route says whether an e-mail is registered: an unknown e-mail and a wrong',
    ),
    # src/lib/server/services/checkout/identity.ts
    (
        ' * existing accounts come with issue 5.',
        " * existing accounts are the account calls' (services/auth).",
    ),
    # src/lib/server/services/checkout/instalment.ts
    (
        ' * Paying an instalment of a booked order (issue 13 "Scheduled payments show as Upcoming or Overdue,\n * and an overdue one can be paid now through the checkout screen"). An order whose ticket group has',
        ' * Paying an instalment of a booked order (scheduled payments show as Upcoming or Overdue,\n * and an overdue one can be paid now through the checkout screen). An order whose ticket group has',
    ),
    # src/lib/server/services/checkout/orders.ts
    (
        "   * issue 11, a gift card's recipient is shown with the order.",
        "   * a gift card's recipient is shown with the order.",
    ),
    # src/lib/server/services/checkout/required-fields.ts
    (
        ' * Issue 12 follow-up, spec 1 §5 "Custom identity fields": the checkout form asks the custom fields',
        ' * Spec 1 §5 "Custom identity fields": the checkout form asks the custom fields',
    ),
    # src/lib/server/services/checkout/service.ts
    (
        "  // Spec 1 §5, issue 12: a logged-in buyer's required custom fields may be stored already.",
        "  // Spec 1 §5: a logged-in buyer's required custom fields may be stored already.",
    ),
    (
        '    // Issue 12 follow-up: the purchaser is decided (and a missing required custom field refused)',
        '    // Spec 1 §5: the purchaser is decided (and a missing required custom field refused)',
    ),
    # src/lib/server/services/external-login/link.ts
    (
        ' * Which identity a provider account logs in as (issue 13 "Link to an existing identity by verified\n * e-mail"): the identity already linked to its issuer and subject (so a later e-mail change at the',
        ' * Which identity a provider account logs in as (linked to an existing identity by verified\n * e-mail): the identity already linked to its issuer and subject (so a later e-mail change at the',
    ),
    # src/lib/server/services/membership/saved-payment.ts
    (
        ' * Saved payment methods for automatic renewal (spec 2 §3 "Saved payment method: identifier";\n * issue 12). A checkout that enrols keeps its card:',
        ' * Saved payment methods for automatic renewal (spec 2 §3 "Saved payment method: identifier").\n * A checkout that enrols keeps its card:',
    ),
    # src/lib/tenant/schema.ts
    (
        '     * Issue 12 renewal (domain/membership/renewal.ts): renewal opens `renewal_window_days` before the',
        '     * Renewal (spec 1 §6; domain/membership/renewal.ts): renewal opens `renewal_window_days` before the',
    ),
    # src/lib/tenant/strings-checkout.ts
    (
        "  // Shown without JavaScript: the checkout form is an island (issue 17's island guard, ISLAND_GUARD_SCRIPT).",
        '  // Shown without JavaScript: the checkout form is an island (the island guard, ISLAND_GUARD_SCRIPT).',
    ),
    (
        "  /** Issue 12 follow-up: the server's refusal of a checkout lacking a required custom field. */",
        "  /** Spec 1 §5: the server's refusal of a checkout lacking a required custom field. */",
    ),
    # src/lib/tenant/strings-reschedule.ts
    (
        ' * Default texts of /manage/{orderId}/reschedule/{sessionId} and /manage/{orderId}/confirm (issue\n * 14). Spread into strings.ts\'s defaultStrings. Spec 2 §8 gives "Please contact us to reschedule',
        ' * Default texts of /manage/{orderId}/reschedule/{sessionId} and /manage/{orderId}/confirm.\n * Spread into strings.ts\'s defaultStrings. Spec 2 §8 gives "Please contact us to reschedule',
    ),
    # src/lib/tenant/strings.ts
    (
        "  /** Issue 12 renewal messages (spec 1 §6 names them 'expires in' and 'expired'; the wording is ours). */",
        "  /** Renewal messages (spec 1 §6 names them 'expires in' and 'expired'; the wording is ours). */",
    ),
    # src/pages/[seller]/manage/[ticketOrderId]/_reschedule.ts
    (
        " * Server-side glue of /manage/{orderId}/reschedule/{sessionId} and /manage/{orderId}/confirm (issue\n * 14): the order the token opens (../_manage.ts), the session's tickets the holder may move (mode",
        " * Server-side glue of /manage/{orderId}/reschedule/{sessionId} and /manage/{orderId}/confirm:\n * the order the token opens (../_manage.ts), the session's tickets the holder may move (mode",
    ),
    # src/styles/cart.css
    (
        " * Issue 11 phone layout: one bar at the bottom. Where a page's own 80 px footer holds the cart",
        " * The phone layout: one bar at the bottom. Where a page's own 80 px footer holds the cart",
    ),
    # tests/e2e/account-flags-off.spec.ts
    (
        ' * Against the\n * flags-off server (tests/e2e/flags-off-run.ts): the Harbour Museum has every my_account_pages flag',
        ' * Against the flags-off server (tests/e2e/flags-off-run.ts): the Harbour Museum has every my_account_pages flag',
    ),
    # tests/e2e/checkout-zoo.spec.ts
    (
        ' * The checkout flows of issue 4 on the second tenant, riverside-zoo (GBP, no terms): a guest buys',
        ' * The checkout flows on the second tenant, riverside-zoo (GBP, no terms): a guest buys',
    ),
    # tests/e2e/flags-off-run.ts
    (
        ' * One more server,\n * started like the main one (same command and settings, its own port, data folder and clock)',
        ' * One more server, started like the main one (same command and settings, its own port, data folder and clock)',
    ),
    # tests/e2e/gift-card-donation.spec.ts
    (
        ' * Issue 11 on the one-ticket pages: the gift card asks for its recipient (name, e-mail, message)',
        ' * The one-ticket pages: the gift card asks for its recipient (name, e-mail, message)',
    ),
    # tests/e2e/gift-card-payments.spec.ts
    (
        ' * Issue 11 "Gift cards at checkout" and "An applied promo code can\'t be removed": the cart shows',
        ' * Gift cards at checkout, and "An applied promo code can\'t be removed": the cart shows',
    ),
    # tests/e2e/helpers/hold-islands.ts
    (
        ' * is before hydration, the moment a password manager fills it (issue 11 "Typed or autofilled text\n * is wiped"). `release` lets the held requests and every later one through.',
        ' * is before hydration, the moment a password manager fills it (typed or autofilled\n * text must not be wiped). `release` lets the held requests and every later one through.',
    ),
    # tests/e2e/hydration-typing.spec.ts
    (
        ' * Issue 11 "Typed or autofilled text is wiped: text entered right after a page loads, before the\n * island hydrates (about 0.1–0.3 s), was sometimes wiped". Each test types into the server-rendered',
        ' * Typed or autofilled text is not wiped: text entered right after a page loads, before the\n * island hydrates (about 0.1–0.3 s), was sometimes wiped. Each test types into the server-rendered',
    ),
    # tests/e2e/locale-and-layout.spec.ts
    (
        'test.describe("controls", () => {',
        'test.describe("controls look as they act", () => {',
    ),
    # tests/e2e/login-steps.spec.ts
    (
        ' * Issue 11 "Password login depends on the passcode step" and its neighbours on the login screens:',
        ' * Password login does not depend on the passcode step, and its neighbours on the login screens:',
    ),
    # tests/e2e/login.spec.ts
    (
        ' * Login screens, the header state, the login query parameters and the login-or-guest modal (issue 5\n * "Storefront"; spec 1 §2, §4, §5, §8; spec 2 §2). Demo accounts: README "Demo accounts".',
        ' * Login screens, the header state, the login query parameters and the login-or-guest modal\n * (spec 1 §2, §4, §5, §8; spec 2 §2). Demo accounts: README "Demo accounts".',
    ),
    # tests/e2e/mailbox.spec.ts
    (
        ' * The mailbox page (issue 4 "a mailbox page at /_mail, outside production, shows what was sent";',
        ' * The mailbox page ("a mailbox page at /_mail, outside production, shows what was sent";',
    ),
    # tests/e2e/reserve.spec.ts
    (
        '  // no tabs: issue 11).',
        '  // no tabs).',
    ),
    # tests/e2e/seats-shown.spec.ts
    (
        ' * Issue 11 "Chosen seats disappear" and the seat map polish: chosen seats and their holder show in',
        " * Chosen seats stay shown, and the seat map's polish: chosen seats and their holder show in",
    ),
    # tests/e2e/view-item.spec.ts
    (
        ' * Spec 1 §7 "Analytics events, sent only with a tag-manager container id: ... view_item" (issue\n * 17). Riverside Zoo has a container id in its demo configuration; Harbour Museum has none.',
        ' * Spec 1 §7 "Analytics events, sent only with a tag-manager container id: ... view_item".\n * Riverside Zoo has a container id in its demo configuration; Harbour Museum has none.',
    ),
    # tests/helpers/cart.ts
    (
        " * issue 12's server refuses a checkout without them (harbour's membership group asks zip_code).",
        " * the server refuses a checkout without them (harbour's membership group asks zip_code).",
    ),
    # tests/helpers/openapi-fuzz-suite.ts
    (
        ' * half that has them; `minRequests` is the requests it must send (asks for 10,000; each half sends more).',
        ' * half that has them; `minRequests` is the requests it must send (10,000 in all; each half sends more).',
    ),
    (
        '    it(`this half sent at least ${options.minRequests} requests (issue 10: 10,000 or more)`, () => {',
        '    it(`this half sent at least ${options.minRequests} requests (10,000 or more in all)`, () => {',
    ),
    # tests/integration/account/instalment.test.ts
    (
        ' * Issue 13 "Scheduled payments show as Upcoming or Overdue, and an overdue one can be paid now',
        ' * "Scheduled payments show as Upcoming or Overdue, and an overdue one can be paid now',
    ),
    # tests/integration/api-hostile-input.test.ts
    (
        ' * "Hostile input must give a 4xx, never a 5xx": the exact commands of the issue.',
        ' * "Hostile input must give a 4xx, never a 5xx": the exact commands of the report.',
    ),
    (
        "  /** One call of the issue's list, with the character `bad` put in one string (value or key). */",
        '  /** One call of the reported list, with the character `bad` put in one string (value or key). */',
    ),
    (
        '  it("every call the issue lists refuses NUL, \\\\ud800 and \\\\udc00 with a 400 naming the field", async () => {',
        '  it("every reported call refuses NUL, \\\\ud800 and \\\\udc00 with a 400 naming the field", async () => {',
    ),
    # tests/integration/api-image.test.ts
    (
        '  ] as const)("format=%s encodes the snapped size as %s (issue 17)", async (format, type, magic, at) => {',
        '  ] as const)("format=%s encodes the snapped size as %s", async (format, type, magic, at) => {',
    ),
    # tests/integration/code-limit.test.ts
    (
        ' * Code guessing brake (security/lookup-limits.ts CODE_LOOKUPS, security/code-brake.ts). Issue 10:',
        ' * Code guessing brake (security/lookup-limits.ts CODE_LOOKUPS, security/code-brake.ts), because',
    ),
    # tests/integration/compat/compat-carts-api.test.ts
    (
        ' * Issue 16 contract: the cart calls existing clients of the API family send, as they send them,',
        " * The API family's contract: the cart calls existing clients of the API family send, as they send them,",
    ),
    # tests/integration/compat/compat-carts-guests.test.ts
    (
        ' * Issue 16 contract, guests: "POST user without a password creates a guest identity and returns its',
        ' * The API family\'s contract, guests: "POST user without a password creates a guest identity and returns its',
    ),
    # tests/integration/compat/compat-cors.test.ts
    (
        ' * Issue 16 contract, "CORS for browser clients on other origins: a tenant lists the origins it',
        ' * The API family\'s contract, "CORS for browser clients on other origins: a tenant lists the origins it',
    ),
    # tests/integration/compat/compat-reads-events.test.ts
    (
        ' * Issue 16 "Requests that must work" (reads): events/available and events/{id} as existing clients',
        ' * "Requests that must work" (reads): events/available and events/{id} as existing clients',
    ),
    # tests/integration/compat/compat-reads-sessions.test.ts
    (
        ' * Issue 16 "Requests that must work" (reads): sessions by ticket group, the session fields clients',
        ' * "Requests that must work" (reads): sessions by ticket group, the session fields clients',
    ),
    # tests/integration/mail-delivery.test.ts
    (
        ' * Outbox delivery over SMTP (issue 4 "Confirmation e-mail ... goes through an outbox ... SMTP is',
        ' * Outbox delivery over SMTP ("Confirmation e-mail ... goes through an outbox ... SMTP is',
    ),
    # tests/integration/mail-mailbox.test.ts
    (
        ' * The mailbox page\'s reads (issue 4 "a mailbox page at /_mail, outside production, shows what was',
        ' * The mailbox page\'s reads ("a mailbox page at /_mail, outside production, shows what was',
    ),
    # tests/integration/membership-benefits.test.ts
    (
        ' * member_limit_exceeded:reserve (spec 1 §8), and issue 12 "Parallel reserves never exceed a',
        ' * member_limit_exceeded:reserve (spec 1 §8), and "Parallel reserves never exceed a',
    ),
    # tests/integration/membership-event-limit.test.ts
    (
        ' * Spec 1 §3 "Membership: ... member_event_purchase_limit" (follow-up): a level\'s limit',
        ' * Spec 1 §3 "Membership: ... member_event_purchase_limit" : a level\'s limit',
    ),
    # tests/integration/membership-required-fields.test.ts
    (
        ' * Issue 12 follow-up: the server refuses a checkout that leaves out a required custom identity',
        ' * The server refuses a checkout that leaves out a required custom identity',
    ),
    (
        '  "PostgreSQL: spec 1 §5 / issue 12, a missing required custom field refuses the checkout",',
        '  "PostgreSQL: spec 1 §5, a missing required custom field refuses the checkout",',
    ),
    # tests/integration/membership-zip-checkout.test.ts
    (
        ' * Issue 12 follow-up: "Member login by member ID then works for new members too" on',
        ' * "Member login by member ID then works for new members too" on',
    ),
    # tests/integration/page-cache-fast-path.test.ts
    (
        ' * Issue 17 "Faster pages" (DESIGN §9: a micro-cache hit at least half as fast as a static file): the',
        ' * Faster pages (DESIGN §9: a micro-cache hit at least half as fast as a static file): the',
    ),
    # tests/unit/code-and-gift-card-messages.test.ts
    (
        ' * Issue 11 "Wrong error texts" and "Gift cards at checkout": each refusal its own text, and the',
        ' * Error texts and gift cards at checkout: each refusal its own text, and the',
    ),
    # tests/unit/compat-reads-query.test.ts
    (
        ' * Issue 16 "Requests that must work" (reads), the pure pieces of the query layer: the `_prefix`',
        ' * "Requests that must work" (reads), the pure pieces of the query layer: the `_prefix`',
    ),
    # tests/unit/edited-headers.test.ts
    (
        ' * (src/lib/server/http/edited-headers.ts; issue 17 "Faster pages": a public page was copied on',
        ' * (src/lib/server/http/edited-headers.ts; a public page was copied on',
    ),
    # tests/unit/fee-lines.test.ts
    (
        'describe("feeLinesWithPayments (follow-up: the summary agrees with the pay button after a gift card)", () => {',
        'describe("feeLinesWithPayments (the summary agrees with the pay button after a gift card)", () => {',
    ),
    # tests/unit/island-string-table.test.ts
    (
        " * Issue 17's JS budgets (listing ≤ 90 KB, detail ≤ 130 KB of gzip JS): the islands get their",
        ' * The JS budgets (listing ≤ 90 KB, detail ≤ 130 KB of gzip JS): the islands get their',
    ),
    # tests/unit/membership-members.test.ts
    (
        ' * Issue 12 member tickets (spec 1 §3 membership rule, §5, §9): one ticket per member with its party',
        ' * Member tickets (spec 1 §3 membership rule, §5, §9): one ticket per member with its party',
    ),
    # tests/unit/seat-map-layout.test.ts
    (
        '/** Issue 11 "Seat map" polish: row labels, price zones and the zoom that keeps seats >= 24 px. */',
        "/** The seat map's polish: row labels, price zones and the zoom that keeps seats >= 24 px. */",
    ),
    # tests/unit/tenant-hosts/hosts.test.ts
    (
        ' * Issue 16 "Tenant host names" and DESIGN §7: "A tenant may also list its own host names: on those,',
        ' * Tenant host names, DESIGN §7: "A tenant may also list its own host names: on those,',
    ),
]


def apply_patches(text: str, used: dict[int, int], present: set[int]) -> str:
    for n, (old, new) in enumerate(PATCHES):
        pattern = re.compile(r"(?m)^" + re.escape(old) + r"$")
        text, count = pattern.subn(lambda _m, new=new: new, text)
        used[n] = used.get(n, 0) + count
        if new in text:
            present.add(n)
    return text


# --------------------------------------------------------------------------------------------


def files(root: Path) -> list[Path]:
    out: list[Path] = []
    for d in ROOT_DIRS:
        for p in (root / d).rglob("*"):
            if p.is_file() and p.suffix in HANDLED_SUFFIXES and not SKIP_PARTS & set(p.parts):
                out.append(p)
    for p in root.iterdir():
        if p.is_file() and p.suffix in SOURCE_SUFFIXES and ".config." in p.name:
            out.append(p)
    return sorted(out)


def rewrite(path: Path, text: str) -> str:
    spans = spans_of(path, text)
    out = []
    pos = 0
    for start, end, kind in spans:
        if start < pos:  # nested or overlapping: the outer one was rewritten already
            continue
        segment = text[start:end]
        out.append(text[pos:start])
        out.append(rewrite_span(segment, kind) if ISSUE_NUMBER.search(segment) else segment)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    dry = "--dry-run" in sys.argv
    root = Path(args[0] if args else ".").resolve()
    changed = 0
    used: dict[int, int] = {}
    present: set[int] = set()  # hand edits whose new text is already there (a second run)
    leftovers: list[str] = []
    untouched: list[str] = []  # outside comments and test names: code or text someone reads
    for path in files(root):
        text = path.read_text(encoding="utf-8")
        if not ISSUE_NUMBER.search(text) and not any(
            old.split("\n")[0] in text or new.split("\n")[0] in text for old, new in PATCHES
        ):
            continue
        new = apply_patches(rewrite(path, text), used, present)
        rel = path.relative_to(root)
        spans = spans_of(path, new)
        for m in ISSUE_NUMBER.finditer(new):
            n = new.count("\n", 0, m.start()) + 1
            line = new.split("\n")[n - 1].strip()
            if any(a <= m.start() < b for a, b, _kind in spans):
                leftovers.append(f"{rel}:{n}: {line}")
            else:
                untouched.append(f"{rel}:{n}: {line}")
        if new != text:
            changed += 1
            if not dry:
                path.write_text(new, encoding="utf-8")
    unused = [PATCHES[n][0].split("\n")[0] for n in range(len(PATCHES)) if not used.get(n) and n not in present]
    print(f"issue-comments: {changed} files rewritten{' (dry run)' if dry else ''}")
    if unused:
        print(f"{len(unused)} hand edits found nothing to replace (already applied, or the line moved):")
        for old in unused:
            print(f"  {old.strip()}")
    if untouched:
        print(f"{len(untouched)} lines cite an issue outside comments and test names (left alone: a string a")
        print("client or user reads, or code; change them by hand only if they may change):")
        for line in untouched:
            print(f"  {line}")
    if leftovers:
        print(f"{len(leftovers)} lines still cite an issue, to fix by hand:")
        for line in leftovers:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
