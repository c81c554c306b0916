import { request as httpRequest } from "node:http";
import path from "node:path";
import { fc } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "../../app/adapters/db.server";
import { API_QUERY_PARAMETERS } from "../../app/lib/schemas/open-data";
import { insertMeadows, meadowGrid, UTRECHT } from "../../db/factories/meadows";
import { freshDataDir, spawnApp, type AppProcess } from "../support/app-process";
import { appDatabase, appEngines } from "../support/databases";
import { openApiValidator } from "../support/openapi-validator";

/*
 * The open data API (/api/v1) as served, on each engine: every answer fits the OpenAPI document
 * the server publishes, with CORS, ETags, problems and its rate limit.
 */

/** Thirty meadows of members around Utrecht, written before the app starts. */
async function withMeadows(env: Record<string, string>): Promise<Record<string, string>> {
  const dataDir = freshDataDir();
  const handle = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, { max: 1 })
    : await openPglite(path.join(dataDir, "db"));
  try {
    await handle.migrate();
    await insertMeadows(
      handle.db,
      meadowGrid(30, UTRECHT, 0.2, (i) => `Pluktuin ${i}`).map((meadow, i) => ({
        ...meadow,
        id: `member-${String(i).padStart(2, "0")}`,
      })),
    );
  } finally {
    await handle.close();
  }
  return { ...env, DATA_DIR: dataDir };
}

let clients = 0;
/** An address of its own for each test's requests, so rate limits do not meet across tests. */
const address = () => `203.0.113.${++clients}`;

