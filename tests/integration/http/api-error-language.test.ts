/**
 * An API error's `_description` in the call's language (DESIGN §13): a call with `_lang=es` (the
 * browser's client adds it on a Spanish page) answers the row's text in Spanish; a call without
 * answers the English, unchanged. Texts that name what the shopper typed come out in the language
 * too; a call in a language the tenant does not speak answers its default language.
 */
import { describe, expect, it } from "vitest";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();

async function gaCart() {
  const session = await upcomingSession(api, "hm-general-admission", 4);
  await setSessionCapacity(api, session.id, 60, 0);
  const env = asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
    }),
  );
  return cartOf(env).id;
}

describe("an error's _description speaks the call's language", () => {
  it("'_lang=es gets a Spanish _description; without, the English is unchanged' (an unknown route)", async () => {
    const english = errorOf(await send(api, "GET", "/api/no-such-thing?_seller=harbour-museum"));
    expect(english).toMatchObject({ _code: "not_found", _description: "Resource route not found." });
    const spanish = errorOf(await send(api, "GET", "/api/no-such-thing?_seller=harbour-museum&_lang=es"));
    expect(spanish).toMatchObject({
      _code: "not_found",
      _description: "No se encontró la ruta del recurso.",
    });
  });

  it("a language the tenant does not list answers its default (Harbour Museum has no Welsh)", async () => {
    const answer = errorOf(await send(api, "GET", "/api/no-such-thing?_seller=harbour-museum&_lang=cy"));
    expect(answer._description).toBe("Resource route not found.");
  });

  it("a promo code's refusal names the code in the language; the cart names the seller", async () => {
    const id = await gaCart();
    const english = errorOf(await send(api, "POST", `/api/my/cart/${id}/apply_code`, { code: "NOSUCHCODE" }));
    expect(english).toMatchObject({
      _code: "code_not_found",
      _description: '"NOSUCHCODE" is not a valid promo code.',
    });
    const spanish = errorOf(
      await send(api, "POST", `/api/my/cart/${id}/apply_code?_lang=es`, { code: "EXPIRED2020" }),
    );
    expect(spanish).toMatchObject({ _code: "code_expired", _description: "El código «EXPIRED2020» caducó." });
  });

  it("a login refusal (the tenant's words) comes out in the call's language", async () => {
    const body = { username: "nobody@example.com", password: "not-the-password-1" };
    const english = errorOf(await send(api, "POST", "/api/login?_seller=harbour-museum", body));
    const spanish = errorOf(await send(api, "POST", "/api/login?_seller=harbour-museum&_lang=es", body));
    expect(english._code).toBe(spanish._code);
    expect(spanish._description).not.toBe(english._description);
  });

  it("a request schema's refusal: zod's words in Spanish for a Spanish call, English otherwise", async () => {
    const body = { username: "nobody@example.com" };
    const english = errorOf(await send(api, "POST", "/api/login?_seller=harbour-museum", body));
    const spanish = errorOf(await send(api, "POST", "/api/login?_seller=harbour-museum&_lang=es", body));
    expect(english._code).toBe("validation_failed");
    expect(english._description).toMatch(/^Invalid input/);
    expect(spanish._code).toBe("validation_failed");
    expect(spanish._description).not.toBe(english._description);
    expect(spanish._description).toMatch(/^Entrada inválida/);
  });
});
