import { stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { unlessMissing } from "../../../src/lib/server/http/missing-file.ts";

describe("unlessMissing", () => {
  it("answers the stand-in for a file that is not there", async () => {
    expect(await unlessMissing(stat("/no/such/file/here"), null)).toBeNull();
    expect(await unlessMissing(stat(`/tmp/${"x".repeat(5000)}`), null)).toBeNull();
  });

  it("throws any other failure, so a fault is not taken for a missing file", async () => {
    const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    await expect(unlessMissing(Promise.reject(denied), null)).rejects.toBe(denied);
  });

  it("answers the result of a read that succeeds", async () => {
    expect((await unlessMissing(stat("/tmp"), null))?.isDirectory()).toBe(true);
  });
});
