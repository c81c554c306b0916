import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freshDataDir } from "../support/app-process";

/** `npm start` (scripts/start.ts): the server in a process of its own, with its memory settings. */
describe("npm start", () => {
  it("serves with the memory settings of ADR 20 and stops cleanly on SIGTERM", async () => {
    const starter = spawn(process.execPath, ["scripts/start.ts"], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: freshDataDir(),
        SEED_DEMO: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => starter.on("exit", resolve));
    let output = "";
    const listening = new Promise<{ port: number; pid: number }>((resolve) => {
      starter.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        for (const line of output.split("\n")) {
          if (!line.startsWith("{")) continue;
          const entry = JSON.parse(line) as { msg?: string; port?: number; pid?: number };
          if (entry.msg === "listening") resolve({ port: entry.port!, pid: entry.pid! });
        }
      });
    });
    const server = await listening;
    expect(server.pid).not.toBe(starter.pid);
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    const args = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0");
    expect(args).toContain("--max-semi-space-size=16");
    const environment = readFileSync(`/proc/${server.pid}/environ`, "utf8").split("\0");
    expect(environment).toContain("MALLOC_ARENA_MAX=2");
    expect(environment).toContain("MALLOC_MMAP_THRESHOLD_=131072");

    starter.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  });
});
