/**
 * A form sent without its island's handler (no JavaScript, or before the island hydrated) is sent
 * as the browser sends it. With no method that is a GET, with every field in the address: a
 * checkout's card number and security code, a login's e-mail, in the history and in the server's
 * and the CDN's logs. Developers' guide: "redact personal data in logs". So every island form says
 * method="post"; before hydration, Base.astro's guard (ISLAND_SUBMIT_GUARD_SCRIPT) stops the
 * submission altogether, and e2e/hydration-typing.spec.ts checks both in Chromium.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ISLANDS = "src/islands";
const files = readdirSync(ISLANDS, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx"));

/** Each `<form ...>` opening tag of a file: its text up to the next element. */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (let at = source.indexOf("<form"); at !== -1; at = source.indexOf("<form", at + 1)) {
    if (!/\s/.test(source[at + 5] ?? "")) continue;
    const next = source.indexOf("<", at + 1);
    tags.push(source.slice(at, next === -1 ? undefined : next));
  }
  return tags;
}

describe("island forms are never sent as a GET with their fields in the address", () => {
  const forms = files.flatMap((file) =>
    formTags(readFileSync(join(ISLANDS, file), "utf8")).map((tag) => ({ file, tag })),
  );

  it("finds the island forms (checkout, gift card, login steps, membership, promo code, account)", () => {
    expect(forms.length).toBeGreaterThanOrEqual(18);
    expect(forms.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        "checkout/CheckoutIsland.tsx",
        "login/PasswordStep.tsx",
        "cart/PromoCodeDialog.tsx",
      ]),
    );
  });

  it('every island form says method="post"', () => {
    const without = forms.filter((f) => !/\bmethod="post"/.test(f.tag)).map((f) => f.file);
    expect(without).toEqual([]);
  });

  it("the check sees a form without a method", () => {
    expect(formTags('<form noValidate onSubmit={(e) => submit(e)}>\n<input name="card_number" />')).toEqual([
      "<form noValidate onSubmit={(e) => submit(e)}>\n",
    ]);
  });
});
