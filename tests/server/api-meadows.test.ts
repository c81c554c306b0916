import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROP_IDS } from "~/lib/crops";
import { spawnApp, type AppProcess } from "../support/app-process";
import { appDatabase, appEngines } from "../support/databases";

// The map's viewport query against the built app, on an embedded database with the demo meadows.
describe("GET /api/meadows", () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await spawnApp({ SEED_DEMO: "true" }).ready;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (query: string) => fetch(`${app.url}/api/meadows?${query}`);
  const FIVE_CROPS = CROP_IDS.slice(0, 5)
    .map((id) => `crop=${id}`)
    .join("&");

  it("answers a view of up to four crops", async () => {
    const four = FIVE_CROPS.split("&").slice(0, 4).join("&");
    expect((await get(`bbox=2.5,49.4,7.3,53.6&zoom=7&${four}`)).status).toBe(200);
  });

  it("answers the pins of a view as JSON that browsers may keep briefly", async () => {
    const response = await get("bbox=2.5,49.4,7.3,53.6&zoom=7");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=30");
    const body = (await response.json()) as {
      kind: string;
      points: { id: string; name: string; city: string; lat: number; lng: number }[];
    };
    expect(body.kind).toBe("points");
    expect(body.points.length).toBeGreaterThanOrEqual(30);
    for (const point of body.points) {
      expect(point).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          name: expect.any(String),
          city: expect.any(String),
          lat: expect.any(Number),
          lng: expect.any(Number),
        }),
      );
      expect(point.lat).toBeGreaterThanOrEqual(49.4);
      expect(point.lng).toBeLessThanOrEqual(7.3);
    }
  });

  it("applies the list's filters", async () => {
    const all = (await (await get("bbox=2.5,49.4,7.3,53.6&zoom=7")).json()) as {
      points: unknown[];
    };
    const belgium = (await (await get("bbox=2.5,49.4,7.3,53.6&zoom=7&country=be")).json()) as {
      points: unknown[];
    };
    expect(belgium.points.length).toBeGreaterThan(0);
    expect(belgium.points.length).toBeLessThan(all.points.length);
    const none = (await (await get("bbox=2.5,49.4,7.3,53.6&zoom=7&q=xylofoonzzz")).json()) as {
      points: unknown[];
    };
    expect(none.points).toEqual([]);
    // Control characters are spaces: a NUL, which no database text may hold, is no 500.
    for (const q of ["tulp%00", "%00", "pluk%00tuin%0A%09'%5C"]) {
      const response = await get(`bbox=2.5,49.4,7.3,53.6&zoom=7&q=${q}`);
      expect(response.status, q).toBe(200);
      expect(["points", "clusters"]).toContain(((await response.json()) as { kind: string }).kind);
    }
  });

  it("answers empty views, the whole world and views across the antimeridian", async () => {
    for (const query of [
      "bbox=-30,-10,-20,0&zoom=5",
      "bbox=-180,-90,180,90&zoom=0",
      "bbox=-900,-85,900,85&zoom=0",
      "bbox=170,-10,190,10&zoom=4",
      "bbox=1e9,-1,1e9,1&zoom=22",
    ]) {
      const response = await get(query);
      expect(response.status, query).toBe(200);
      expect(["points", "clusters"], query).toContain(
        ((await response.json()) as { kind: string }).kind,
      );
    }
  });

  it("reads the slips of words that leave the view empty, as the list does, and says so", async () => {
    type Answer = { points: { id: string }[]; place?: { name: string }; corrected?: string[] };
    const view = "bbox=2.5,49.4,7.3,53.6&zoom=7";
    const ids = (answer: Answer) => answer.points.map((point) => point.id).sort();

    const slipped = (await (await get(`${view}&q=dahlias+Zundret`)).json()) as Answer;
    const dahlias = (await (await get(`${view}&crop=dahlia`)).json()) as Answer;
    expect(slipped.corrected).toEqual(["Zundret"]);
    expect(slipped.place?.name).toBe("Zundert");
    expect(ids(slipped)).toEqual(ids(dahlias));
    expect(ids(dahlias).length).toBeGreaterThan(0);

    const word = (await (await get(`${view}&q=Corsovelt`)).json()) as Answer;
    expect(word.corrected).toEqual(["Corsovelt"]);
    expect(ids(word)).toEqual(["demo-007"]);

    const asTyped = (await (await get(`${view}&q=Corsoveld`)).json()) as Answer;
    expect(asTyped.corrected).toBeUndefined();
    expect(ids(asTyped)).toEqual(["demo-007"]);

    const nothing = (await (await get(`${view}&q=zzqxy`)).json()) as Answer;
    expect(nothing.corrected).toBeUndefined();
    expect(nothing.points).toEqual([]);
  });

  it.each([
    ["", "bbox must be four numbers"],
    ["bbox=1,2,3&zoom=4", "bbox must be four numbers"],
    ["bbox=a,b,c,d&zoom=4", "bbox must be four numbers"],
    ["bbox=1,-95,3,4&zoom=4", "latitudes"],
    ["bbox=1,2,3,4", "zoom must be a whole number"],
    ["bbox=1,2,3,4&zoom=23", "zoom must be a whole number"],
    ["bbox=1,2,3,4&zoom=2.5", "zoom must be a whole number"],
    [`bbox=1,2,3,4&zoom=4&q=${"x".repeat(101)}`, "at most 100 characters"],
    ["bbox=1,2,3,4&zoom=4&country=XX", "country must be one of"],
    [`bbox=1,2,3,4&zoom=4&${FIVE_CROPS}`, "crop can name at most 4 crops on the map"],
  ])("refuses %s with 400 and a message", async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });
});

