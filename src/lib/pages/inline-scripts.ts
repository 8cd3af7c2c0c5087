/**
 * The text of the pages' inline scripts. Inline scripts run only when the Content-Security-Policy
 * lists their hash, so each one is a constant here: astro.config.mjs hashes them into the policy
 * (content-security-policy.ts) and the components render exactly this text.
 */

/** CategoryFilter: measures the rows the buttons take, swaps them for the select past two rows (and back). */
export const CATEGORY_WRAP_SCRIPT = `(()=>{const fit=()=>{const nav=document.querySelector("[data-category-buttons]");const field=document.querySelector("[data-category-select]");if(!nav||!field)return;nav.hidden=false;const rows=new Set([...nav.querySelectorAll("li")].map((li)=>li.offsetTop)).size;const wraps=rows>2;nav.hidden=wraps;field.hidden=!wraps;field.querySelector("select").disabled=!wraps;const kept=document.querySelector("[data-category-hidden]");if(kept)kept.disabled=wraps;};document.addEventListener("DOMContentLoaded",fit);addEventListener("resize",fit);})();`;

/**
 * The event listing's express checkout (spec 2 §2; the rule: domain/express-checkout/rule.ts, which
 * tests/unit/checkout/express-checkout.test.ts checks this script against). Runs in the head before the page
 * paints; reads its <script> element's data-seller, data-express ("true": the tenant flag) and
 * data-checkout (the checkout path), and replaces the page with the checkout when the stored cart
 * (localStorage foyer.cart.{seller}) is current and has tickets.
 */
export const EXPRESS_CHECKOUT_SCRIPT = `(()=>{try{const d=document.currentScript&&document.currentScript.dataset;if(!d||!d.seller||!d.checkout)return;if(d.express!=="true"&&!new URLSearchParams(location.search).has("expresscheckout"))return;const v=JSON.parse(localStorage.getItem("foyer.cart."+d.seller)||"null");const e=v&&v.envelope;const c=e&&e.cart&&e.cart._data&&e.cart._data[0];const t=e&&e.ticket&&e.ticket._data;if(v&&v.seller===d.seller&&typeof v.localExpiresAt==="number"&&v.localExpiresAt>Date.now()&&c&&c.state==="pending"&&Array.isArray(t)&&t.length>0)location.replace(d.checkout);}catch{}})();`;

/**
 * The global error screen (components/GlobalErrorScreen.astro; the rule: domain/global-error.ts,
 * which tests/unit/pages/global-error.test.ts checks this script against). A classic script right after
 * the screen's markup, so pages that ship no module keep shipping none: on an uncaught error with
 * its error object, or an unhandled rejection (not an AbortError), it shows the screen with Reload,
 * or with Continue for an API error (ApiClientError), and focuses that action. The first failure
 * decides.
 */
export const GLOBAL_ERROR_SCRIPT = `(()=>{const r=document.querySelector("[data-global-error]");const b=r&&r.querySelector("[data-global-error-reload]");const a=r&&r.querySelector("[data-global-error-continue]");if(!r||!b||!a)return;b.addEventListener("click",()=>location.reload());const kind=(k,x)=>{if(k==="error"&&(x===null||x===undefined))return null;if(typeof x==="object"&&x!==null){if(x.name==="AbortError")return null;if(x.name==="ApiClientError"||(typeof x.status==="number"&&x.status>=400&&typeof x.code==="string"))return "continue";}return "reload";};const show=(s)=>{if(!s||!r.hidden)return;b.hidden=s!=="reload";a.hidden=s!=="continue";r.hidden=false;(s==="reload"?b:a).focus();};addEventListener("error",(e)=>show(kind("error",e.error)));addEventListener("unhandledrejection",(e)=>show(kind("rejection",e.reason)));})();`;