describe.each(appEngines)("the open data API on $name", (engine) => {
  const database = appDatabase(engine);
  let app: AppProcess;
  let validate: ReturnType<typeof openApiValidator>;

  beforeAll(async () => {
    app = await spawnApp({
      ...(await withMeadows(database.env)),
      SEED_DEMO: "true",
      APP_URL: "https://plukweide.example",
    }).ready;
    const document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as object;
    validate = openApiValidator(document);
  });
  afterAll(() => app?.stop());

  const get = (target: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${target}`, { headers: { "X-Forwarded-For": address(), ...headers } });

  /** The answer's body, checked against the document for `template`. */
  async function checked(response: Response, template: string) {
    const type = response.headers.get("content-type");
    const body = response.status === 304 ? undefined : ((await response.json()) as unknown);
    expect(validate(template, "get", response.status, type, body), template).toEqual([]);
    return body;
  }

  it("publishes an OpenAPI 3.1 document naming the licence", async () => {
    const response = await get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      info: { license: { name: string } };
      paths: object;
    };
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.license.name).toContain("ODbL");
    expect(Object.keys(document.paths)).toEqual(["/meadows", "/meadows/{id}"]);
  });

  it("answers lists, nearest searches, views and single meadows as the document says", async () => {
    const queries = [
      "",
      "limit=5",
      "country=NL&limit=100",
      "q=pluktuin&crop=dahlia&crop=tulip&season=now",
      "near=52.09,5.12&limit=3",
      "near=52.09,5.12&radius=5&limit=100&format=geojson",
      "bbox=4.8,51.9,5.5,52.4&zoom=13",
      "bbox=-180,-85,180,85&zoom=2",
      "bbox=4.8,51.9,5.5,52.4&zoom=13&format=geojson",
      "season=8&format=json",
    ];
    for (const query of queries) {
      const response = await get(`/api/v1/meadows?${query}`);
      expect(response.status, query).toBe(200);
      await checked(response, "/meadows");
    }
    const geojson = await get("/api/v1/meadows?near=52.09,5.12&limit=2", {
      Accept: "application/geo+json",
    });
    expect(geojson.headers.get("content-type")).toContain("application/geo+json");
    const collection = (await checked(geojson, "/meadows")) as { features: unknown[] };
    expect(collection.features).toHaveLength(2);

    const one = await get("/api/v1/meadows/member-03");
    expect(((await checked(one, "/meadows/{id}")) as { name: string }).name).toBe("Pluktuin 3");
    const feature = await get("/api/v1/meadows/member-03?format=geojson");
    expect(((await checked(feature, "/meadows/{id}")) as { type: string }).type).toBe("Feature");
  });

  it("pages through every meadow once by following next", async () => {
    const seen: string[] = [];
    let next: string | null = `${app.url}/api/v1/meadows?limit=7`;
    while (next) {
      const response = await fetch(next, { headers: { "X-Forwarded-For": address() } });
      const page = (await checked(response, "/meadows")) as {
        meadows: { id: string }[];
        next: string | null;
      };
      seen.push(...page.meadows.map((meadow) => meadow.id));
      next = page.next && new URL(new URL(page.next).search, `${app.url}/api/v1/meadows`).href;
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Thirty of members and the demo meadows, which the site shows too.
    expect(seen.filter((id) => id.startsWith("member-"))).toHaveLength(30);
    expect(seen.length).toBeGreaterThan(30);
  });

  it("links the next page on APP_URL, whatever Host or X-Forwarded-Host the request names", async () => {
    for (const header of ["host", "x-forwarded-host"]) {
      const { link, body } = await new Promise<{ link: string; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            {
              host: "127.0.0.1",
              port: app.port,
              path: "/api/v1/meadows?limit=7",
              headers: { [header]: "attacker.example", "x-forwarded-for": address() },
            },
            (res) => {
              let text = "";
              res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
              res.on("end", () => resolve({ link: String(res.headers.link), body: text }));
            },
          );
          req.on("error", reject);
          req.end();
        },
      );
      const { next } = JSON.parse(body) as { next: string };
      expect(new URL(next).origin, header).toBe("https://plukweide.example");
      expect(new URL(next).pathname).toBe("/api/v1/meadows");
      expect(link).toBe(`<${next}>; rel="next"`);
    }
  });

  it("allows any origin, and answers a preflight", async () => {
    const response = await get("/api/v1/meadows?limit=1", { Origin: "https://elsewhere.example" });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toContain("ETag");
    const preflight = await fetch(`${app.url}/api/v1/meadows`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("If-None-Match");
  });

  it("answers 304 to a client holding the current answer, and caches for a minute", async () => {
    const first = await get("/api/v1/meadows/member-01");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("vary")).toContain("Accept");
    const again = await get("/api/v1/meadows/member-01", { "If-None-Match": tag ?? "" });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(tag);
    expect(await again.text()).toBe("");
    const other = await get("/api/v1/meadows/member-02", { "If-None-Match": tag ?? "" });
    expect(other.status).toBe(200);
  });

  it("answers bad input with a problem in the client's language, never a 500", async () => {
    const english = await get("/api/v1/meadows?limit=500");
    expect(english.status).toBe(400);
    expect(english.headers.get("content-type")).toContain("application/problem+json");
    expect(english.headers.get("access-control-allow-origin")).toBe("*");
    const problem = (await checked(english, "/meadows")) as Record<string, unknown>;
    expect(problem).toMatchObject({
      title: "Invalid parameter",
      status: 400,
      parameter: "limit",
      instance: "/api/v1/meadows?limit=500",
    });
    expect(problem.type).toMatch(/\/api#problem-invalid-parameter$/);
    const dutch = await get("/api/v1/meadows?limit=500", { "Accept-Language": "nl-BE,nl;q=0.9" });
    expect(((await dutch.json()) as { title: string }).title).toBe("Ongeldige parameter");
    const missing = await get("/api/v1/meadows/nobody", { "Accept-Language": "nl" });
    expect(missing.status).toBe(404);
    expect(((await checked(missing, "/meadows/{id}")) as { title: string }).title).toBe(
      "Niet gevonden",
    );
    const elsewhere = await get("/api/v1/nothing/here");
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("content-type")).toContain("application/problem+json");
  });

  it("refuses any query it cannot answer with a 400 problem (property-based)", async () => {
    const parameter = fc.constantFrom(...API_QUERY_PARAMETERS);
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.constantFrom("52.1,5.1", "4.8,51.9,5.5,52.4", "13", "now", "NL", "dahlia", "0", "-1"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(parameter, value), { minLength: 1, maxLength: 4 }),
        async (pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const response = await get(`/api/v1/meadows?${query}`);
          expect([200, 400], query).toContain(response.status);
          await checked(response, "/meadows");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("streams the exports without demo meadows, with the licence", async () => {
    const geojson = await get("/api/v1/exports/meadows.geojson");
    expect(geojson.status).toBe(200);
    expect(geojson.headers.get("content-type")).toContain("application/geo+json");
    expect(geojson.headers.get("link")).toContain('rel="license"');
    const collection = (await geojson.json()) as {
      license: string;
      features: { id: string }[];
    };
    expect(collection.license).toContain("ODbL");
    expect(collection.features).toHaveLength(30);
    expect(collection.features.every((feature) => feature.id.startsWith("member-"))).toBe(true);
    const csv = await get("/api/v1/exports/meadows.csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\r\n")).toHaveLength(32);
    expect(text).not.toContain("demo-");
    const tag = csv.headers.get("etag") ?? "";
    expect((await get("/api/v1/exports/meadows.csv", { "If-None-Match": tag })).status).toBe(304);
    expect((await get("/api/v1/exports/meadows.xml")).status).toBe(404);
  });
});

// With the page cache on: API answers are kept there (ADR 40), and every request still counts.
describe("the open data API's rate limit and kept answers", () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await spawnApp({ SEED_DEMO: "false", PAGE_CACHE_SECONDS: "30" }).ready;
  });
  afterAll(() => app?.stop());

  it("answers 429 with Retry-After past 600 requests a minute from one address", async () => {
    const ask = (ip: string) =>
      fetch(`${app.url}/api/v1/meadows?limit=1`, { headers: { "X-Forwarded-For": ip } });
    const statuses: number[] = [];
    let kept = 0;
    for (let round = 0; round < 61; round += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => ask("192.0.2.7")));
      statuses.push(...answers.map((answer) => answer.status));
      kept += answers.filter((answer) => answer.headers.get("x-page-cache") === "hit").length;
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(600);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // Answered from a kept copy or not, each request counted.
    expect(kept).toBeGreaterThanOrEqual(580);
    const refused = await ask("192.0.2.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { status: number }).status).toBe(429);
    // Another address is not held back.
    expect((await ask("192.0.2.8")).status).toBe(200);
  });

  it("keeps the map's and the API's answers for every client, until a write", async () => {
    const view = `${app.url}/api/meadows?bbox=3,50,8,54&zoom=7`;
    const member = { cookie: "better-auth.session_token=someone" };
    const first = await fetch(view, { headers: member });
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBeNull();
    const again = await fetch(view);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("cache-control")).toBe("public, max-age=30");

    const api = `${app.url}/api/v1/meadows?limit=3`;
    const headers = { "X-Forwarded-For": "192.0.2.9" };
    const tag = (await fetch(api, { headers })).headers.get("etag") ?? "";
    const held = await fetch(api, { headers: { ...headers, "If-None-Match": tag } });
    expect(held.status).toBe(304);
    expect(held.headers.get("x-page-cache")).toBe("hit");
    expect(held.headers.get("access-control-allow-origin")).toBe("*");

    // Any write empties it: the next answer is made afresh.
    const write = await fetch(`${app.url}/resources/locale`, {
      method: "POST",
      body: new URLSearchParams({ lang: "nl", redirectTo: "/" }),
      redirect: "manual",
    });
    expect(write.status).toBeLessThan(400);
    const after = await fetch(view);
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(await after.text()).toBe(firstBody);
  });
});
