/**
 * Where the cart store keeps a `?code=` link's codes until a cart takes them (spec 1 §6, §9; the
 * rules: domain/link-code): sessionStorage, so the code belongs to the tab that opened the link.
 */
import {
  type LinkCodeMemory,
  linkCodesOf,
  noteLinkCodes,
  readLinkCodeMemory,
} from "../domain/link-code/link-code.ts";

const linkCodeKey = (seller: string) => `foyer.linkCode.${seller}`;

/** The tab's sessionStorage, or undefined where there is none (SSR) or it is disabled. */
export function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadLinkMemory(session: Storage | undefined, seller: string): LinkCodeMemory {
  try {
    return readLinkCodeMemory(session?.getItem(linkCodeKey(seller)) ?? null);
  } catch {
    return readLinkCodeMemory(null);
  }
}

export function saveLinkMemory(session: Storage | undefined, seller: string, memory: LinkCodeMemory): void {
  try {
    if (memory.pending.length || memory.handled.length)
      session?.setItem(linkCodeKey(seller), JSON.stringify(memory));
    else session?.removeItem(linkCodeKey(seller));
  } catch {
    // Storage disabled or full: the link's code is simply not carried.
  }
}

/** Notes the codes of the page's address (if any) and answers the memory as it now stands. */
export function noteLinkCodesOfPage(
  session: Storage | undefined,
  seller: string,
  address: { pathname: string; search: string } | undefined,
): LinkCodeMemory {
  const remembered = loadLinkMemory(session, seller);
  const noted = address ? noteLinkCodes(remembered, linkCodesOf(address)) : remembered;
  if (noted !== remembered) saveLinkMemory(session, seller, noted);
  return noted;
}
