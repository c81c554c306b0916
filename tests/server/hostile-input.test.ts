import path from "node:path";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPglite, queryRows } from "../../app/adapters/db.server";
import { png } from "../fixtures/images/generate";
import { freshDataDir, spawnApp, type AppProcess } from "../support/app-process";
import { createFreshPostgresDatabase, testDatabaseUrl } from "../support/databases";
import { addMeadow, signedInMember } from "../support/members";
import { actionRoutes, fillPattern, type ActionRoute } from "../support/route-manifest";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { freePort, Visitor } from "../support/visitor";

/**
 * Random and hostile input (long and odd text, NUL, wrong types, missing and doubled fields, huge
 * numbers, malformed bodies) at every route that takes a POST, from the build's manifest, as a
 * visitor, a member and the owner. No answer may be a server error, and a refused request (4xx,
 * or sent to sign in) must store nothing.
 */

/** The stored rows a request could change, each table summed up in one line. */
const STORED_TABLES = [
  "users",
  "accounts",
  "sessions",
  "verifications",
  "two_factors",
  "meadows",
  "favorites",
  "photos",
];
/** Tables whose rows are the site's content: compared whole, not only counted. */
const COMPARED_WHOLE = new Set(["users", "meadows", "favorites", "photos"]);

const FINGERPRINT_SQL = STORED_TABLES.map((table) =>
  COMPARED_WHOLE.has(table)
    ? `select '${table}' as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`
    : `select '${table}' as name, count(*)::int as rows, '' as digest from ${table}`,
).join(" union all ");

type Fingerprint = Record<string, string>;

function fingerprintOf(rows: Array<{ name: string; rows: number; digest: string }>): Fingerprint {
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows} ${row.digest}`]));
}

/** The tables a route may write when it accepts a request: the only ones allowed to change. */
const WRITES: Record<string, string[]> = {
  "/resources/locale": [],
  "/resources/colour-mode": [],
  "/resources/logout": ["sessions"],
  "/resources/favorite": ["favorites"],
  "/api/meadows/:id/photos": ["photos"],
  "/login": ["sessions", "verifications", "users"],
  "/register": ["users", "accounts", "verifications"],
  "/verify-email": ["verifications"],
  "/forgot-password": ["verifications"],
  "/auth/callback": ["users", "sessions", "verifications"],
  "/reset-password": ["accounts", "verifications", "sessions"],
  "/two-factor": ["sessions", "two_factors"],
  "/settings/profile": ["users"],
  "/settings/avatar": ["users"],
  "/settings/password": ["accounts", "sessions"],
  "/settings/email": ["users", "verifications"],
  "/settings/two-factor": ["users", "two_factors", "verifications"],
  "/settings/delete-account": [
    "users",
    "accounts",
    "sessions",
    "verifications",
    "two_factors",
    "photos",
  ],
  "/meadows/add": ["meadows"],
  "/meadows/:id": ["photos"],
  "/meadows/:id/edit": ["meadows", "photos", "favorites"],
};

/** Field names the app's forms use, so random values reach the code behind them. */
const FIELD_NAMES = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "name",
  "code",
  "token",
  "meadowId",
  "favorite",
  "redirectTo",
  "lang",
  "mode",
  "photoId",
  "confirm",
  "caption",
  "bio",
  "website",
  "location",
  "lat",
  "lng",
  "locatedAddress",
  "street",
  "houseNumber",
  "postalCode",
  "city",
  "country",
  "description",
  "priceText",
  "openingHours",
  "phone",
  "instagram",
  "addressExtra",
];

const INTENTS = [
  "save",
  "locate",
  "delete",
  "upload-photos",
  "delete-photo",
  "avatar-upload",
  "avatar-remove",
  "profile",
  "change-password",
  "change-email",
  "two-factor-enable",
  "two-factor-verify",
  "two-factor-disable",
  "delete-account",
];

const HOSTILE_TEXT = [
  "",
  " ",
  "\0",
  "a\0b",
  "\u202e\u0000\ufeff",
  "💐".repeat(70),
  "e\u0301".repeat(60),
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%00",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "-1e309",
  "9".repeat(400),
  "0x7fffffff",
  "true",
  "[object Object]",
  "//evil.example",
  "javascript:alert(1)",
  "\r\nSet-Cookie: x=1",
];

interface Fixtures {
  meadowId: string;
  photoId: string;
}

function textArbitrary(fixtures: () => Fixtures) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 20, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.constantFrom(...INTENTS) },
    {
      weight: 1,
      arbitrary: fc.constant(null).map(() => {
        const { meadowId, photoId } = fixtures();
        return `${meadowId} ${photoId}`;
      }),
    },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.bigInt().map(String) },
    {
      weight: 1,
      // Long text, up to half a megabyte: far over every field's limit, under the body's.
      arbitrary: fc
        .tuple(fc.constantFrom("a", "ß", "💐", "\0", "<"), fc.integer({ min: 300, max: 250_000 }))
        .map(([unit, length]) => unit.repeat(length)),
    },
  );
}

type Body =
  | { kind: "urlencoded"; fields: Array<[string, string]> }
  | { kind: "multipart"; fields: Array<[string, string]>; files: Array<[string, Uint8Array]> }
  | { kind: "raw"; type: string | undefined; body: string };

const MALFORMED_BODIES: Array<{ type: string | undefined; body: string }> = [
  { type: "multipart/form-data", body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb" },
  {
    type: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
  },
  { type: "multipart/form-data; boundary=x", body: "--y\r\n\r\n--y--" },
  {
    type: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="photo"; filename="../../a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n--x--\r\n',
  },
  { type: "application/json", body: '{"email":"a@b.c","password":["x"]}' },
  { type: "application/json", body: "{" },
  { type: "text/plain", body: "intent=save" },
  { type: "application/x-www-form-urlencoded", body: "%%%=%zz&a=%E0%A4%A&&=&" },
  { type: undefined, body: "intent=delete&confirm=yes" },
  { type: "application/x-www-form-urlencoded; charset=utf-16", body: "\xff\xfei\0n\0" },
];

function bodyArbitrary(fixtures: () => Fixtures): fc.Arbitrary<Body> {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  );
  // Doubled names come by themselves: the same name may be drawn more than once.
  const fields = fc.array(fc.tuple(name, textArbitrary(fixtures)), { maxLength: 8 });
  const file = fc.tuple(
    fc.constantFrom("photo", "photos", "avatar", "caption", "email"),
    fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
      fc.constant(new Uint8Array(0)),
    ),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fields.map((list) => ({ kind: "urlencoded" as const, fields: list })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.array(file, { maxLength: 3 }))
        .map(([list, files]) => ({ kind: "multipart" as const, fields: list, files })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...MALFORMED_BODIES)
        .map((raw) => ({ kind: "raw" as const, ...raw })),
    },
  );
}

interface Sent {
  status: number;
  location: string;
}

/** A POST as a browser would send it from this site, with `body` as it is, however odd. */
async function post(
  port: number,
  target: string,
  sender: Visitor | undefined,
  body: Body,
): Promise<Sent> {
  let payload: Buffer;
  let type: string | undefined;
  if (body.kind === "urlencoded") {
    payload = Buffer.from(new URLSearchParams(body.fields).toString());
    type = "application/x-www-form-urlencoded";
  } else if (body.kind === "raw") {
    payload = Buffer.from(body.body, "latin1");
    type = body.type;
  } else {
    const boundary = "----plukweide-hostile-boundary";
    const parts: Buffer[] = [];
    for (const [name, value] of body.fields) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`,
        ),
      );
    }
    for (const [name, bytes] of body.files) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="wei.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from("\r\n"),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    payload = Buffer.concat(parts);
    type = `multipart/form-data; boundary=${boundary}`;
  }
  const headers: Record<string, string> = {
    origin: `http://127.0.0.1:${port}`,
    "x-forwarded-for": sender?.ip ?? "203.0.113.9",
    "accept-language": "en",
  };
  if (type !== undefined) headers["content-type"] = type;
  if (sender?.cookie) headers.cookie = sender.cookie;
  try {
    const response = await fetch(`http://127.0.0.1:${port}${target}`, {
      method: "POST",
      headers,
      body: new Uint8Array(payload),
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") ?? "" };
  } catch (error) {
    // No answer at all (reset, closed, or none in time) is a failure like a 5xx, not a crash of
    // the test: the status 0 says so.
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, location: cause?.code ?? String(error) };
  }
}

