/**
 * The captcha token for a checkout (spec 2 §5): an invisible hCaptcha-compatible widget, loaded
 * lazily the first time a token is needed (one script for the page), rendered in a visually hidden
 * container and executed on demand. Never throws: a closed or expired challenge counts as cancel
 * (null), and so does a script that fails to load (logged). The server verifies the token.
 */

/** The provider's script; tests and self-hosted mirrors set window.__FOYER_CAPTCHA_SCRIPT__. */
export const CAPTCHA_SCRIPT_URL = "https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off";
const LOAD_TIMEOUT_MS = 15_000;

export interface CaptchaRenderOptions {
  sitekey: string;
  size: "invisible";
  "close-callback"?: () => void;
  "chalexpired-callback"?: () => void;
  "expired-callback"?: () => void;
  "error-callback"?: (code: string) => void;
}

/** The part of the provider's API this module uses. */
export interface CaptchaApi {
  render(container: HTMLElement, options: CaptchaRenderOptions): string;
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>;
  reset(widgetId: string): void;
}

declare global {
  interface Window {
    hcaptcha?: CaptchaApi;
    __FOYER_CAPTCHA_SCRIPT__?: string;
  }
}

interface Widget {
  id: string;
  used: boolean;
  /** Settles the request in flight with null (closed, expired, errored challenge). */
  cancel?: (reason: string) => void;
}

let loading: Promise<CaptchaApi | null> | undefined;
const widgets = new Map<string, Widget>();

function loadScript(): Promise<CaptchaApi | null> {
  if (window.hcaptcha) return Promise.resolve(window.hcaptcha);
  loading ??= new Promise<CaptchaApi | null>((resolve) => {
    const script = document.createElement("script");
    const timer = setTimeout(() => fail("timeout"), LOAD_TIMEOUT_MS);
    function fail(reason: string) {
      clearTimeout(timer);
      console.warn("captcha: the script did not load", { reason });
      script.remove();
      loading = undefined; // a later checkout tries again
      resolve(null);
    }
    script.src = window.__FOYER_CAPTCHA_SCRIPT__ ?? CAPTCHA_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (!window.hcaptcha) return fail("no api");
      clearTimeout(timer);
      resolve(window.hcaptcha);
    };
    script.onerror = () => fail("error");
    document.head.appendChild(script);
  });
  return loading;
}

function hiddenContainer(): HTMLElement {
  const box = document.createElement("div");
  box.className = "foyer-captcha";
  box.setAttribute("aria-hidden", "true");
  // Visually hidden but laid out: some providers refuse to run in a display:none container.
  box.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);";
  document.body.appendChild(box);
  return box;
}

function widgetFor(api: CaptchaApi, siteKey: string): Widget {
  const known = widgets.get(siteKey);
  if (known) return known;
  const widget: Widget = { id: "", used: false };
  const cancel = (reason: string) => () => widget.cancel?.(reason);
  widget.id = api.render(hiddenContainer(), {
    sitekey: siteKey,
    size: "invisible",
    "close-callback": cancel("challenge-closed"),
    "chalexpired-callback": cancel("challenge-expired"),
    "expired-callback": cancel("response-expired"),
    "error-callback": (code) => widget.cancel?.(code || "error"),
  });
  widgets.set(siteKey, widget);
  return widget;
}

const ended = (reason: string): null => {
  // Spec 2 §8: a dismissed captcha is logged (no personal data) and ignored.
  console.info("captcha: challenge ended without a token", { reason });
  return null;
};

/** A solved challenge's token, or null when the visitor closed it or it could not run. */
export async function captchaToken(siteKey: string): Promise<string | null> {
  const api = await loadScript();
  if (!api) return null;
  let widget: Widget | undefined;
  try {
    const current = widgetFor(api, siteKey);
    widget = current;
    if (current.used) api.reset(current.id); // tokens are single use
    current.used = true;
    const cancelled = new Promise<null>((resolve) => {
      current.cancel = (reason) => resolve(ended(reason));
    });
    // execute({async: true}) rejects with a code such as "challenge-closed" or "challenge-expired".
    const solved = api.execute(current.id, { async: true }).then(
      ({ response }) => response || null,
      (error: unknown) => ended(typeof error === "string" ? error : "execute failed"),
    );
    return await Promise.race([solved, cancelled]);
  } catch (error) {
    console.warn("captcha: the widget could not run", { name: (error as Error).name });
    return null;
  } finally {
    if (widget) widget.cancel = undefined;
  }
}

/** Forgets the loaded script and widgets (tests only). */
export function resetCaptchaForTests(): void {
  loading = undefined;
  widgets.clear();
}
