// `npm run bench:search`: loads BENCH_ROWS generated meadows (default 100,000) into a fresh
// database and reports p50/p95 latency of the meadow search and the map's viewport query, as the
// app calls them (app/services/meadows/), over BENCH_RUNS runs per query shape with
// varying parameters, the shapes taking turns. Runs on PGlite in a temporary directory, and on
// PostgreSQL too when BENCH_DATABASE_URL names a server (it creates and drops a database of its own
// there). BENCH_ENGINES=postgres (or pglite) runs one of them only; BENCH_KEEP=1 keeps the
// PostgreSQL database (its name is printed) for a look with psql. BENCH_REUSE=<name> uses (and
// keeps) the PostgreSQL database of that name, loading it only when it does not hold BENCH_ROWS
// meadows yet: loading 1,000,000 takes minutes. BENCH_PGLITE_DIR=<folder> does the same for PGlite:
// its files stay in that folder (1.25 GB at 1,000,000 meadows). BENCH_SHAPES=<words> runs only the
// query shapes whose names contain one of the comma-separated words. Prints EXPLAIN (ANALYZE,
// BUFFERS) of the text, distance and viewport queries.
import "./resolve-ts.ts";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { SQL } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../app/adapters/db.server.ts";
import type { ViewportRead } from "../app/services/meadows/viewport.server.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const CHUNK = 50_000;
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const reuse = process.env.BENCH_REUSE || undefined;
const shapeFilter = process.env.BENCH_SHAPES?.split(",").filter(Boolean);
const engines = (process.env.BENCH_ENGINES ?? (serverUrl ? "pglite,postgres" : "pglite")).split(
  ",",
);

const { openPglite, openPostgres, queryRows } = await import("../app/adapters/db.server.ts");
const { searchMeadows } = await import("../app/services/meadows/search.server.ts");
const { viewportMeadows } = await import("../app/services/meadows/viewport.server.ts");
const { parsePriceAmount } = await import("../app/services/price.ts");
const { sql } = await import("drizzle-orm");

/* Generated data: meadows spread around real towns, more of them near the bigger ones. */

const TOWNS: [country: string, city: string, lat: number, lng: number][] = [
  ["NL", "Amsterdam", 52.37, 4.9],
  ["NL", "Utrecht", 52.09, 5.12],
  ["NL", "Lisse", 52.26, 4.56],
  ["NL", "Groningen", 53.22, 6.57],
  ["NL", "Zwolle", 52.51, 6.09],
  ["NL", "Eindhoven", 51.44, 5.48],
  ["NL", "Middelburg", 51.5, 3.61],
  ["NL", "Nijmegen", 51.84, 5.86],
  ["NL", "Leeuwarden", 53.2, 5.8],
  ["NL", "Maastricht", 50.85, 5.69],
  ["BE", "Gent", 51.05, 3.72],
  ["BE", "Antwerpen", 51.22, 4.4],
  ["BE", "Leuven", 50.88, 4.7],
  ["BE", "Brugge", 51.21, 3.22],
  ["BE", "Hasselt", 50.93, 5.34],
  ["BE", "Namur", 50.47, 4.87],
  ["BE", "Liège", 50.63, 5.57],
  ["DE", "Köln", 50.94, 6.96],
  ["DE", "Münster", 51.96, 7.63],
  ["DE", "Hamburg", 53.55, 9.99],
  ["DE", "Bremen", 53.08, 8.8],
  ["DE", "Hannover", 52.37, 9.74],
  ["DE", "Berlin", 52.52, 13.4],
  ["DE", "Leipzig", 51.34, 12.37],
  ["DE", "Frankfurt am Main", 50.11, 8.68],
  ["DE", "Stuttgart", 48.78, 9.18],
  ["DE", "München", 48.14, 11.58],
  ["DE", "Freiburg im Breisgau", 47.99, 7.85],
  ["FR", "Lille", 50.63, 3.06],
  ["FR", "Amiens", 49.89, 2.3],
  ["FR", "Rouen", 49.44, 1.1],
  ["FR", "Paris", 48.86, 2.35],
  ["FR", "Reims", 49.26, 4.03],
  ["FR", "Strasbourg", 48.58, 7.75],
  ["FR", "Rennes", 48.11, -1.68],
  ["FR", "Nantes", 47.22, -1.55],
  ["FR", "Tours", 47.39, 0.69],
  ["FR", "Dijon", 47.32, 5.04],
  ["FR", "Lyon", 45.76, 4.84],
  ["FR", "Bordeaux", 44.84, -0.58],
  ["FR", "Toulouse", 43.6, 1.44],
  ["FR", "Avignon", 43.95, 4.81],
];

