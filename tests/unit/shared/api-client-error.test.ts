/**
 * The one client error type and the one way from it to the shopper's words (spec §8: "400-499
 * show the first _data item's _description"; otherwise the screen's generic text). The error
 * module carries no zod, so the islands can load it with the page; reading an error response
 * (with the contract's schema) loads with the client.
 */
import { describe, expect, it } from "vitest";
import { ApiContractError, errorFromResponse } from "../../../src/lib/api/error-response.ts";
import { ApiClientError, failureOf, shopperMessage, UNEXPECTED_ERROR } from "../../../src/lib/api/errors.ts";
import { firstModuleGraph } from "../../helpers/module-imports.ts";

const entry = { _code: "code_not_found", _context: "reserve", _description: "No such code.", _extra: {} };
const failed = (status: number, description = entry._description) =>
  new ApiClientError(status, [{ ...entry, _description: description }]);

describe("the error module", () => {
  it("loads no zod, so an island may import it with its first module graph", () => {
    const graph = [...firstModuleGraph("src/lib/api/errors.ts")];
    expect(graph.filter((m) => m === "zod" || m.startsWith("zod/"))).toEqual([]);
  });

  it("builds the typed error from a contract body, and a generic one from any other", async () => {
    const json = (body: unknown, status: number) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const fromContract = await errorFromResponse(json({ _data: [entry] }, 404));
    expect(fromContract).toBeInstanceOf(ApiClientError);
    expect([fromContract.status, fromContract.code, fromContract.description]).toEqual([
      404,
      "code_not_found",
      "No such code.",
    ]);
    const notFound = await errorFromResponse(new Response("<html>", { status: 404 }));
    expect([notFound.code, notFound.description]).toEqual(["not_found", "HTTP 404"]);
    const proxy = await errorFromResponse(json({ message: "down" }, 502));
    expect([proxy.code, proxy.description]).toEqual(["unknown_error", "HTTP 502"]);
  });

  it("reads a failure with instanceof: anything but an API answer is status 0, code unexpected", () => {
    expect(failureOf(failed(409))).toEqual({
      status: 409,
      code: "code_not_found",
      description: "No such code.",
      extra: {},
    });
    const lookalike = { name: "ApiClientError", status: 409, code: "x", description: "d", extra: {} };
    for (const other of [new TypeError("Failed to fetch"), lookalike, null, "x"])
      expect(failureOf(other)).toEqual({ status: 0, code: "unexpected", description: "", extra: {} });
    expect(failureOf(new ApiContractError("cart", "bad")).status).toBe(502);
  });

  it("gives the shopper a 4xx's description, and the screen's text for anything else", () => {
    const fallback = "Sorry, something unexpected happened. Please try again later.";
    expect(shopperMessage(failed(400), fallback)).toBe("No such code.");
    expect(shopperMessage(failed(499), fallback)).toBe("No such code.");
    expect(shopperMessage(failed(409, "  "), fallback)).toBe(fallback);
    expect(shopperMessage(failed(500), fallback)).toBe(fallback);
    expect(shopperMessage(failed(399), fallback)).toBe(fallback);
    expect(shopperMessage(new ApiClientError(0, []), fallback)).toBe(fallback);
    expect(new ApiClientError(0, []).description).toBe(UNEXPECTED_ERROR);
    expect(shopperMessage(new Error("bug"), fallback)).toBe(fallback);
  });
});