/** Refused: a client error, or sent to sign in before anything was done. */
function refused(sent: Sent): boolean {
  return sent.status >= 400 || /^(\/(en|nl))?\/login\?/.test(sent.location);
}

/**
 * The app on one engine, and the rows it stored. PostgreSQL can be read while the app runs, so
 * every refused request is checked on its own; the embedded database belongs to the app process
 * while it runs, so it is read with the app stopped, before and after all requests.
 */
interface Engine {
  name: string;
  start(): Promise<{ app: AppProcess; smtp: TestSmtpServer }>;
  /** The stored rows now, or undefined when they cannot be read while the app runs. */
  liveFingerprint(): Promise<Fingerprint | undefined>;
  /** The stored rows, read with the app stopped; the app is started again afterwards. */
  stoppedFingerprint(app: AppProcess): Promise<{ fingerprint: Fingerprint; app: AppProcess }>;
  close(): Promise<void>;
}

function appEnv(smtp: TestSmtpServer, port: number, extra: Record<string, string>) {
  return { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, ...extra };
}

function pgliteEngine(): Engine {
  const dataDir = freshDataDir();
  let env: Record<string, string> = {};
  return {
    name: "pglite",
    async start() {
      const smtp = await startSmtpServer();
      env = appEnv(smtp, await freePort(), { DATA_DIR: dataDir });
      return { app: await spawnApp(env).ready, smtp };
    },
    liveFingerprint: async () => undefined,
    async stoppedFingerprint(app) {
      await app.stop();
      const handle = await openPglite(path.join(dataDir, "db"));
      let fingerprint: Fingerprint;
      try {
        fingerprint = fingerprintOf(
          await queryRows<{ name: string; rows: number; digest: string }>(
            handle.db,
            sql.raw(FINGERPRINT_SQL),
          ),
        );
      } finally {
        await handle.close();
      }
      return { fingerprint, app: await spawnApp(env).ready };
    },
    close: async () => {},
  };
}

