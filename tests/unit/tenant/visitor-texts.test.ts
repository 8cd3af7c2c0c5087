/**
 * Texts that code used to write in English, now tenant strings: "English output must stay
 * byte-for-byte as it is", and each language says them its own way (plurals, ordinals, articles).
 */
import { describe, expect, it } from "vitest";
import { indefiniteArticle, withArticle } from "../../../src/lib/domain/article.ts";
import { INVALID_CITYPASS_TEXT } from "../../../src/lib/domain/citypass.ts";
import { OUTSIDE_MIN_MAX } from "../../../src/lib/domain/flexible-price.ts";
import { memberLimitMessage, memberLimitText } from "../../../src/lib/domain/membership/benefits.ts";
import {
  memberEventLimitMessage,
  memberEventLimitText,
} from "../../../src/lib/domain/membership/event-limit.ts";
import { memberTicketsProblem } from "../../../src/lib/domain/membership/members.ts";
import {
  PASSWORD_CLASSES_NEEDED,
  PASSWORD_MIN,
  PASSWORD_REQUIREMENTS,
} from "../../../src/lib/domain/password-rules.ts";
import { rateLimitedMessage, waitDuration } from "../../../src/lib/domain/retry-wait.ts";
import { ordinal } from "../../../src/lib/domain/waiting-list/rules.ts";
import { fail } from "../../../src/lib/server/errors/api-error.ts";
import { localizedErrorBody } from "../../../src/lib/server/errors/localize.ts";
import { islandText } from "../../../src/lib/tenant/icu.ts";
import { localizedTenant } from "../../../src/lib/tenant/languages.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { format } from "../../../src/lib/tenant/string-format.ts";
import { defaultStrings, t, tMessage } from "../../../src/lib/tenant/strings.ts";

const harbour = getTenant("harbour-museum");
const zoo = getTenant("riverside-zoo");
const sidra = getTenant("sidra-science");
if (!harbour || !zoo || !sidra) throw new Error("demo tenants missing");
const es = localizedTenant(harbour, "es");
const cy = localizedTenant(zoo, "cy");
const ar = localizedTenant(sidra, "ar");

describe("the password requirements", () => {
  it("English: the list's texts as the domain wrote them", () => {
    for (const requirement of PASSWORD_REQUIREMENTS) {
      const key = `account.password.rule.${requirement.id}` as const;
      expect(t(undefined, key, { min: PASSWORD_MIN, count: PASSWORD_CLASSES_NEEDED })).toBe(requirement.text);
    }
  });

  it("es, cy and ar say them in the language", () => {
    expect(t(es, "account.password.rule.length", { min: 8 })).toBe("Al menos 8 caracteres");
    expect(t(cy, "account.password.rule.length", { min: 8 })).toBe("O leiaf 8 nod");
    expect(t(ar, "account.password.rule.length", { min: 8 })).toBe("8 أحرف على الأقل");
  });
});

describe("a rate limit's real wait", () => {
  it("English: the words are those of 'Please wait {wait}' as before", () => {
    for (const seconds of [1, 30, 60, 61, 179, 900, 3600, 3601, 7300]) {
      const before =
        seconds === 60
          ? "Too many attempts. Please wait a minute and try again."
          : `Too many attempts. Please wait ${waitDuration(seconds)} and try again.`;
      expect(tMessage(undefined, rateLimitedMessage(seconds))).toBe(before);
    }
  });

  it("each language counts the wait in its own plural forms", () => {
    expect(tMessage(es, rateLimitedMessage(179))).toBe(
      "Demasiados intentos. Espere 3 minutos y vuelva a intentarlo.",
    );
    expect(tMessage(cy, rateLimitedMessage(120))).toBe(
      "Gormod o ymgeisiau. Arhoswch 2 funud a rhowch gynnig arall arni.",
    );
    expect(tMessage(ar, rateLimitedMessage(120))).toBe(
      "محاولات كثيرة جدًا. يُرجى الانتظار دقيقتين ثم المحاولة مرة أخرى.",
    );
    expect(tMessage(ar, rateLimitedMessage(179))).toBe(
      "محاولات كثيرة جدًا. يُرجى الانتظار 3 دقائق ثم المحاولة مرة أخرى.",
    );
  });
});

