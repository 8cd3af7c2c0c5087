/**
 * The account calls never answer 500 to odd input (DESIGN §3: bad input is a 400, never a 500).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { withTestApi } from "../../helpers/api.ts";
import { call } from "../auth-helpers.ts";

const api = withTestApi();

const paths = [
  ["POST", "login/request_otp"],
  ["POST", "login/verify_otp"],
  ["POST", "login"],
  ["POST", "logout"],
  ["GET", "my/user"],
  ["POST", "user"],
  ["PUT", "my/user"],
  ["PATCH", "my/user/x"],
  ["POST", "password_reset/request"],
  ["POST", "password_reset/validate"],
  ["POST", "password_reset/reset"],
  ["POST", "ticket_order/resend"],
  ["POST", "my/ticket_order/resend"],
] as const;

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("demo@harbour-museum.example", "HM100001", "02110", "\u0000", "a".repeat(300), "ABCDEF"),
);
const body = fc.oneof(
  fc.record(
    {
      email: text,
      username: text,
      password: text,
      token: text,
      otp: text,
      scan_code: text,
      zip_code: text,
      last_name: text,
      credential_type: fc.constantFrom("password", "scan_code", "other"),
      cart_id: text,
      memberships_only: fc.boolean(),
      first_name: text,
      additional_info: fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe("account calls fuzz", () => {
  it("random bodies and sellers never give a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        body,
        fc.constantFrom("harbour-museum", "riverside-zoo", "nope", ""),
        async ([method, path], payload, seller) => {
          const r = await call(
            api,
            method,
            `/api/${path}?_seller=${seller}`,
            method === "GET" ? undefined : payload,
          );
          if (r.status >= 500)
            throw new Error(`${method} ${path} gave ${r.status}: ${JSON.stringify(r.body)}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
