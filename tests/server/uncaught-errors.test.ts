import path from "node:path";
import { describe, expect, it } from "vitest";
import { spawnApp } from "../support/app-process";

const failOnSignal = path.resolve("tests/support/fail-on-signal.ts");

describe("an error nothing catches", () => {
  for (const [kind, message, error] of [
    ["exception", "uncaught exception", "an exception for the test"],
    ["rejection", "unhandled rejection", "a rejection for the test"],
  ] as const) {
    it(`is logged as fatal and ends the process non-zero: ${kind}`, async () => {
      const app = await spawnApp({
        NODE_OPTIONS: `--import=${failOnSignal}`,
        FAIL_WITH: kind,
      }).ready;
      try {
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
        app.child.kill("SIGUSR2");
        expect(await app.exited).toBe(1);
        const fatal = app.logLines().filter((line) => line.level === "fatal");
        expect(fatal).toHaveLength(1);
        expect(fatal[0]).toMatchObject({ msg: message, err: { message: error } });
      } finally {
        await app.stop();
      }
    });
  }
});
