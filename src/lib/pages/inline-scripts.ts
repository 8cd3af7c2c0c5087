/**
 * The text of the pages' inline scripts. Inline scripts run only when the Content-Security-Policy
 * lists their hash, so each one is a constant here: astro.config.mjs hashes them into the policy
 * (content-security-policy.ts) and the components render exactly this text.
 */

/** CategoryFilter: measures the rows the buttons take, swaps them for the select past two rows (and back). */
export const CATEGORY_WRAP_SCRIPT = `(()=>{const fit=()=>{const nav=document.querySelector("[data-category-buttons]");const field=document.querySelector("[data-category-select]");if(!nav||!field)return;nav.hidden=false;const rows=new Set([...nav.querySelectorAll("li")].map((li)=>li.offsetTop)).size;const wraps=rows>2;nav.hidden=wraps;field.hidden=!wraps;field.querySelector("select").disabled=!wraps;const kept=document.querySelector("[data-category-hidden]");if(kept)kept.disabled=wraps;};document.addEventListener("DOMContentLoaded",fit);addEventListener("resize",fit);})();`;
