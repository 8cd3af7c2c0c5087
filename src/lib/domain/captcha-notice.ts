/**
 * The checkout's captcha privacy notice (spec 2 §2, §5 "a captcha privacy notice"). the
 * notice names the provider the checkout actually uses, with that provider's policy links. The
 * checkout runs hCaptcha (islands/checkout/captcha.ts loads js.hcaptcha.com; the server verifies at
 * api.hcaptcha.com), so the notice is hCaptcha's own wording: "This site is protected by hCaptcha
 * and its Privacy Policy and Terms of Service apply." The words come from the tenant's strings
 * ("checkout.captcha" with {provider}, {privacy} and {terms}); this module splits the template so
 * the island can make {privacy} and {terms} links.
 */

export interface CaptchaProvider {
  name: string;
  privacyUrl: string;
  termsUrl: string;
}

export const HCAPTCHA: CaptchaProvider = {
  name: "hCaptcha",
  privacyUrl: "https://www.hcaptcha.com/privacy",
  termsUrl: "https://www.hcaptcha.com/terms",
};

/** The provider the checkout's captcha uses. */
export const CAPTCHA_PROVIDER: CaptchaProvider = HCAPTCHA;

export type NoticePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/**
 * The notice as text and links: `{provider}` is the provider's name, `{privacy}` and `{terms}` are
 * links with the given words; any other placeholder stays as written. Empty text parts are dropped.
 */
export function captchaNoticeParts(
  template: string,
  words: { privacy: string; terms: string },
  provider: CaptchaProvider = CAPTCHA_PROVIDER,
): NoticePart[] {
  const parts: NoticePart[] = [];
  const text = (value: string) => {
    if (!value) return;
    const last = parts[parts.length - 1];
    if (last?.kind === "text") last.text += value;
    else parts.push({ kind: "text", text: value });
  };
  let at = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    text(template.slice(at, match.index));
    at = match.index + match[0].length;
    const name = match[1];
    if (name === "provider") text(provider.name);
    else if (name === "privacy") parts.push({ kind: "link", text: words.privacy, href: provider.privacyUrl });
    else if (name === "terms") parts.push({ kind: "link", text: words.terms, href: provider.termsUrl });
    else text(match[0]);
  }
  text(template.slice(at));
  return parts;
}
