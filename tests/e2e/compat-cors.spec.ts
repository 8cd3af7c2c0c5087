/**
 * "CORS for browser clients on other origins", in a real browser against the built
 * server: a page on http://127.0.0.1:4610 (the demo Harbour Museum lists it in web.cors_origins;
 * a shop server the test starts) reads the catalogue and creates and reads a public cart with fetch; the
 * browser's preflight passes. A page on an unlisted origin, and a request with credentials, fail.
 * (The server-side rules are in tests/integration/compat/compat-cors.test.ts.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * The shop pages are served by real loopback servers (a page the test fulfilled would count as a
 * public address to Chromium, which then asks the API for Private Network Access first).
 */
const LISTED_PORT = 4610;
let listed: Server;
let unlisted: Server;
let unlistedOrigin = "";

function shopServer(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><html lang=en><title>Shop</title><p>Shop</p></html>");
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

// One worker: the listed shop needs its fixed port.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  listed = await shopServer(LISTED_PORT);
  unlisted = await shopServer(0);
  unlistedOrigin = `http://127.0.0.1:${(unlisted.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await Promise.all([listed, unlisted].map((server) => new Promise((resolve) => server?.close(resolve))));
});

const LISTED = `http://127.0.0.1:${LISTED_PORT}`;

async function openOrigin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
}

interface Outcome {
  ok: boolean;
  status: number;
  body?: unknown;
  error?: string;
}

/** A fetch from the page; a CORS refusal is a TypeError in the page, reported as `error`. */
interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  credentials?: "include" | "omit" | "same-origin";
}

function call(page: Page, url: string, init: CallInit = {}): Promise<Outcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const res = await fetch(url, init);
        const text = await res.text();
        return { ok: res.ok, status: res.status, body: text ? JSON.parse(text) : null };
      } catch (error) {
        return { ok: false, status: 0, error: String(error) };
      }
    },
    { url, init },
  );
}

test("'reads and public-cart writes work cross-origin without cookies' from the listed origin", async ({
  page,
  baseURL,
}) => {
  await openOrigin(page, LISTED);
  const events = await call(page, `${baseURL}/cached_api/events/available?_seller=harbour-museum`);
  expect(events.error).toBeUndefined();
  expect(events.status).toBe(200);
  expect(Object.keys(events.body as object)).toContain("event_template");
  // JSON body: the browser sends a preflight first.
  const created = await call(page, `${baseURL}/api/my/cart?_seller=harbour-museum`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ channel_id: "web" }),
  });
  expect(created.error).toBeUndefined();
  expect(created.status).toBe(200);
  const cartId = (created.body as { cart: { _data: { id: string; state: string }[] } }).cart._data[0]?.id;
  expect(cartId).toBeTruthy();
  const read = await call(page, `${baseURL}/api/my/cart/${cartId}`);
  expect(read.status).toBe(200);
  expect((read.body as { cart: { _data: { state: string }[] } }).cart._data[0]?.state).toBe("pending");
});

test("'everything else is refused': an unlisted origin cannot read or write, and credentialed writes fail", async ({
  page,
  baseURL,
}) => {
  await openOrigin(page, unlistedOrigin);
  const read = await call(page, `${baseURL}/cached_api/events/available?_seller=harbour-museum`);
  expect(read.error).toContain("TypeError");
  const write = await call(page, `${baseURL}/api/my/cart?_seller=harbour-museum`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ channel_id: "web" }),
  });
  expect(write.error).toContain("TypeError");

  await openOrigin(page, LISTED);
  const credentialed = await call(page, `${baseURL}/api/my/cart?_seller=harbour-museum`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ channel_id: "web" }),
  });
  expect(credentialed.error).toContain("TypeError");
});
