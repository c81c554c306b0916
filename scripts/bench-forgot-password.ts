// `npm run bench:forgot-password`: how long the production server takes to answer the
// forgot-password form for an address that has an account and for one that has none, as someone
// probing the form would time it. Spawns `node server.ts` (run `npm run build` first) on a fresh
// embedded database, and on PostgreSQL too when BENCH_DATABASE_URL names a server (it creates and
// drops a database of its own there); each engine twice, once writing mail to the outbox and once
// sending it to an SMTP server on loopback. Registers a member for every run, then posts
// BENCH_RUNS (default 60) requests of each kind, the kinds taking turns, each from an address of
// its own and for an account of its own, so no rate limit answers instead. Prints
// p50/p95/range per kind and of the difference in each round; the tables go to docs/benchmarks/
// and every sample as JSON beside them (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startSmtpServer } from "../tests/support/smtp-server.ts";
import { startReport } from "./bench-report.ts";
import { postForm, serveForForms, logTimingRow, registerMembers } from "./bench-forms.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
// Each account is asked for once, as each unknown address is: a rate-limit key seen before costs
// an update where a new one costs an insert, which would time the limits, not the form.
const MAILS_PER_ACCOUNT = 1;
const ACCOUNTS = Math.ceil(RUNS / MAILS_PER_ACCOUNT);
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const root = mkdtempSync(path.join(tmpdir(), "plukweide-bench-forgot-"));
const report = startReport("forgot-password", {
  engine: serverUrl ? "PGlite and PostgreSQL" : "PGlite",
  variant: process.env.BENCH_VARIANT || undefined,
});
const { log } = report;

function row(setup: string, label: string, samples: number[]) {
  logTimingRow(report, { setup: setup, label, samples, runs: RUNS, lowestP50Ms: 0.5 });
}

async function measure(setup: string, env: Record<string, string>, smtp: boolean) {
  const sink = smtp ? await startSmtpServer() : undefined;
  const server = await serveForForms({
    DATA_DIR: path.join(root, setup),
    ...env,
    ...(sink ? { SMTP_URL: sink.url } : {}),
  });
  try {
    const members = await registerMembers(server.url, ACCOUNTS, "the-right-password");
    // Warm-up: the first requests pay for loading code paths and the engine's caches.
    for (let index = 0; index < 5; index += 1) {
      await postForm(server.url, "/forgot-password", { email: `warm-${index}@bench.example` });
    }
    // Registration mails still on their way would slow the first runs.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const tries = [
        async () => {
          const email = members[run % ACCOUNTS] ?? "";
          const answer = await postForm(server.url, "/forgot-password", { email });
          if (answer.status !== 200) throw new Error(`a known account answered ${answer.status}`);
          known.push(answer.ms);
        },
        async () => {
          const email = `nobody-${run}@bench.example`;
          const answer = await postForm(server.url, "/forgot-password", { email });
          if (answer.status !== 200)
            throw new Error(`an unknown address answered ${answer.status}`);
          unknown.push(answer.ms);
        },
      ];
      if (run % 2 === 1) tries.reverse();
      for (const attempt of tries) await attempt();
      // The queued mail of one round goes out before the next round is timed.
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    row(setup, "account exists", known);
    row(setup, "no such account", unknown);
    row(
      setup,
      "difference in the same round (exists − none)",
      known.map((ms, run) => ms - (unknown[run] ?? NaN)),
    );
    return { setup, known, unknown };
  } finally {
    await server.stop();
    await sink?.close();
  }
}

log(
  `Node ${process.version}, ${RUNS} forgot-password requests of each kind, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}\n`,
);
log("| engine, mail | address | runs | p50 ms | p95 ms | range ms |");
log("|---|---|---|---|---|---|");
const results = [
  await measure("pglite, outbox", {}, false),
  await measure("pglite, smtp", {}, true),
];
if (serverUrl) {
  const { adminQuery } = await import("./bench-meadows.ts");
  for (const smtp of [false, true]) {
    const name = `plukweide_bench_forgot_${process.pid}_${smtp ? "smtp" : "outbox"}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      results.push(
        await measure(
          `postgres, ${smtp ? "smtp" : "outbox"}`,
          {
            DATABASE_URL: url.href,
            AUTH_SECRET: "bench-forgot-password-secret-that-is-long-enough-0123456789",
          },
          smtp,
        ),
      );
    } finally {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    }
  }
}
rmSync(root, { recursive: true, force: true });
report.attach(".json", JSON.stringify({ http: results }, null, 2));
report.finish();
