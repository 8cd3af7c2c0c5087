import { describe, expect, it } from "vitest";
import { usableHostHeader } from "../../../src/lib/server/http/host-header.mjs";

describe("a Host header a request URL can be built from", () => {
  it("host names and IP literals, with or without a port, are usable", () => {
    for (const host of [
      "127.0.0.1:4321",
      "localhost",
      "tickets.harbour-museum.example",
      "Tickets.Harbour-Museum.Example:443",
      "[::1]:4321",
      "my_host.local",
    ]) {
      expect(usableHostHeader(host), host).toBe(true);
    }
  });

  it("regression: 'a@b' (user information) gave a 500 on every route; it, and any path, query, fragment, backslash or white space, is not a host", () => {
    for (const host of [
      "a@b",
      "user:pass@tickets.example",
      "@tickets.example",
      "tickets.example/path",
      "tickets.example?x",
      "tickets.example#x",
      "tickets.example\\x",
      "tickets example",
      "tickets.example\t",
      "tickets.example:port",
      "tickets.example:123456",
      "",
      ":4321",
      "[not-ipv6]",
      `${"a".repeat(301)}`,
    ]) {
      expect(usableHostHeader(host), JSON.stringify(host)).toBe(false);
    }
  });
});
