/**
 * `npm run verify` (scripts/verify.mjs), what `npm test` and CI run: the README's "typecheck,
 * lint, unit, integration, build, e2e", each once. The type check leaves a core idle, so lint and
 * unit run beside it; the build runs after it (both write `.astro/`), beside the integration
 * tests, and before e2e. A failed step fails the run and names itself.
 */
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { runCommand, runPlan, VERIFY_PLAN } from "../../../scripts/verify.mjs";

type Plan = string[][][];
const stageOf = (plan: Plan, name: string) =>
  plan.findIndex((stage) => stage.some((lane) => lane.includes(name)));
const quiet = () => undefined;

describe("npm run verify", () => {
  it("runs each of typecheck, lint, unit, integration, build and e2e once; the type check beside lint and unit, the build after it beside integration, e2e last", () => {
    const plan: Plan = VERIFY_PLAN;
    const steps = plan.flat(2);
    expect([...steps].sort()).toEqual(
      ["build", "lint", "test:e2e", "test:integration", "test:unit", "typecheck"].sort(),
    );
    expect(stageOf(plan, "typecheck")).toBe(stageOf(plan, "test:unit"));
    expect(stageOf(plan, "lint")).toBe(stageOf(plan, "test:unit"));
    expect(stageOf(plan, "build")).toBeGreaterThan(stageOf(plan, "typecheck"));
    expect(stageOf(plan, "build")).toBe(stageOf(plan, "test:integration"));
    expect(stageOf(plan, "test:e2e")).toBeGreaterThan(stageOf(plan, "build"));
    expect(stageOf(plan, "test:e2e")).toBe(plan.length - 1);
  });

  it("runs a stage's lanes side by side: the first lane's step ends only once the second lane's has started", async () => {
    let secondStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    const order: string[] = [];
    const result = await runPlan([[["first"], ["second"]], [["after"]]], {
      log: quiet,
      step: async (name: string) => {
        order.push(`start ${name}`);
        if (name === "first") await started;
        if (name === "second") secondStarted();
        order.push(`end ${name}`);
        return { code: 0, output: "" };
      },
    });
    expect(result).toMatchObject({ ok: true, failed: [] });
    expect(order).toEqual([
      "start first",
      "start second",
      "end second",
      "end first",
      "start after",
      "end after",
    ]);
  });

  it("a failed step fails the run, names the step, lets its stage finish and starts no later stage", async () => {
    const ran: string[] = [];
    const logged: string[] = [];
    const result = await runPlan([[["lint", "unit"], ["typecheck"]], [["build"]]], {
      log: (line: string) => logged.push(line),
      step: async (name: string) => {
        ran.push(name);
        return name === "typecheck" ? { code: 2, output: "src/x.ts: error" } : { code: 0, output: "" };
      },
    });
    expect(result.ok).toBe(false);
    expect(result.failed).toEqual(["typecheck"]);
    expect(ran.sort()).toEqual(["lint", "typecheck", "unit"]);
    // The side lane's output is printed whole, with its exit code.
    expect(logged.join("\n")).toContain("----- typecheck (exit 2) -----\nsrc/x.ts: error");
  });

  it("a failed step ends its own lane: the next step of that lane does not run", async () => {
    const ran: string[] = [];
    const result = await runPlan([[["lint", "unit"]]], {
      log: quiet,
      step: async (name: string) => {
        ran.push(name);
        return { code: name === "lint" ? 1 : 0, output: "" };
      },
    });
    expect(result).toMatchObject({ ok: false, failed: ["lint"] });
    expect(ran).toEqual(["lint"]);
  });

  it("a command beside the first lane runs at a lower CPU priority, and its exit code and output are kept", async () => {
    const done = await runCommand(
      process.execPath,
      ["-e", "console.log('nice', require('node:os').getPriority()); console.error('err'); process.exit(3)"],
      { live: false },
    );
    expect(done.code).toBe(3);
    expect(done.output).toContain(`nice ${Math.min(19, getPriority() + 10)}`);
    expect(done.output).toContain("err");
  });

  it("a command killed by a signal counts as failed", async () => {
    const done = await runCommand(process.execPath, ["-e", "process.kill(process.pid, 'SIGKILL')"], {
      live: false,
    });
    expect(done.code).not.toBe(0);
  });
});
