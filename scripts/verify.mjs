// `npm run verify`, what `npm test` and CI run: typecheck, lint, unit, integration, build, e2e.
//
// The suite is bound by the CPU of its 2 cores, so what saves time is filling a core left idle.
// `astro check` leaves about one idle for most of its minute: lint and the unit tests run beside
// it, at a lower CPU priority (nice 10), so they fill the idle core instead of slowing the check
// down. The build runs the same way beside the integration tests (after the check: both write
// `.astro/`), in the gaps between their files. A stage ends when all its lanes have ended; a
// failed step stops the run after its stage, naming the step.
//
// The first lane of a stage prints as it goes; another lane's output is printed whole when it ends,
// so the logs do not interleave.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { fileURLToPath } from "node:url";

/** Stages in order; a stage's lanes run side by side; a lane's npm scripts run one after another. */
export const VERIFY_PLAN = [
  [["typecheck"], ["lint", "test:unit"]],
  [["test:integration"], ["build"]],
  [["test:e2e"]],
];

/** How much lower the CPU priority of a lane beside the first is (its processes inherit it). */
const BESIDE_NICENESS = 10;
/** coreutils' nice, on every Debian system. */
const NICE = "/usr/bin/nice";

/**
 * Runs one command. `live`: its output goes straight to ours, at our priority; otherwise it runs
 * at a lower priority and its output is kept and returned.
 * @returns {Promise<{ code: number, output: string }>}
 */
export function runCommand(command, args, { live }) {
  return new Promise((resolve) => {
    // `nice` lowers the priority before the command starts, so the command and every process it
    // starts run at it from their first instruction. Renicing the child after spawn raced with
    // the child: a check that read its own priority at once sometimes still saw ours.
    const lowered = !live && existsSync(NICE);
    const child = lowered
      ? spawn(NICE, ["-n", String(BESIDE_NICENESS), command, ...args], { stdio: ["ignore", "pipe", "pipe"] })
      : spawn(command, args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"] });
    // Without `nice` the step still runs, reniced after it started; failing that, at our
    // priority: say so rather than fail the suite.
    if (!live && !lowered && child.pid) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + BESIDE_NICENESS));
      } catch (error) {
        console.warn(`verify: ${args.join(" ")} runs at our CPU priority (${String(error)})`);
      }
    }
    const chunks = [];
    child.stdout?.on("data", (c) => chunks.push(c));
    child.stderr?.on("data", (c) => chunks.push(c));
    child.on("error", (error) => resolve({ code: 1, output: `${String(error)}\n` }));
    // A command killed by a signal has no exit code: it failed.
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * Runs the plan. `step(name, live)` runs one step; the default runs `npm run <name>`.
 * @returns {Promise<{ ok: boolean, failed: string[], times: Array<[string, number]> }>}
 */
export async function runPlan(
  plan,
  {
    step = (name, live) => runCommand("npm", ["run", name], { live }),
    log = (line) => console.log(line),
    elapsed = () => performance.now(),
  } = {},
) {
  const times = [];
  for (const stage of plan) {
    const failed = [];
    await Promise.all(
      stage.map(async (lane, index) => {
        const live = index === 0;
        for (const name of lane) {
          if (!live)
            log(`verify: ${name} runs beside ${stage[0].join(", ")}; its output follows when it ends`);
          const start = elapsed();
          const { code, output } = await step(name, live);
          times.push([name, elapsed() - start]);
          if (!live)
            log(`\n----- ${name} (exit ${code}) -----\n${output.trimEnd()}\n----- end of ${name} -----\n`);
          if (code !== 0) {
            failed.push(name);
            return;
          }
        }
      }),
    );
    if (failed.length > 0) return { ok: false, failed, times };
  }
  return { ok: true, failed: [], times };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const result = await runPlan(VERIFY_PLAN);
  const summary = result.times.map(([name, ms]) => `${name} ${seconds(ms)}`).join(", ");
  const total = seconds(performance.now() - started);
  if (result.ok) console.log(`\nverify: passed in ${total} (${summary})`);
  else console.error(`\nverify: FAILED: ${result.failed.join(", ")} (after ${total}: ${summary})`);
  process.exit(result.ok ? 0 : 1);
}
