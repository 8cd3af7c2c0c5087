/**
 * "A real camera test": a ticket bought through the API for a session of today, its scan code
 * drawn as a QR code into a video file that Chromium plays as its camera
 * (--use-file-for-fake-video-capture). The gate staff member names the gate, starts the camera:
 * Admitted; the camera started again reads the same ticket: Already admitted. A typed unknown code
 * is Not found, in red. Axe on the setup and on an answer.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import QRCode from "qrcode";
import { E2E_CHROMIUM } from "../../scripts/chromium-path.mjs";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { SELLER } from "./helpers/cart.ts";
import { watchCspViolations } from "./helpers/csp-guard.ts";
import { boughtTicketCode, today, tomorrow } from "./helpers/gate.ts";

const WIDTH = 320;
const HEIGHT = 240;
const FRAMES = 5;

/**
 * A y4m video (YUV4MPEG2, 4:2:0) of `text` as a QR code, black on white with a white margin: the
 * header line, then FRAME lines each followed by the Y plane and the two chroma planes (128: grey).
 */
function qrVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 2 * quiet));
  const side = modules.size * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * WIDTH + left + col * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: FRAMES }, () => frame),
  ]);
}

async function logInAsGate(page: Page) {
  await page.goto(`/${SELLER}/admin/login`);
  await page.getByLabel("E-mail address").fill("gate@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/admin$`));
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Gate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gate" })).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
}

async function nameTheGate(page: Page, name: string) {
  await page.getByLabel(/^Gate name/).fill(name);
  await page.getByRole("radio", { name: /^Everything today/ }).check();
  await page.getByRole("button", { name: "Start checking" }).click();
  await expect(page.getByText(`${name} checks everything today.`)).toBeVisible();
}

test("a ticket's QR code shown to the camera is admitted, and shown again is already admitted", async ({
  request,
}, testInfo) => {
  const code = await boughtTicketCode(request, today);

  const video = join(mkdtempSync(join(tmpdir(), "foyer-gate-")), "ticket.y4m");
  writeFileSync(video, qrVideo(code));
  const usual = testInfo.project.use.launchOptions?.args ?? [];
  const browser = await chromium.launch({
    executablePath: E2E_CHROMIUM.path,
    args: [
      ...usual,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 390, height: 844 },
    });
    const cspViolations = await watchCspViolations(context);
    const page = await context.newPage();
    await logInAsGate(page);
    await nameTheGate(page, "North gate");

    const answer = page.getByRole("region", { name: "Scan answer" });
    await page.getByRole("button", { name: "Start camera" }).click();
    await expect(page.getByText("The camera is on. Hold a code in view.")).toBeVisible();
    await expect(answer.getByRole("status")).toContainText("Admitted", { timeout: 15_000 });
    await expect(answer).toHaveClass(/gate-verdict--green/);
    await expect(page.getByRole("button", { name: "Undo admission…" })).toBeVisible();
    await expectNoSeriousAxe(page);

    // The code stays in view: one scan, not one per frame. Started again, the camera reads it anew.
    await page.getByRole("button", { name: "Stop camera" }).click();
    await expect(page.getByRole("region", { name: "Last scans" }).getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Start camera" }).click();
    await expect(answer.getByRole("alert")).toContainText("Already admitted", { timeout: 15_000 });
    await expect(answer.getByRole("alert")).toContainText("North gate");
    await expect(answer).toHaveClass(/gate-verdict--red/);
    await page.getByRole("button", { name: "Stop camera" }).click();
    expect(cspViolations, "CSP violations reported in the browser").toEqual([]);
  } finally {
    await browser.close();
  }
});

test("typed by hand: an unknown code is Not found in red; a ticket admitted is undone with a reason and admitted again; tomorrow's ticket is admitted anyway with a reason; the gate's name is remembered", async ({
  page,
  request,
}) => {
  const todays = await boughtTicketCode(request, today);
  const tomorrows = await boughtTicketCode(request, tomorrow);
  await logInAsGate(page);
  // Only the gate page may use the camera and compile the QR reader's WebAssembly.
  const gate = (await page.request.get(`/${SELLER}/admin/gate`)).headers();
  expect(gate["permissions-policy"]).toContain("camera=(self)");
  expect(gate["content-security-policy"]).toMatch(
    /script-src [^;]*'self'[^;]*'wasm-unsafe-eval'|script-src [^;]*'wasm-unsafe-eval'[^;]*'self'/,
  );
  const todayPage = (await page.request.get(`/${SELLER}/admin`)).headers();
  expect(todayPage["permissions-policy"]).toContain("camera=()");
  expect(todayPage["content-security-policy"]).not.toContain("wasm-unsafe-eval");
  await expectNoSeriousAxe(page);
  await nameTheGate(page, "East gate");
  await page.getByLabel("Code").fill(`NOPE-${randomUUID().slice(0, 8)}`);
  await page.getByRole("button", { name: "Check code" }).click();
  const answer = page.getByRole("region", { name: "Scan answer" });
  await expect(answer.getByRole("alert")).toContainText("Not found");
  await expect(answer).toHaveClass(/gate-verdict--red/);
  await expect(page.getByLabel("Code")).toHaveValue("");
  await expect(page.getByRole("heading", { level: 2, name: "Last scans" })).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.getByLabel("Code").fill(todays);
  await page.getByRole("button", { name: "Check code" }).click();
  await expect(answer.getByRole("status")).toContainText("Admitted");
  await page.getByRole("button", { name: "Undo admission…" }).click();
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByText("Say why the admission is undone.")).toBeVisible();
  await page.getByLabel("Reason to undo").fill("Scanned the wrong visitor");
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(answer.getByRole("status")).toHaveText("Admission undone. The ticket can be scanned again.");
  await expect(page.getByRole("region", { name: "Last scans" })).toContainText("Admitted (undone)");
  await page.getByLabel("Code").fill(todays);
  await page.getByRole("button", { name: "Check code" }).click();
  await expect(answer.getByRole("status")).toContainText("Admitted");

  await page.getByLabel("Code").fill(tomorrows);
  await page.getByRole("button", { name: "Check code" }).click();
  await expect(answer.getByRole("alert")).toContainText("Not for today");
  await expect(answer).toHaveClass(/gate-verdict--amber/);
  await expectNoSeriousAxe(page);
  await page.getByLabel("Reason to admit anyway").fill("Came a day early, tour group");
  await page.getByRole("button", { name: "Admit anyway" }).click();
  await expect(answer.getByRole("status")).toContainText("Admitted");

  await page.reload();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await expect(page.getByLabel(/^Gate name/)).toHaveValue("East gate");
});
