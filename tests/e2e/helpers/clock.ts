/**
 * The e2e suite's clock (DESIGN §8: "e2e servers take a fixed clock, and the suite passes at any
 * hour and on a daylight-saving change day"). Each test server starts its clock at a fixed instant
 * (FOYER_NOW, see tests/e2e/clock-runs.ts) and every browser context installs Playwright's clock at
 * the same instant (tests/e2e/fixtures.ts), so "today", the open sessions and the sold-out patterns
 * of the demo data are the same on every run. A test that computes a date or an hour takes it from
 * testNow(), never from the wall clock.
 *
 * Both clocks then run forward in real time (holds expire, timers tick). A server starts with the
 * run, so it is ahead of a browser by at most the run's duration: the suite's instants are all at
 * least 30 minutes before a local midnight, and so must be any instant given in E2E_NOW.
 */
import { test } from "@playwright/test";
import { E2E_NOW } from "../clock-runs.ts";

/** The running test's instant: its project's `foyerNow` (the FOYER_NOW of the server it runs against). */
export function testNow(): Date {
  const use = test.info().project.use as { foyerNow?: string };
  return new Date(use.foyerNow ?? E2E_NOW);
}
