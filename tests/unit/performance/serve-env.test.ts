import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { prepareServeEnv, SERVER_NODE_FLAGS } from "../../../scripts/serve-env.mjs";
import { foyerMode } from "../../../src/lib/server/config/mode.ts";

describe("serve.mjs environment (React's production build; DESIGN §5: `npm start` with nothing set is the demo)", () => {
  it("with nothing set: demo mode, and React in its production build", () => {
    const env: NodeJS.ProcessEnv = {};
    prepareServeEnv(env);
    expect(env.NODE_ENV).toBe("production");
    expect(foyerMode(env)).toBe("demo");
  });

  it("NODE_ENV=production without FOYER_MODE stays production mode", () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: "production" };
    prepareServeEnv(env);
    expect(foyerMode(env)).toBe("production");
  });

  it("a FOYER_MODE or NODE_ENV that is set is left as it is", () => {
    const explicit: NodeJS.ProcessEnv = { FOYER_MODE: "production" };
    prepareServeEnv(explicit);
    expect(foyerMode(explicit)).toBe("production");
    expect(explicit.NODE_ENV).toBe("production");
    const development: NodeJS.ProcessEnv = { NODE_ENV: "development" };
    prepareServeEnv(development);
    expect(development.NODE_ENV).toBe("development");
    expect(foyerMode(development)).toBe("demo");
  });
});

describe("the server's Node flags (a young generation sized for page renders)", () => {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
    .scripts;

  it("`npm start` and `npm run serve` start the server with the flags the bench uses", () => {
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const name of ["start", "serve"]) {
      expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/serve.mjs`);
    }
  });
});