/**
 * Base.astro's first script: starts public/intl-warmup.js as a worker, named after the page's
 * language. A page's first Intl.DateTimeFormat or Intl.NumberFormat loads ICU's data, about 35 ms
 * of main thread on a desktop and four times that on a phone, inside the islands' first render.
 * ICU's data is shared by the whole renderer process, so a worker that builds one of each first
 * takes that load off the main thread: the islands' first formatter then costs under a
 * millisecond (measured in Chromium; the detail-page blocking time). Where a browser has
 * no Worker, or refuses it, nothing changes.
 */
export const INTL_WARMUP_SCRIPT = `(()=>{try{new Worker("/intl-warmup.js",{name:document.documentElement.lang})}catch{}})();`;

/**
 * Base.astro's guard of islands not yet ready. Before its island hydrates, a control has no
 * handler: what the shopper does in those first tenths of a second would be lost, or worse.
 * - Submissions of island forms (islands/ui/IslandForm.tsx, known by `data-island-form`): Enter in
 *   a field, or a click on the form's button, would send the form as the browser does, reloading
 *   the page and losing what was typed. The guard stops that submission, before anything else sees
 *   it (a capture listener on the window that also stops the event there, so React, hydrating,
 *   cannot run the handler before the fields have adopted the typed text), and holds the first one
 *   with its button in a registry the form reads once it has mounted: the form then sends it again.
 *   Island forms also say method="post", for a browser with no JavaScript at all.
 * - Clicks on an island's other buttons (a button that does not submit, a role=button or role=tab
 *   element): before hydration the browser would do nothing, and the click was lost. A button the
 *   island still keeps disabled while it gets ready is clicked as soon as it is enabled, for up to
 *   3 s; a button gone by then is not clicked. (Checkboxes, radio buttons and selects need no
 *   guard: the browser changes them at once, and the island adopts what they hold when it mounts,
 *   islands/ui/ChoiceInput.tsx.)
 *   - In an island form not ready yet ('Email me a login code instead' in the login form), the
 *     guard stops the click and holds it for the form, like a submission: the form clicks the
 *     button again once it has mounted, after the fields have adopted the typed text. Only the
 *     form's first action (a click or a submission) is held.
 *   - Elsewhere in an `astro-island` Astro still marks `ssr` (not hydrated), the guard stops the
 *     click and holds the first one per island; when the island says it has hydrated
 *     (`astro:hydrate`), the button is clicked again, a task later. The cart widget asleep
 *     (`data-cart-asleep`, islands/cart/hydrate-with-cart.ts) wakes only when a cart is stored,
 *     not on a click: its clicks are left alone.
 */
export const ISLAND_GUARD_SCRIPT = `(()=>{const c=(b,n)=>{if(!b.isConnected)return;if(!b.matches(":disabled")){b.click();return;}if(n>0)setTimeout(()=>c(b,n-1),50);};const r={ready:new WeakSet(),held:new WeakMap(),clicked:new WeakMap(),click:(b)=>c(b,60)};self.__foyerIslandForms=r;const waiting=(f)=>r.held.has(f)||r.clicked.has(f);addEventListener("submit",(e)=>{const f=e.target;if(!(f instanceof HTMLFormElement)||!f.hasAttribute("data-island-form")||r.ready.has(f))return;e.preventDefault();e.stopPropagation();if(!waiting(f))r.held.set(f,e.submitter||null);},true);const w=new WeakSet();addEventListener("click",(e)=>{const t=e.target;const b=t&&typeof t.closest==="function"?t.closest("button,[role=button],[role=tab]"):null;if(!b||(b.type==="submit"&&b.form))return;const f=b.form;if(f&&f.hasAttribute("data-island-form")){if(r.ready.has(f))return;e.preventDefault();e.stopPropagation();if(!waiting(f))r.clicked.set(f,b);return;}const i=b.closest("astro-island[ssr]");if(!i||i.hasAttribute("data-cart-asleep"))return;e.preventDefault();e.stopPropagation();if(w.has(i))return;w.add(i);i.addEventListener("astro:hydrate",()=>setTimeout(()=>r.click(b),0),{once:true});},true);})();`;