const NAME_FIRST = [
  "Pluktuin",
  "Bloemenpluktuin",
  "Tulpenveld",
  "Dahliatuin",
  "Zonnebloemveld",
  "Fruitboomgaard",
  "Aardbeienpluk",
  "Blumenfeld",
  "Selbstpflückfeld",
  "Cueillette",
  "Champ de fleurs",
  "Jardin de cueillette",
  "Plukweide",
  "Bloemenweide",
];
const NAME_SECOND = [
  "De Zonnebloem",
  "Het Groene Hart",
  "Ter Linde",
  "De Hoeve",
  "Bloemenzee",
  "Zum Lindenhof",
  "Am Deich",
  "Sonnenschein",
  "de la Crème",
  "du Château",
  "des Prés",
  "Les Églantines",
  "Ons Stekje",
  "Vlinderhof",
  "Kleurrijk",
  "De Pluktuin",
];
const DESCRIPTIONS = [
  "Tulpen, narcissen en hyacinten om zelf te plukken in het voorjaar.",
  "Dahlia's, zinnia's en zonnebloemen van juli tot de eerste nachtvorst.",
  "Aardbeien, frambozen en blauwe bessen; bakjes zijn aanwezig.",
  "Blumen zum Selbstpflücken: Gladiolen, Sonnenblumen und Schleierkraut.",
  "Cueillette de fleurs et de fruits, pommes et poires en automne.",
  "Crème brûlée en koffie in ons theehuis na het plukken.",
  "Betalen in de kas of met een tikkie; scharen liggen klaar.",
  "Honden zijn welkom aan de lijn. Parkeren op het erf.",
  "Bio-Anbau ohne Pestizide, Kasse des Vertrauens am Eingang.",
  "Ouvert aux familles, visites guidées pour les écoles sur rendez-vous.",
];
const PRICES = [
  "€0,50 per steel",
  "€0.50 per stem",
  "€ 1 per bloem",
  "3 stelen voor €1",
  "12,- per bos",
  "€4,50 per kilo",
  "EUR 2,75 pro Kilo",
  "Gratis",
  "Prijs op aanvraag",
  "1,20 € la tige",
];

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function valuesList(rows: (string | number | null)[][]): string {
  return rows
    .map(
      (row) =>
        `(${row.map((value) => (typeof value === "string" ? literal(value) : String(value ?? "null"))).join(", ")})`,
    )
    .join(",\n");
}

