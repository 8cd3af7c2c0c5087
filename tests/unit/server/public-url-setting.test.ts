/**
 * PUBLIC_URL is the origin mail links are built from (DESIGN §5). Production refuses one that says
 * more than an origin (config/startup.ts); this is the parse that tells it apart.
 */
import { describe, expect, it } from "vitest";
import { publicUrlSetting } from "../../../src/lib/server/config/origins.ts";

const setting = (PUBLIC_URL: string) => publicUrlSetting({ PUBLIC_URL });

describe("PUBLIC_URL, parsed", () => {
  it("an origin, with or without its trailing slash, is just that origin", () => {
    for (const value of [
      "https://tickets.example.com",
      "https://tickets.example.com/",
      " https://Tickets.Example.com:8443 ",
    ]) {
      const parsed = setting(value);
      expect(parsed, value).toMatchObject({ kind: "valid", https: true, beyondOrigin: false });
    }
    expect(setting("https://Tickets.Example.com:8443")).toMatchObject({
      origin: "https://tickets.example.com:8443",
    });
  });

  it("a path, a query or a fragment (even an empty '?' or '#') is more than an origin", () => {
    for (const value of [
      "https://tickets.example.com/shop",
      "https://tickets.example.com/shop/",
      "https://tickets.example.com/?a=1",
      "https://tickets.example.com?",
      "https://tickets.example.com#top",
      "https://tickets.example.com/#",
    ]) {
      expect(setting(value), value).toMatchObject({ kind: "valid", beyondOrigin: true });
    }
  });

  it("credentials, another scheme or no host name are not a PUBLIC_URL at all", () => {
    for (const value of [
      "https://user:secret@tickets.example.com",
      "https://user@tickets.example.com",
      "ftp://x.example",
      "tickets.example.com",
    ]) {
      expect(setting(value).kind, value).toBe("invalid");
    }
  });
});
