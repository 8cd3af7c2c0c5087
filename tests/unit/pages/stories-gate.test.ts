/**
 * Spec 2 §2 "/_stories | Component gallery, outside production only": the pages answer 404 in
 * production mode (config/mode.ts), like the mailbox.
 */
import { describe, expect, it } from "vitest";
import { storiesEnabled } from "../../../src/lib/server/config/stories.ts";
import {
  findStory,
  isIslandStory,
  isStoryTenant,
  STORIES,
  STORY_TENANTS,
  storyPath,
} from "../../../src/stories/registry.ts";

describe("component gallery gate (spec 2 §2: outside production only)", () => {
  it("serves the gallery in demo mode", () => {
    expect(storiesEnabled({})).toBe(true);
    expect(storiesEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(storiesEnabled({ FOYER_MODE: "demo", NODE_ENV: "production" })).toBe(true);
  });

  it("answers 404 in production mode, and for an unknown mode (the strict side)", () => {
    expect(storiesEnabled({ NODE_ENV: "production" })).toBe(false);
    expect(storiesEnabled({ FOYER_MODE: "production" })).toBe(false);
    expect(storiesEnabled({ FOYER_MODE: "production", NODE_ENV: "development" })).toBe(false);
    expect(storiesEnabled({ FOYER_MODE: "prod" })).toBe(false);
  });
});

describe("story registry", () => {
  it("names every story once, with a path per tenant theme", () => {
    const ids = STORIES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(storyPath("riverside-zoo", "calendar")).toBe("/_stories/riverside-zoo/calendar");
    expect(STORY_TENANTS).toEqual(["harbour-museum", "riverside-zoo"]);
  });

  it("finds stories and tenants by name, and nothing else", () => {
    expect(findStory("seat-map")?.kind).toBe("island");
    expect(findStory("nope")).toBeUndefined();
    expect(isStoryTenant("harbour-museum")).toBe(true);
    expect(isStoryTenant("elsewhere")).toBe(false);
    expect(isIslandStory("basics")).toBe(false);
    expect(isIslandStory("membership-form")).toBe(true);
  });
});