function postgresEngine(): Engine {
  let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
  let client: pg.Client;
  const live = async () => {
    const result = await client.query<{ name: string; rows: number; digest: string }>(
      FINGERPRINT_SQL,
    );
    return fingerprintOf(result.rows);
  };
  return {
    name: "postgres",
    async start() {
      fresh = await createFreshPostgresDatabase();
      client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const smtp = await startSmtpServer();
      const app = await spawnApp(appEnv(smtp, await freePort(), { DATABASE_URL: fresh.url })).ready;
      return { app, smtp };
    },
    liveFingerprint: live,
    async stoppedFingerprint(app) {
      return { fingerprint: await live(), app };
    },
    async close() {
      await client?.end();
      await fresh?.drop();
    },
  };
}

const engines: Array<[string, () => Engine]> = [
  ["pglite", pgliteEngine],
  ...(testDatabaseUrl ? [["postgres", postgresEngine] as [string, () => Engine]] : []),
];

/** Runs per route and sender: enough to reach each form's branches, few enough to stay quick. */
const RUNS_PER_ROUTE = 6;

describe.each(engines)("hostile input on %s", (_, makeEngine) => {
  const engine = makeEngine();
  let app: AppProcess;
  let smtp: TestSmtpServer;
  let routes: ActionRoute[];
  let fixtures: Fixtures;
  const senders: Record<string, Visitor | undefined> = {};

  beforeAll(async () => {
    routes = await actionRoutes();
    ({ app, smtp } = await engine.start());
    senders.owner = new Visitor(() => app.url);
    senders.member = new Visitor(() => app.url);
    senders.visitor = undefined;
    await signedInMember(senders.owner, smtp, { name: "Olga Eigenaar" });
    await signedInMember(senders.member, smtp, { name: "Sem Vreemd" });
    const meadowId = (await addMeadow(senders.owner)).split("/").pop()!;
    const body = new FormData();
    body.append(
      "photo",
      new Blob([new Uint8Array(await png(320, 240))], { type: "image/png" }),
      "wei.png",
    );
    const uploaded = await senders.owner.postMultipart(`/api/meadows/${meadowId}/photos`, body);
    expect(uploaded.status).toBe(201);
    const html = await (await senders.owner.get(`/meadows/${meadowId}`)).text();
    fixtures = { meadowId, photoId: /data-photo-id="([^"]+)"/.exec(html)![1]! };
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await engine.close();
  });

  it("answers every route without a server error, and a refusal stores nothing", async () => {
    const before = await engine.stoppedFingerprint(app);
    app = before.app;
    const accepted = new Set<string>();
    const failures: string[] = [];
    const keys = [...new Set(routes.map((route) => route.key))];
    expect(Object.keys(WRITES).sort()).toEqual([...keys].sort());

    for (const key of keys) {
      const variants = routes.filter((route) => route.key === key);
      // Signing out ends the session the other requests need; a visitor's is enough there.
      const senderNames =
        key === "/resources/logout" ? ["visitor"] : ["visitor", "member", "owner"];
      const id = fc.oneof(
        fc.constant(null).map(() => fixtures.meadowId),
        fc.constantFrom("does-not-exist", "..", "%", "\0", "a".repeat(300), "1e309"),
        fc.string({ maxLength: 12 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...variants),
          fc.constantFrom(...senderNames),
          id,
          bodyArbitrary(() => fixtures),
          async (route, senderName, meadowId, body) => {
            const target = fillPattern(route.pattern, { id: meadowId || "x" });
            const sender = senders[senderName];
            const earlier = await engine.liveFingerprint();
            const sent = await post(app.port, target, sender, body);
            const what = `${senderName} POST ${target.slice(0, 80)} (${body.kind}) → ${sent.status}`;
            if (sent.status >= 500 || sent.status === 0) failures.push(`${what} ${sent.location}`);
            if (!refused(sent)) {
              accepted.add(key);
              return;
            }
            const later = await engine.liveFingerprint();
            if (earlier && later && JSON.stringify(earlier) !== JSON.stringify(later)) {
              failures.push(`${what} stored something although refused`);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE * senderNames.length },
      );
    }
    const errorLines = app.logLines().filter((line) => line.level === "error");
    expect([...failures, ...errorLines.map((line) => JSON.stringify(line).slice(0, 800))]).toEqual(
      [],
    );

    const after = await engine.stoppedFingerprint(app);
    app = after.app;
    const mayChange = new Set([...accepted].flatMap((key) => WRITES[key] ?? []));
    for (const table of STORED_TABLES) {
      if (mayChange.has(table)) continue;
      expect(after.fingerprint[table], `${table} after only refused requests`).toBe(
        before.fingerprint[table],
      );
    }
    expect(app.stderr()).not.toMatch(/uncaught|unhandled/i);
    const errors = app.logLines().filter((line) => line.level === 50 || line.level === "error");
    expect(errors).toEqual([]);
  }, 300_000);
});