describe("a place in the waiting list's line", () => {
  const key = "waitingList.position.ordinal";
  it("English: 'You are 3rd in line.', the ordinal as before, on the server and in the island", () => {
    const island = islandText(defaultStrings[key], "en-US") ?? "";
    for (const n of [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]) {
      const before = `You are ${ordinal(n)} in line.`;
      expect(t(undefined, key, { position: n })).toBe(before);
      expect(format(island, { position: n })).toBe(before);
    }
  });

  it("other languages get a plain number", () => {
    expect(t(es, key, { position: 3 })).toBe("Su lugar en la fila: 3.");
    expect(t(cy, key, { position: 3 })).toBe("Chi yw rhif 3 ar y rhestr aros.");
  });
});

describe("a membership already held: the article is part of the English text", () => {
  const key = "membershipForm.previous.heldLevel";
  it("English: 'an Individual', 'a Dual' as withArticle said", () => {
    for (const level of ["Individual", "Dual", "Family"]) {
      const before = `You already hold ${withArticle(level)} membership, valid until Sat, Jul 4, 2026.`;
      const vars = { article: indefiniteArticle(level), level, date: "Sat, Jul 4, 2026" };
      expect(t(undefined, key, vars)).toBe(before);
      expect(format(islandText(defaultStrings[key], "en-US") ?? "", vars)).toBe(before);
    }
  });

  it("Spanish phrases it without an English article", () => {
    expect(t(es, key, { article: "an", level: "Individual", date: "4 jul 2026" })).toBe(
      "Ya tiene una membresía Individual, válida hasta el 4 jul 2026.",
    );
  });
});

describe("the membership reserve's refusals", () => {
  const rules = [{ ticketTypeId: "lvl", partyRole: "member", named: "yes", min: 1, max: 1 }];
  it("the API says the same English as before, and Spanish for a Spanish call", () => {
    const problem = memberTicketsProblem([{ ticketTypeId: "lvl", partyRole: "child" }], rules);
    expect(problem?.message).toBe('"child" is not a member role of this membership level.');
    if (!problem) return;
    expect(tMessage(undefined, problem.words)).toBe(problem.message);
    const error = fail("validation_failed", { message: problem.words, context: "reserve" });
    expect(error.body()._data[0]?._description).toBe(problem.message);
    expect(localizedErrorBody(error, es)._data[0]?._description).toBe(
      "«child» no es un rol de miembro de este nivel de membresía.",
    );
  });

  it("the gift code's refusals are the spec's texts, in the language of the call", () => {
    const english = fail("code_expired", { message: { id: "membership.redeem.expired" } });
    expect(english.body()._data[0]?._description).toBe("This code has expired");
    expect(localizedErrorBody(english, es)._data[0]?._description).not.toBe("This code has expired");
  });
});

describe("a member's ticket limit, said by the API", () => {
  it("English: the words memberLimitText and memberEventLimitText wrote", () => {
    for (const [limit, available] of [
      [4, 0],
      [1, 0],
      [4, 1],
      [4, 3],
    ] as const) {
      expect(tMessage(undefined, memberLimitMessage(limit, available))).toBe(
        memberLimitText(limit, available),
      );
      expect(tMessage(undefined, memberEventLimitMessage(limit, available, "Night Safari"))).toBe(
        memberEventLimitText(limit, available, "Night Safari"),
      );
    }
  });

  it("Spanish for a Spanish call", () => {
    expect(tMessage(es, memberLimitMessage(4, 3))).toBe(
      "Su membresía permite 3 boletos más de este tipo (límite de 4 por período de membresía).",
    );
  });
});

describe("refusals the reserve and the codes write with the domain's texts", () => {
  it("English: the domain's texts byte for byte", () => {
    expect(t(undefined, "apiError.invalid_citypass.format")).toBe(INVALID_CITYPASS_TEXT);
    expect(t(undefined, "apiError.reserve.outsideMinMax")).toBe(OUTSIDE_MIN_MAX);
  });
});
