// `npm run bench:relevance`: the judged query set of scripts/relevance/judged-queries.ts, asked
// of the meadows list's search as the list asks it (app/services/meadows/list-search.server.ts),
// on the demo meadows and on BENCH_ROWS generated ones (default 20,000), both on PGlite. Reports
// each query's first relevant rank and recall in the first ten, and their means: recall@10 and
// the mean reciprocal rank (MRR). BENCH_PLAIN=1 asks the words of each query as plain text
// instead, as the list searched before it read crops and places: the reference the set is
// compared with. Writes to docs/benchmarks/ (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startReport } from "./bench-report.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const PLAIN = process.env.BENCH_PLAIN === "1";
/** A fixed moment, so "open now" and the seasons read the same on every run. */
const NOW = new Date("2026-06-13T10:00:00Z");

const report = startReport("relevance", {
  engine: "PGlite",
  ...(PLAIN ? { variant: "plain" } : {}),
});
const { log } = report;

const { openPglite, queryRows } = await import("../app/adapters/db.server.ts");
const { createOfflineGeocoder } = await import("../app/adapters/geocoder-offline.server.ts");
const { createPlaceNames } = await import("../app/adapters/places.server.ts");
const { parseMeadowSearch } = await import("../app/lib/schemas/meadow-search.ts");
const { listSearch } = await import("../app/services/meadows/list-search.server.ts");
const { searchMeadows } = await import("../app/services/meadows/search.server.ts");
const { seedDemoData } = await import("../db/seed/demo.server.ts");
const { loadMeadows } = await import("./bench-meadows.ts");
const { BENCH_JUDGEMENTS, DEMO_JUDGEMENTS } = await import("./relevance/judged-queries.ts");
const { sql } = await import("drizzle-orm");

type Handle = Awaited<ReturnType<typeof openPglite>>;

const places = createPlaceNames();
const geocoder = createOfflineGeocoder();
const limits = {
  hit: async () => ({ allowed: true, retryAfter: 0 }),
  peek: async () => ({ allowed: true, retryAfter: 0 }),
  reset: async () => {},
};

async function firstTen(handle: Handle, query: string, language: "en" | "nl"): Promise<string[]> {
  const search = parseMeadowSearch(new URLSearchParams({ q: query }));
  if (PLAIN) {
    const plain = await searchMeadows(handle.db, {
      text: search.q,
      sort: "name",
      now: NOW,
      pageSize: 10,
    });
    return plain.items.map((item) => item.id);
  }
  const { result } = await listSearch(
    { db: handle.db, geocoder, places, limits, outsideGeocoder: false },
    search,
    { language, ip: "192.0.2.1", now: NOW, pageSize: 10 },
  );
  return result.items.map((item) => item.id);
}

interface Scored {
  query: string;
  lang: string;
  relevant: number;
  /** 1-based rank of the first relevant meadow; 0 when none came back. */
  rank: number;
  recall: number;
}

function score(query: string, lang: string, shown: string[], relevant: string[]): Scored {
  const wanted = relevant.slice(0, 10);
  const found = wanted.filter((id) => shown.includes(id)).length;
  const rank = shown.findIndex((id) => relevant.includes(id)) + 1;
  return {
    query,
    lang,
    relevant: wanted.length,
    rank,
    recall: wanted.length === 0 ? 1 : found / wanted.length,
  };
}

function table(label: string, scores: Scored[]) {
  const recall = scores.reduce((sum, entry) => sum + entry.recall, 0) / scores.length;
  const mrr =
    scores.reduce((sum, entry) => sum + (entry.rank ? 1 / entry.rank : 0), 0) / scores.length;
  const unanswered = scores.filter((entry) => entry.rank === 0);
  log(`\n## ${label}: ${scores.length} queries\n`);
  log(`recall@10 ${recall.toFixed(3)}, MRR ${mrr.toFixed(3)}, unanswered ${unanswered.length}\n`);
  log("| query | language | relevant | first relevant at | recall@10 |");
  log("| --- | --- | --: | --: | --: |");
  for (const entry of scores) {
    log(
      `| ${entry.query} | ${entry.lang} | ${entry.relevant} | ${entry.rank || "none"} | ${entry.recall.toFixed(2)} |`,
    );
  }
  report.within(
    `${label}: queries answered`,
    scores.length - unanswered.length,
    PLAIN ? 0 : 1,
    scores.length,
  );
  return { recall, mrr, unanswered: unanswered.length };
}

async function withPglite<T>(run: (handle: Handle) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "plukweide-relevance-"));
  const handle = await openPglite(path.join(dir, "db"));
  try {
    await handle.migrate();
    return await run(handle);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const demo = await withPglite(async (handle) => {
  await seedDemoData(handle.db);
  const scores: Scored[] = [];
  for (const { query, lang, relevant } of DEMO_JUDGEMENTS) {
    scores.push(score(query, lang, await firstTen(handle, query, lang), relevant));
  }
  return table("demo meadows", scores);
});

const bench = await withPglite(async (handle) => {
  const started = performance.now();
  await loadMeadows(handle.db, ROWS);
  log(
    `\nloaded ${ROWS.toLocaleString("en")} generated meadows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const scores: Scored[] = [];
  for (const { query, lang, truth } of BENCH_JUDGEMENTS) {
    // Great-circle distance written out, not the app's earth index: the truth stands apart.
    const order = truth.near
      ? sql`6371 * 2 * asin(sqrt(power(sin(radians(lat - ${truth.near[0]}) / 2), 2) +
          cos(radians(${truth.near[0]})) * cos(radians(lat)) *
          power(sin(radians(lng - ${truth.near[1]}) / 2), 2))), id`
      : sql`sort_name, id`;
    const rows = await queryRows<{ id: string }>(
      handle.db,
      sql`select id from meadows
          where (${truth.crop ?? null}::text is null or crops @> array[${truth.crop ?? ""}]::text[])
            and (${truth.name ?? null}::text is null or search_text like '%' || ${truth.name ?? ""} || '%')
          order by ${order} limit 10`,
    );
    const relevant = rows.map((row) => row.id);
    scores.push(score(query, lang, await firstTen(handle, query, lang), relevant));
  }
  return table(`generated meadows (${ROWS.toLocaleString("en")})`, scores);
});

log(
  `\n| data | recall@10 | MRR | unanswered |\n| --- | --: | --: | --: |\n` +
    `| demo meadows | ${demo.recall.toFixed(3)} | ${demo.mrr.toFixed(3)} | ${demo.unanswered} |\n` +
    `| generated meadows | ${bench.recall.toFixed(3)} | ${bench.mrr.toFixed(3)} | ${bench.unanswered} |`,
);
report.finish();
