// What a bench server measures about itself around one timed HTTP run (scripts/bench-holds.mjs,
// bench-checkout.mjs): on { type: "run-start" } it notes its CPU time, and with BENCH_PROFILE=dir
// starts a CPU profile (open it in Chrome DevTools); on { type: "run-stop" } it answers
// { type: "run-stopped", cpuMs } and writes the profile as dir/{name}-{database}-{time}.cpuprofile.
// The run alone: the ceiling's SQL, the warm-up and the seeding stay out of both.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { cpuMsSince } from "./bench-ceiling.ts";

export function answerRunProbe(name: string, database: string): void {
  let profiler: Session | undefined;
  let started: NodeJS.CpuUsage | undefined;
  process.on("message", async (message: { type: string }) => {
    if (message.type === "run-start") {
      started = process.cpuUsage();
      const dir = process.env.BENCH_PROFILE;
      if (dir) {
        profiler = new Session();
        profiler.connect();
        await profiler.post("Profiler.enable");
        await profiler.post("Profiler.start");
      }
    }
    if (message.type === "run-stop") {
      const cpuMs = started ? cpuMsSince(started) : 0;
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        profiler.disconnect();
        profiler = undefined;
        const dir = process.env.BENCH_PROFILE ?? ".";
        mkdirSync(dir, { recursive: true });
        writeFileSync(`${dir}/${name}-${database}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
      }
      process.send?.({ type: "run-stopped", cpuMs });
    }
  });
}
