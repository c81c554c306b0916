// `npm run bench:sign-in`: how long the production server takes to answer a wrong password, for an
// address that has an account and for one that has none, as someone probing the sign-in form
// would time it. Spawns `node server.ts` (run `npm run build` first) on a fresh embedded database,
// and on PostgreSQL too when BENCH_DATABASE_URL names a server (it creates and drops a database of
// its own there), registers a member for every four runs, then posts BENCH_RUNS (default 80)
// wrong passwords of each kind, the kinds taking turns, each from an address of its own and each
// account at most four times, so no rate limit answers instead. Prints p50/p95/range per kind and
// of the difference between the two in each round. Then, in this process on PGlite, the same
// checks without HTTP, counting the statements each sends to the database: Better Auth's
// `signInEmail` alone (what the sign-in action ran before ADR 17), and the action's checks now
// (app/services/sign-in-throttle.server.ts). The tables go to docs/benchmarks/, and every sample
// as JSON into a file of the same name beside them (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startReport } from "./bench-report.ts";
import {
  nextAddress,
  postForm,
  serveForForms,
  logTimingRow,
  registerMembers,
} from "./bench-forms.ts";
import { percentile } from "./statistics.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 80);
const ATTEMPTS_PER_ACCOUNT = 4;
const ACCOUNTS = Math.ceil(RUNS / ATTEMPTS_PER_ACCOUNT);
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const root = mkdtempSync(path.join(tmpdir(), "plukweide-bench-sign-in-"));
const report = startReport("sign-in", {
  engine: serverUrl ? "PGlite and PostgreSQL" : "PGlite",
});
const { log } = report;

// Every wrong password is hashed, whether the account exists or not: never under a millisecond.
function row(engine: string, label: string, samples: number[]) {
  logTimingRow(report, { setup: engine, label, samples, runs: RUNS, lowestP50Ms: 1 });
}

async function measure(engine: string, env: Record<string, string>) {
  const server = await serveForForms({ DATA_DIR: path.join(root, engine), ...env });
  try {
    const members = await registerMembers(server.url, ACCOUNTS, "the-right-password");
    // Warm-up: the first requests pay for loading code paths and the engine's caches.
    for (let index = 0; index < 5; index += 1) {
      await postForm(server.url, "/login", {
        email: `warm-${index}@bench.example`,
        password: "x".repeat(9),
      });
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const tries = [
        async () => {
          const email = members[run % ACCOUNTS] ?? "";
          const answer = await postForm(server.url, "/login", {
            email,
            password: `wrong-${run}-pw`,
          });
          if (answer.status !== 401) throw new Error(`a known account answered ${answer.status}`);
          known.push(answer.ms);
        },
        async () => {
          const email = `nobody-${run}@bench.example`;
          const answer = await postForm(server.url, "/login", {
            email,
            password: `wrong-${run}-pw`,
          });
          if (answer.status !== 401)
            throw new Error(`an unknown address answered ${answer.status}`);
          unknown.push(answer.ms);
        },
      ];
      // Alternate which goes first, so neither always follows the other.
      if (run % 2 === 1) tries.reverse();
      for (const attempt of tries) await attempt();
    }
    row(engine, "wrong password, account exists", known);
    row(engine, "wrong password, no such account", unknown);
    // Each round's pair was timed seconds apart, so their difference is little moved by the
    // machine's slower and faster moments.
    row(
      engine,
      "difference in the same round (exists − none)",
      known.map((ms, run) => ms - (unknown[run] ?? NaN)),
    );
    return { engine, known, unknown };
  } finally {
    await server.stop();
  }
}