/** One INSERT … SELECT over generate_series per chunk: the database builds the rows itself. */
function insertChunk(from: number, to: number): string {
  return `
  with towns(i, country, city, lat, lng) as (
    select row_number() over () - 1, * from (values ${valuesList(TOWNS)}) t
  ), first(i, word) as (
    select row_number() over () - 1, * from (values ${valuesList(NAME_FIRST.map((w) => [w]))}) t
  ), second(i, word) as (
    select row_number() over () - 1, * from (values ${valuesList(NAME_SECOND.map((w) => [w]))}) t
  ), descriptions(i, text) as (
    select row_number() over () - 1, * from (values ${valuesList(DESCRIPTIONS.map((d) => [d]))}) t
  ), prices(i, text, amount) as (
    select row_number() over () - 1, * from (values ${valuesList(PRICES.map((p) => [p, parsePriceAmount(p)]))}) t
  ), draws as (
    select g,
      -- Bigger towns draw more meadows: the square of a uniform number favours low indexes.
      floor(power(random(), 2) * ${TOWNS.length})::int as town,
      floor(random() * ${NAME_FIRST.length})::int as first,
      floor(random() * ${NAME_SECOND.length})::int as second,
      floor(random() * ${DESCRIPTIONS.length})::int as d1,
      floor(random() * ${DESCRIPTIONS.length})::int as d2,
      floor(random() * ${PRICES.length})::int as price,
      -- Roughly normal offsets (sum of three uniforms), about 25 km spread.
      (random() + random() + random() - 1.5) * 0.45 as dlat,
      (random() + random() + random() - 1.5) * 0.7 as dlng,
      random() as age
    from generate_series(${from}, ${to}) as g
  )
  insert into meadows (id, name, description, price_text, price_amount, opening_hours, street,
    house_number, postal_code, city, country, lat, lng, created_at, updated_at)
  select substr(md5(g::text), 1, 4) || lpad(to_hex(g), 6, '0'),
    -- One meadow in 10,000 has a rare word in its name, for a selective search.
    first.word || ' ' || second.word || case when g % 10000 = 0 then ' Kleinood' else '' end,
    d1.text || ' ' || d2.text,
    prices.text, prices.amount,
    'Dagelijks 9:00–18:00',
    'Dorpsstraat', (1 + g % 200)::text, lpad((1000 + g % 8999)::text, 4, '0'),
    towns.city, towns.country,
    towns.lat + draws.dlat, towns.lng + draws.dlng,
    now() - draws.age * interval '1000 days', now() - draws.age * interval '1000 days'
  from draws
    join towns on towns.i = draws.town
    join first on first.i = draws.first
    join second on second.i = draws.second
    join descriptions d1 on d1.i = draws.d1
    join descriptions d2 on d2.i = draws.d2
    join prices on prices.i = draws.price`;
}

async function load(db: Database, rows: number) {
  // Building the indexes once after loading is much faster than maintaining them row by row.
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'meadows' and indexname <> 'meadows_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await db.execute(sql`select setseed(0.42)`);
  for (let from = 1; from <= rows; from += CHUNK) {
    await db.execute(sql.raw(insertChunk(from, Math.min(from + CHUNK - 1, rows))));
  }
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`vacuum analyze meadows`);
}

/* Query shapes, each with parameters that vary from run to run. */

const TEXTS = ["tulp", "dahlia", "crème", "zonnebloem", "pluktuin", "blumen", "cueillette"];
/** Words in one meadow of fifteen (a second name word), and pairs in one of fifty to a hundred. */
const UNCOMMON_TEXTS = ["hoeve", "deich", "château", "églantines", "sonnenschein"];
const PAIRS = ["pluktuin deich", "sonnenschein cueillette", "dahlia hoeve", "tulpen château"];
const COUNTRIES = ["NL", "BE", "DE", "FR"];

function town(run: number) {
  const entry = TOWNS[run % TOWNS.length];
  if (!entry) throw new Error("no towns");
  const [country, , lat, lng] = entry;
  return { country, lat, lng };
}

function around(run: number): { lat: number; lng: number } {
  const { lat, lng } = town(run);
  return { lat: lat + ((run * 7) % 10) / 100, lng: lng - ((run * 3) % 10) / 100 };
}

/** A MapLibre viewport of 1280 x 800 px at `zoom` around `centre`. */
function viewport(centre: { lat: number; lng: number }, zoom: number) {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfWidth = 640 * degreesPerPixel;
  const halfHeight = 400 * degreesPerPixel * Math.cos((centre.lat * Math.PI) / 180);
  return {
    bbox: [
      centre.lng - halfWidth,
      centre.lat - halfHeight,
      centre.lng + halfWidth,
      centre.lat + halfHeight,
    ] as [number, number, number, number],
    zoom,
  };
}

type Shape = {
  name: string;
  explain?: boolean;
  run(db: Database, run: number, onRead?: (read: ViewportRead) => void): Promise<unknown>;
};

