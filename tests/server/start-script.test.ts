import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freshDataDir } from "../support/app-process";

/** `npm start` (scripts/start.ts): the server in a process of its own, with its memory settings. */
describe("npm start", () => {
  function start(env: Record<string, string>) {
    const starter = spawn(process.execPath, ["scripts/start.ts"], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: "127.0.0.1",
        DATA_DIR: freshDataDir(),
        SEED_DEMO: "false",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => starter.on("exit", resolve));
    let output = "";
    starter.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    starter.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const printed = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const look = () => {
          const match = pattern.exec(output);
          if (match) resolve(match);
          else if (starter.exitCode !== null) reject(new Error(`exited: ${output}`));
          else setTimeout(look, 50);
        };
        look();
      });
    return { starter, exited, printed, output: () => output };
  }

  it("serves with the memory settings of ADR 20 and stops cleanly on SIGTERM", async () => {
    const { starter, exited, printed, output } = start({ PORT: "0", LOG_LEVEL: "info" });
    const [line] = await printed(/^\{.*"msg":"listening".*\}$/m);
    const server = JSON.parse(line) as { port: number; pid: number };
    expect(server.pid).not.toBe(starter.pid);
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    const args = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0");
    expect(args).toContain("--max-semi-space-size=16");
    const environment = readFileSync(`/proc/${server.pid}/environ`, "utf8").split("\0");
    expect(environment).toContain("MALLOC_ARENA_MAX=2");
    expect(environment).toContain("MALLOC_MMAP_THRESHOLD_=131072");

    starter.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output()).toContain('"msg":"stopped"');
  });

  it("without LOG_LEVEL says in plain lines where it runs and where mail goes, and no more", async () => {
    const port = await freePort();
    const { starter, exited, printed, output } = start({ PORT: String(port) });
    await printed(new RegExp(`^Plukweide is running at http://localhost:${port}$`, "m"));
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/no/such/page`)).status).toBe(404);
    starter.kill("SIGTERM");
    expect(await exited).toBe(0);
    const lines = output().trimEnd().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^Mail is written to \S+\/mail, not sent; set SMTP_URL to send it\.$/),
      `Plukweide is running at http://localhost:${port}`,
      "Plukweide has stopped.",
    ]);
  });
});

/** A port nothing listens on now, for an address to be known before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