log(
  `Node ${process.version}, ${RUNS} wrong passwords of each kind, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}\n`,
);
log("| engine | attempt | runs | p50 ms | p95 ms | range ms |");
log("|---|---|---|---|---|---|");
const results = [await measure("pglite", {})];
if (serverUrl) {
  const { adminQuery } = await import("./bench-meadows.ts");
  const name = `plukweide_bench_sign_in_${process.pid}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    results.push(
      await measure("postgres", {
        DATABASE_URL: url.href,
        AUTH_SECRET: "bench-sign-in-secret-that-is-long-enough-0123456789",
      }),
    );
  } finally {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}

/** A wrong password's work in this process, and the statements it sends, per kind of address. */
async function inProcess() {
  const { openPglite } = await import("../app/adapters/db.server.ts");
  const { createDatabaseLimits } = await import("../app/adapters/limits.server.ts");
  const { createLogger } = await import("../app/adapters/logger.server.ts");
  const { parseConfig } = await import("../app/env.server.ts");
  const { createAuth } = await import("../app/services/auth.server.ts");
  const { createSignInThrottle } = await import("../app/services/sign-in-throttle.server.ts");
  const handle = await openPglite(undefined);
  await handle.migrate();
  // Every statement drizzle sends to PGlite goes through its client's `query`.
  const client = (handle.db as unknown as { $client: { query: (...args: never[]) => unknown } })
    .$client;
  const query = client.query.bind(client);
  let statements = 0;
  client.query = (...args) => ((statements += 1), query(...args));
  const config = parseConfig(
    { APP_URL: "http://127.0.0.1:3000" },
    process.cwd(),
    () => "a-secret-for-the-benchmark-only-0123456789",
  );
  const logger = createLogger("silent");
  const mailer = { send: async () => {} };
  const auth = createAuth({ config, db: handle.db, mailer, logger });
  const throttle = createSignInThrottle({
    db: handle.db,
    limits: createDatabaseLimits(handle.db),
    mailer,
    logger,
    appUrl: config.appUrl,
  });
  const members: string[] = [];
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const email = `member-${index}@bench.example`;
    await auth.api.signUpEmail({ body: { name: "Bench Member", email, password: "right-pw-1" } });
    members.push(email);
  }
  const paths = {
    "Better Auth's signInEmail alone": async (email: string) => {
      await auth.api
        .signInEmail({ body: { email, password: "wrong-pw-1" }, headers: new Headers() })
        .catch(() => undefined);
    },
    "the sign-in action's checks": async (email: string) => {
      const gate = await throttle.admit({ ip: nextAddress(), email, device: undefined });
      if (gate.allowed && !(await throttle.passwordMatches(gate, "wrong-pw-1"))) {
        await throttle.failed(gate);
      }
    },
  };
  const samples: Record<string, { ms: number[]; statements: number[] }> = {};
  const sample = async (label: string, attempt: () => Promise<void>) => {
    const entry = (samples[label] ??= { ms: [], statements: [] });
    const before = statements;
    const started = performance.now();
    await attempt();
    entry.ms.push(performance.now() - started);
    entry.statements.push(statements - before);
  };
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, attempt] of Object.entries(paths)) {
      const kinds = [
        () => sample(`${name}, account exists`, () => attempt(members[run % ACCOUNTS] ?? "")),
        () => sample(`${name}, no such account`, () => attempt(`nobody-${run}@bench.example`)),
      ];
      if (run % 2 === 1) kinds.reverse();
      for (const kind of kinds) await kind();
    }
  }
  await handle.close();
  log("\n| in this process, PGlite | runs | statements | p50 ms | p95 ms |");
  log("|---|---|---|---|---|");
  for (const [label, { ms, statements: counts }] of Object.entries(samples)) {
    const sorted = [...ms].sort((a, b) => a - b);
    const distinct = [...new Set(counts)].sort((a, b) => a - b).join(" or ");
    log(
      `| ${label} | ${ms.length} | ${distinct} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} |`,
    );
  }
  return samples;
}

const inProcessSamples = await inProcess();
rmSync(root, { recursive: true, force: true });
report.attach(".json", JSON.stringify({ http: results, inProcess: inProcessSamples }, null, 2));
report.finish();
