// What the form benchmarks (bench:sign-in, bench:forgot-password) share: the production build on
// a port of its own, and a form posted as a browser would, each from a client address of its own.
import { spawn } from "node:child_process";
import type { BenchReport } from "./bench-report.ts";
import { percentile } from "./statistics.ts";

let addresses = 0;
/** Each request from an address of its own, in X-Forwarded-For (see TRUSTED_PROXIES below). */
export function nextAddress(): string {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** Posts `form` to `target` as a browser's form would; the answer's status and time. */
export async function postForm(base: string, target: string, form: Record<string, string>) {
  const url = new URL(target, base);
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "x-forwarded-for": nextAddress(), origin: url.origin, "accept-language": "en" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** The production build on a random port, healthy; `env` adds to or overrides its settings. */
export async function serveForForms(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      // Each request says its own address, as a proxy on loopback would.
      TRUSTED_PROXIES: "127.0.0.1",
      ...env,
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Registers `count` members through the form; their addresses, all with the same password. */
export async function registerMembers(base: string, count: number, password: string) {
  const members: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `member-${index}@bench.example`;
    const answer = await postForm(base, "/register", {
      name: "Bench Member",
      email,
      password,
      confirmPassword: password,
    });
    if (answer.status !== 302) throw new Error(`registering answered ${answer.status}`);
    members.push(email);
  }
  return members;
}

/**
 * One table row of answer times: runs, p50, p95 and range, checked to have `runs` samples and,
 * unless it is a difference of two, a p50 of at least `lowestP50Ms`.
 */
export function logTimingRow(
  report: BenchReport,
  {
    setup,
    label,
    samples,
    runs,
    lowestP50Ms,
  }: {
    setup: string;
    label: string;
    samples: number[];
    runs: number;
    lowestP50Ms: number;
  },
) {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  report.within(`${setup}, ${label}: runs`, samples.length, runs, runs);
  if (!label.startsWith("difference")) {
    report.within(`${setup}, ${label}: p50 ms`, percentile(sorted, 50), lowestP50Ms, 10_000);
  }
  report.log(
    `| ${setup} | ${label} | ${samples.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted[0] ?? NaN)}–${ms(sorted.at(-1) ?? NaN)} |`,
  );
}
