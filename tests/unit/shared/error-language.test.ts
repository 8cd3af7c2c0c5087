/**
 * The API's error texts in a language: each shopper-facing catalogue row has a strings key whose
 * English is the row's text byte for byte (so an English answer is unchanged), and an error whose
 * description is the row's default answers the key in the tenant's language.
 */
import { describe, expect, it } from "vitest";
import { msg } from "../../../src/lib/domain/messages.ts";
import { fail } from "../../../src/lib/server/errors/api-error.ts";
import { ERROR_CATALOGUE, type ErrorCode } from "../../../src/lib/server/errors/catalogue.ts";
import { errorTextKey, localizedErrorBody } from "../../../src/lib/server/errors/localize.ts";
import { localizedTenant } from "../../../src/lib/tenant/languages.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { t } from "../../../src/lib/tenant/strings.ts";

const harbour = getTenant("harbour-museum");
if (!harbour) throw new Error("demo tenant missing");
const spanish = localizedTenant(harbour, "es");
const english = localizedTenant(harbour, "en");

describe("error texts: 'English output must stay byte-for-byte as it is'", () => {
  it("every apiError.<row> key's English equals the row's default text", () => {
    const differ: string[] = [];
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      const key = errorTextKey(code);
      if (key && t(undefined, key) !== ERROR_CATALOGUE[code].text) differ.push(code);
    }
    expect(differ).toEqual([]);
  });

  it("the shopper's rows have a key (the cart, codes, login, payment); staff rows answer in English", () => {
    for (const code of ["cart_expired", "code_expired", "incorrect_password", "provider_card_error"] as const)
      expect(errorTextKey(code)).toBeDefined();
    expect(errorTextKey("staff_login_failed")).toBeUndefined();
  });

  it("an English call answers the row's English unchanged", () => {
    expect(localizedErrorBody(fail("cart_expired"), english)).toEqual(fail("cart_expired").body());
    expect(localizedErrorBody(fail("cart_expired"), undefined)).toEqual(fail("cart_expired").body());
  });
});

describe("error texts in the call's language", () => {
  it("a row's default text is answered in Spanish for a Spanish call", () => {
    const [item] = localizedErrorBody(fail("cart_expired"), spanish)._data;
    expect(item?._description).toBe("Su carrito ha caducado.");
    expect(item?._code).toBe("cart_expired");
  });

  it("a text the thrower wrote is kept; one given as a key and values is said in the language", () => {
    const own = localizedErrorBody(fail("cart_expired", { description: "Custom words." }), spanish);
    expect(own._data[0]?._description).toBe("Custom words.");
    const named = fail("code_expired", { message: msg("apiError.code_expired.named", { code: "SUMMER" }) });
    expect(named.body()._data[0]?._description).toBe('The code "SUMMER" has expired.');
    expect(localizedErrorBody(named, spanish)._data[0]?._description).toBe("El código «SUMMER» caducó.");
  });
});

describe("a refusal's dates are written as the call's language writes them", () => {
  const day = { at: new Date("2026-07-04T16:00:00Z"), timeZone: "America/New_York" };
  it("English 'Sat, Jul 4, 2026' as before; Spanish its own date, in the prompt too", () => {
    const words = msg("apiError.membership_extend_prompt.until");
    const asked = fail("membership_extend_prompt", { message: words, dates: { date: day } });
    const text =
      "Your membership is valid until Sat, Jul 4, 2026. Do you want to extend it, so the new term starts when it ends?";
    expect(asked.message).toBe(text);
    const withPrompt = fail("membership_extend_prompt", {
      message: words,
      dates: { date: day },
      extra: { prompt: text },
    });
    const [item] = localizedErrorBody(withPrompt, spanish)._data;
    expect(item?._description).toBe(
      "Su membresía es válida hasta el sáb, 4 de jul de 2026. ¿Desea extenderla para que el nuevo período empiece cuando termine?",
    );
    expect(item?._extra.prompt).toBe(item?._description);
    expect(localizedErrorBody(withPrompt, english)._data[0]?._description).toBe(text);
  });
});
