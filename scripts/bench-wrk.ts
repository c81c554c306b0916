// wrk (Debian's package) as the HTTP benchmarks run it: its command and what its report says.
import { spawn } from "node:child_process";
import type { BenchReport } from "./bench-report.ts";

export interface WrkRun {
  base: string;
  connections: number;
  seconds: number;
  /** A Lua script that makes each request (wrk's `request` function). */
  script: string;
  headers?: string[];
}

/**
 * wrk's report with `--latency`; throws when wrk fails. Asynchronous, so servers that live in the
 * benchmark's own process (the cluster's object store, the SMTP sink) keep answering meanwhile.
 */
export async function runWrk({
  base,
  connections,
  seconds,
  script,
  headers = [],
}: WrkRun): Promise<string> {
  const child = spawn(
    "wrk",
    [
      "-t2",
      `-c${connections}`,
      `-d${seconds}s`,
      "--latency",
      "--timeout",
      "10s",
      ...headers.flatMap((header) => ["-H", header]),
      "-s",
      script,
      base,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  // wrk reports a broken script on stderr and then runs without it, still exiting with 0.
  if (status !== 0 || stderr.trim()) throw new Error(`wrk failed: ${stderr}`);
  return stdout;
}

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50: string;
  p99: string;
  /** Answers outside 2xx/3xx and connections that failed. */
  errors: number;
}

export function parseWrk(output: string): WrkResult {
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p50 = /^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? "?";
  const p99 = /^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? "?";
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  if (!(requests > 0) || !(requestsPerSecond > 0)) {
    throw new Error(`wrk measured nothing:\n${output}`);
  }
  return { requests, requestsPerSecond, p50, p99, errors: non2xx + socketErrors };
}

/** wrk's latency (`12.34ms`, `1.20s`, `870.00us`) in milliseconds. */
export function milliseconds(latency: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(latency);
  if (!match) return NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[
    match[2] as "us" | "ms" | "s" | "m"
  ];
}

/**
 * What no working run reports: latencies that cannot be read, a p99 below the p50 or past wrk's
 * timeout, or answers that were mostly errors (a wrong address, a server that failed to start).
 */
export function checkWrk(
  report: Pick<BenchReport, "within">,
  label: string,
  result: WrkResult,
): void {
  const p50 = milliseconds(result.p50);
  report.within(`${label}: p50 in ms`, p50, 0.001, 10_000);
  report.within(`${label}: p99 in ms`, milliseconds(result.p99), p50, 10_000);
  report.within(`${label}: share of errors`, result.errors / result.requests, 0, 0.5);
}