// Search text goes to the database as parameters on either engine: what an attacker types finds
// what it spells, and nothing else happens.
describe.each(appEngines)("GET /api/meadows with hostile search text on $name", (engine) => {
  const database = appDatabase(engine);
  let app: AppProcess;

  beforeAll(async () => {
    app = await spawnApp({ ...database.env, SEED_DEMO: "true" }).ready;
  });
  afterAll(() => app?.stop());

  type Answer = { kind: string; points?: { id: string }[]; clusters?: unknown[] };
  const view = async (q: string) => {
    const query = new URLSearchParams({ bbox: "2.5,49.4,7.3,53.6", zoom: "7", q });
    const response = await fetch(`${app.url}/api/meadows?${query}`);
    return {
      status: response.status,
      body: (await response.json()) as Answer & { error?: string },
    };
  };
  const ids = (answer: Answer) => (answer.points ?? []).map((point) => point.id).sort();

  it.each([
    "'",
    "it's \\' \\\\ \"quoted\"",
    "'; drop table meadows; --",
    "'); select pg_sleep(10); --",
    "%",
    "_",
    "100%_",
    "$$",
    "$1",
    "--",
    ";",
    "\0",
    "🌷🌻",
    "حديقة الزهور",
    "\u202etulp",
    "cre\u0300me",
    "ü".repeat(100),
    "🌷".repeat(50),
  ])("answers %j with the pins it spells", async (text) => {
    const { status, body } = await view(text);
    expect(status).toBe(200);
    expect(body.kind).toBe("points");
  });

  it("answers the same for a word with control characters, case and accents as without", async () => {
    const tulips = ids((await view("tulp")).body);
    expect(tulips.length).toBeGreaterThan(0);
    for (const q of ["\0TULP\n\t", "TU\u0308LP", " tulp\u0000"]) {
      const { status, body } = await view(q);
      expect(status, q).toBe(200);
      expect(ids(body), q).toEqual(tulips);
    }
    // Nothing a search typed has changed the meadows.
    expect(ids((await view("")).body).length).toBeGreaterThanOrEqual(30);
  });

  it("refuses text too long for a search with 400 and a message, however it is spelt", async () => {
    for (const q of ["ü".repeat(101), "🌷".repeat(101), "\u05d0\u05b8".repeat(500)]) {
      const { status, body } = await view(q);
      expect(status).toBe(400);
      expect(body.error).toContain("at most 100 characters");
    }
  });
});
