import { describe, expect, it } from "vitest";
import { assetRefs } from "../../../src/islands/admin/gate/precache.ts";

const page = "http://gate.test/harbour-museum/admin/gate";
const chunk = "http://gate.test/_astro/GateScanner.abc.js";

describe("the gate's assets kept for offline", () => {
  it("are the page's hashed stylesheets, fonts and island scripts", () => {
    const html = `<link rel="stylesheet" href="/_astro/admin.X1.css"><link rel="preload" href="/_astro/font.Y2.woff2">
      <astro-island component-url="/_astro/GateScanner.abc.js" renderer-url="/_astro/client.Z3.js"></astro-island>
      <link rel="icon" href="/harbour-museum/favicon.svg">`;
    expect(assetRefs(html, page).sort()).toEqual([
      "http://gate.test/_astro/GateScanner.abc.js",
      "http://gate.test/_astro/admin.X1.css",
      "http://gate.test/_astro/client.Z3.js",
      "http://gate.test/_astro/font.Y2.woff2",
    ]);
  });

  it("follow a script's static and lazy imports, minified with any quotes, and its ?url files such as the .wasm", () => {
    const js =
      'import{j as e}from"./react.R1.js";const d=()=>import(`./ponyfill.P2.js`),w=`/_astro/zxing_reader.W3.wasm`;';
    expect(assetRefs(js, chunk).sort()).toEqual([
      "http://gate.test/_astro/ponyfill.P2.js",
      "http://gate.test/_astro/react.R1.js",
      "http://gate.test/_astro/zxing_reader.W3.wasm",
    ]);
  });

  it("follow a stylesheet's fonts, and never leave the hashed assets (the API, other pages)", () => {
    const css = "@font-face{src:url(/_astro/font.F1.woff2)}";
    expect(assetRefs(css, "http://gate.test/_astro/admin.X1.css")).toEqual([
      "http://gate.test/_astro/font.F1.woff2",
    ]);
    expect(assetRefs('fetch("/api/admin/gate/codes");import("../x.js")', chunk)).toEqual([]);
  });
});