/** The map at zoom 7 around the run's town, filtered by one of `texts` in turn. */
function filteredMapShape(name: string, texts: readonly string[]): Shape {
  return {
    name,
    explain: true,
    run: (db, run, onRead) =>
      viewportMeadows(
        db,
        { ...viewport(around(run), 7), filters: { text: texts[run % texts.length] } },
        { onRead },
      ),
  };
}

const SHAPES: Shape[] = [
  {
    name: "text (name sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { text: TEXTS[run % TEXTS.length], sort: "name" }),
  },
  {
    name: "text, rare word (name sort)",
    run: (db) => searchMeadows(db, { text: "kleinood", sort: "name" }),
  },
  {
    name: "country (name sort)",
    run: (db, run) =>
      searchMeadows(db, { country: COUNTRIES[run % COUNTRIES.length], sort: "name" }),
  },
  {
    name: "distance ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { near: around(run), maxDistanceKm: 25, sort: "distance" }),
  },
  {
    name: "text + country + ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) => {
      const near = around(run);
      const country = town(run).country;
      return searchMeadows(db, {
        text: TEXTS[run % TEXTS.length],
        country,
        near,
        maxDistanceKm: 25,
        sort: "distance",
      });
    },
  },
  {
    name: "≤ 25 km (price sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { near: around(run), maxDistanceKm: 25, sort: "price" }),
  },
  { name: "name sort, page 1", run: (db) => searchMeadows(db, { sort: "name" }) },
  {
    name: "price sort, page 1–3",
    run: (db, run) => searchMeadows(db, { sort: "price", page: 1 + (run % 3) }),
  },
  {
    name: "newest, page 1",
    run: (db) => searchMeadows(db, { sort: "newest" }),
  },
  {
    name: "map viewport zoom 7 (clusters)",
    explain: true,
    run: (db, run) => viewportMeadows(db, viewport(around(run), 7)),
  },
  filteredMapShape("map viewport zoom 7, text filter", TEXTS),
  filteredMapShape("map viewport zoom 7, uncommon word", UNCOMMON_TEXTS),
  filteredMapShape("map viewport zoom 7, two words", PAIRS),
  {
    name: "map viewport zoom 13 (points)",
    explain: true,
    run: (db, run) => viewportMeadows(db, viewport(around(run), 13)),
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface Recorded {
  statement: SQL;
  /**
   * `set local …` or `select set_config(…)` run before it in the same transaction, to EXPLAIN it
   * under the same settings.
   */
  settings: SQL[];
}

/** The SQL text of a drizzle query, as the database receives it, and its parameters. */
function sqlQuery(db: Database, query: SQL): { sql: string; params: unknown[] } {
  const { dialect } = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  return dialect.sqlToQuery(query);
}

function sqlText(db: Database, query: SQL): string {
  return sqlQuery(db, query).sql;
}

/** A statement's text with its parameters after it, to show what ran. */
function shownWithParameters(db: Database, query: SQL): string {
  const { sql: text, params } = sqlQuery(db, query);
  return params.length ? `${text} with ${JSON.stringify(params)}` : text;
}

/** The database handle with every raw statement recorded, to EXPLAIN what the service ran. */
function recording(db: Database): { db: Database; statements: Recorded[] } {
  const statements: Recorded[] = [];
  const wrap = (handle: Database, settings: SQL[] | undefined): Database =>
    new Proxy(handle, {
      get(target, property, receiver) {
        if (property === "execute") {
          return (query: SQL) => {
            const text = sqlText(db, query);
            if (/^\s*explain/i.test(text)) {
              // The service's own planner estimate; nothing to explain.
            } else if (settings && /^\s*(set local|select set_config)/i.test(text)) {
              settings.push(query);
            } else {
              statements.push({ statement: query, settings: [...(settings ?? [])] });
            }
            return target.execute(query);
          };
        }
        if (property === "transaction") {
          return (work: (tx: Database) => Promise<unknown>) =>
            target.transaction((tx) => work(wrap(tx as unknown as Database, [])));
        }
        return Reflect.get(target, property, receiver);
      },
    });
  return { db: wrap(db, undefined), statements };
}

function describeResult(result: unknown): string {
  const value = result as {
    total?: number;
    totalCapped?: boolean;
    items?: unknown[];
    kind?: string;
    points?: unknown[];
    clusters?: { count: number }[];
  };
  if (value.items) return `${value.items.length} of ${value.total}${value.totalCapped ? "+" : ""}`;
  if (value.kind === "points") return `${value.points?.length} points`;
  const inClusters = value.clusters?.reduce((sum, cluster) => sum + cluster.count, 0);
  const complete = (value as { complete?: boolean }).complete === false ? ", incomplete" : "";
  return `${value.clusters?.length} clusters (${inClusters} meadows${complete})`;
}

/**
 * Milliseconds this process (where PGlite runs, and the pg client) and the server processes
 * `pids` have spent on a CPU so far: process.cpuUsage() for this one, Linux's
 * /proc/<pid>/schedstat for the servers (exact for a process that is waiting, as they are between
 * queries); NaN elsewhere. Other work on the machine delays a query without adding to this: with
 * a busy machine, the time on CPU says what the query costs, the wall-clock time what a visitor
 * would have waited.
 */
function onCpu(pids: number[]): number {
  try {
    const self = process.cpuUsage();
    let nanoseconds = (self.user + self.system) * 1000;
    for (const pid of pids) {
      nanoseconds += Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
    }
    return nanoseconds / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** The PostgreSQL server processes serving this benchmark's connections (none for PGlite). */
async function serverBackends(db: Database, handle: DatabaseHandle): Promise<number[]> {
  if (handle.kind !== "postgres") return [];
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend'`,
  );
  return rows.map((row) => Number(row.pid));
}

async function bench(label: string, handle: DatabaseHandle, { reused = false } = {}) {
  const db = handle.db;
  console.log(`\n## ${label}: ${ROWS.toLocaleString("en")} meadows\n`);
  const started = performance.now();
  await handle.migrate();
  const [existing] = reused
    ? await queryRows<{ n: number }>(db, sql`select count(*)::int as n from meadows`)
    : [];
  if (Number(existing?.n ?? 0) === ROWS) {
    // Vacuumed too: a migration that rebuilt the table (0009) leaves it without a visibility map
    // until autovacuum comes by, and until then index-only scans read the table as well.
    await db.execute(sql`vacuum analyze meadows`);
    console.log(`reused the loaded meadows\n`);
  } else {
    if (existing?.n) await db.execute(sql`truncate meadows cascade`);
    await load(db, ROWS);
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const loadAtStart = loadavg()[0] ?? NaN;
  console.log(`load average ${loadAtStart.toFixed(2)} at the start\n`);
  console.log(`${yardstick()}\n`);

  const table: string[] = [
    "| query | p50 | p95 | max | on CPU p50 | on CPU p95 | sample result | map views read by |",
    "| ----- | --- | --- | --- | ---------- | ---------- | ------------- | ----------------- |",
  ];
  const plans: string[] = [];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const shapes = SHAPES.filter(
    (shape) => !shapeFilter || shapeFilter.some((word) => shape.name.includes(word)),
  );
  const measured = shapes.map((shape) => ({
    shape,
    samples: [] as number[],
    cpuSamples: [] as number[],
    sample: undefined as unknown,
    reads: new Map<ViewportRead, number>(),
  }));
  for (const shape of shapes) for (let run = 0; run < WARMUP; run++) await shape.run(db, run);
  const backends = await serverBackends(db, handle);
  // Run by run, each shape in turn, as a site serves a mix of requests: a busy few seconds of
  // this machine (its speed varies by up to half from one minute to the next) then fall on every
  // shape a little, not on the whole p95 of the shape measured at that moment.
  for (let run = 0; run < RUNS; run++) {
    for (const entry of measured) {
      const cpuBefore = onCpu(backends);
      const started = performance.now();
      const result = await entry.shape.run(db, run, (read) =>
        entry.reads.set(read, (entry.reads.get(read) ?? 0) + 1),
      );
      entry.samples.push(performance.now() - started);
      entry.cpuSamples.push(onCpu(backends) - cpuBefore);
      if (run === 1) entry.sample = result;
    }
  }
  for (const { shape, samples, cpuSamples, sample, reads } of measured) {
    samples.sort((a, b) => a - b);
    cpuSamples.sort((a, b) => a - b);
    table.push(
      `| ${shape.name} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${ms(percentile(samples, 100))} | ${ms(percentile(cpuSamples, 50))} | ${ms(percentile(cpuSamples, 95))} | ${describeResult(sample)} | ${[...reads].map(([read, count]) => `${read} ${count}`).join(", ")} |`,
    );
    if (shape.explain) {
      const recorder = recording(db);
      await shape.run(recorder.db, 1);
      for (const { statement, settings } of recorder.statements) {
        const rows = await db.transaction(async (tx) => {
          for (const setting of settings) await tx.execute(setting);
          return queryRows<Record<string, string>>(
            tx as unknown as Database,
            sql`explain (analyze, buffers) ${statement}`,
          );
        });
        const note = settings.length
          ? ` (${settings.map((setting) => shownWithParameters(db, setting)).join("; ")})`
          : "";
        plans.push(
          `### ${shape.name}${note}\n\n\`\`\`\n${rows.map((row) => Object.values(row)[0]).join("\n")}\n\`\`\``,
        );
      }
    }
  }
  const [load1] = loadavg();
  console.log(`load average ${load1?.toFixed(2)} at the end\n`);
  console.log(table.join("\n"));
  console.log(`\n${plans.join("\n\n")}`);
}

/**
 * The machine's speed, by a loop of arithmetic no change to the app touches (p50 of 100 rounds):
 * sessions run on machines up to three times faster or slower than each other, so figures are
 * compared between sessions in proportion to this.
 */
function yardstick(): string {
  const rounds: number[] = [];
  let sink = 0;
  for (let round = 0; round < 100; round++) {
    const started = performance.now();
    for (let i = 0; i < 2_000_000; i++) sink = (sink * 31 + i) % 1_000_003;
    rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);
  // Used, so that the loop cannot be optimized away.
  if (sink < 0) throw new Error("unreachable");
  return `yardstick: a fixed loop of arithmetic took ${percentile(rounds, 50).toFixed(2)} ms (p50)`;
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

console.log(
  `# Search benchmark: ${ROWS.toLocaleString("en")} meadows, ${RUNS} runs per query (after ${WARMUP} warm-up runs)`,
);

if (engines.includes("pglite")) {
  const kept = process.env.BENCH_PGLITE_DIR || undefined;
  const dir = kept ?? mkdtempSync(path.join(tmpdir(), "plukweide-bench-"));
  const reused = kept !== undefined && existsSync(path.join(dir, "db"));
  const handle = await openPglite(path.join(dir, "db"));
  try {
    await bench("PGlite", handle, { reused });
  } finally {
    await handle.close();
    if (kept) console.log(`\nkept the PGlite files in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (engines.includes("postgres")) {
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  const name = reuse ?? `plukweide_bench_${process.pid}`;
  if (!/^\w+$/.test(name)) throw new Error(`not a database name: ${name}`);
  let reused = false;
  try {
    await adminQuery(`create database "${name}"`);
  } catch (error) {
    if (!reuse || (error as { code?: string }).code !== "42P04") throw error;
    reused = true;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.href);
  try {
    const [version] = await queryRows<{ v: string }>(handle.db, sql`select version() as v`);
    await bench(`PostgreSQL (${version?.v.split(" ").slice(0, 2).join(" ")})`, handle, {
      reused,
    });
  } finally {
    await handle.close();
    if (reuse || process.env.BENCH_KEEP === "1") console.log(`\nkept database ${name}`);
    else await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}
