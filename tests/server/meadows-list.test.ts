import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggestionsAnswerSchema } from "~/lib/schemas/suggestions";
import { spawnApp, type AppProcess } from "../support/app-process";
import { appDatabase, appEngines } from "../support/databases";
import { currentMonth } from "~/lib/crops";

/*
 * The meadows list as served, on the embedded database and (when TEST_DATABASE_URL is set) on
 * PostgreSQL, both with the demo meadows: whatever the address holds, the page answers 200.
 */

function distancesIn(html: string): number[] {
  return [...html.matchAll(/data-distance-km="([\d.]+)"/g)].map((match) => Number(match[1]));
}

/**
 * Bytes of HTML a page of twenty cards may weigh before compression: every byte is made and
 * compressed on each request (docs/benchmarks.md, "Pages"). A test, not a benchmark: it fails
 * when the page grows, whatever the machine. Each card's hours (ADR 37) take about 90 bytes, up
 * to 150 in summer, when a day has more changes to send; each chip of a filter in use about 300;
 * the numbered pages about 950, the phone's folded filters' button 500, the header's "Meadows"
 * (in the bar and the menu) 300; the drawings' parts, once a page, about 450 for each of the
 * twelve scenes its cards show.
 */
const LIST_PAGE_HTML_BUDGET = 67_000;

function cardCount(html: string): number {
  return html.match(/data-price=/g)?.length ?? 0;
}

describe.each(appEngines)("the meadows list on $name", (engine) => {
  const database = appDatabase(engine);
  let app: AppProcess;

  beforeAll(async () => {
    app = await spawnApp({ ...database.env, SEED_DEMO: "true" }).ready;
  });
  afterAll(() => app?.stop());

  it("answers 200 for addresses that make no sense, never a 500", async () => {
    const queries = [
      "sort=distance",
      "km=10",
      "sort=distance&km=25&country=NL",
      "lat=91&lng=5&sort=distance",
      "lat=52&sort=distance",
      "lat=NaN&lng=Infinity",
      "km=-1&page=-1&country=%00",
      "q=tulp%00&sort=name",
      "q=%00%01&lat=52.09&lng=5.12&km=25&sort=distance",
      "place=Utrecht%00&sort=price&km=10",
      "page=99999999999999999999",
      "page=1e308",
      `q=${"%25_%5C".repeat(200)}`,
      `place=${"x".repeat(5000)}`,
      "q=a&q=b&sort=price&sort=name",
      "place=%F0%9F%8C%B7",
      "country=nl&sort=PRICE",
    ];
    for (const query of queries) {
      for (const path of [`/meadows?${query}`, `/nl/meadows?${query}`]) {
        const response = await fetch(app.url + path);
        expect(response.status, path).toBe(200);
        await response.arrayBuffer();
      }
      // The browser's data request for the same page.
      const data = await fetch(`${app.url}/meadows.data?${query}`);
      expect(data.status, `/meadows.data?${query}`).toBe(200);
      await data.arrayBuffer();
    }
  });

  it("answers hostile search text with what it spells, never a 500", async () => {
    const meadowIds = (html: string) =>
      [...html.matchAll(/href="\/meadows\/([0-9A-Za-z_-]+)"/g)]
        .map((match) => match[1])
        .filter((id) => id !== "add")
        .sort();
    const list = async (query: string) => {
      const response = await fetch(`${app.url}/meadows?${query}`);
      expect(response.status, query).toBe(200);
      return response.text();
    };
    for (const text of [
      "'",
      "it's \\' \\\\ \"quoted\"",
      "'; drop table meadows; --",
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
      "ü".repeat(300),
      "🌷".repeat(300),
    ]) {
      const query = new URLSearchParams({ q: text, sort: "name" }).toString();
      await list(query);
      const data = await fetch(`${app.url}/meadows.data?${query}`);
      expect(data.status, query).toBe(200);
      await data.arrayBuffer();
    }
    // Control characters are spaces, case and accents do not count: the same meadows.
    const tulips = meadowIds(await list("q=tulp&sort=name"));
    expect(tulips.length).toBeGreaterThan(0);
    expect(meadowIds(await list("q=%00TULP%0A%09&sort=name"))).toEqual(tulips);
    expect(meadowIds(await list("q=TU%CC%88LP&sort=name"))).toEqual(tulips);
    // Nothing a search typed has changed the meadows.
    expect(cardCount(await list(""))).toBe(20);
  });

  it("sorts nearest first around a place, and cuts at the distance", async () => {
    const all = await (await fetch(`${app.url}/meadows?place=Utrecht`)).text();
    const distances = distancesIn(all);
    expect(distances).toHaveLength(20);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const near = await (await fetch(`${app.url}/meadows?place=Utrecht&km=25`)).text();
    const nearDistances = distancesIn(near);
    expect(nearDistances.length).toBeGreaterThan(0);
    expect(nearDistances.filter((km) => km > 25)).toEqual([]);
  });

  it("puts what is in season now first by default, then what starts next month", async () => {
    const now = new Date();
    const answer = (await (await fetch(`${app.url}/api/v1/meadows?limit=100`)).json()) as {
      meadows: { id: string; country: string; crops: { id: string; months: number[] }[] }[];
    };
    const part = new Map(
      answer.meadows.map((meadow) => {
        const month = currentMonth(now, meadow.country);
        const months = new Set(meadow.crops.flatMap((crop) => crop.months));
        const next = (month % 12) + 1;
        return [meadow.id, months.has(month) ? 0 : months.has(next) ? 1 : 2];
      }),
    );
    const ids = (html: string) =>
      [...html.matchAll(/href="\/meadows\/([0-9A-Za-z_-]{6,})"/g)]
        .map((match) => match[1] ?? "")
        .filter((id) => id !== "add");
    const listed: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const html = await (await fetch(`${app.url}/meadows?page=${page}`)).text();
      if (page === 1) expect(html).toMatch(/<option value="season" selected/);
      listed.push(...ids(html));
    }
    expect(new Set(listed)).toEqual(new Set(part.keys()));
    const parts = listed.map((id) => part.get(id));
    expect(parts).toEqual([...parts].sort());
    // Each part by name, as the name order has them.
    const byName: string[] = [];
    for (let page = 1; page <= 3; page++) {
      byName.push(...ids(await (await fetch(`${app.url}/meadows?sort=name&page=${page}`)).text()));
    }
    for (const which of [0, 1, 2]) {
      expect(listed.filter((id) => part.get(id) === which)).toEqual(
        byName.filter((id) => part.get(id) === which),
      );
    }
  });

  describe("reads the box's words as people write them", () => {
    const page = async (query: string) => (await fetch(`${app.url}/meadows?${query}`)).text();
    const chips = (html: string) =>
      [
        ...(html.match(/data-testid="search-chips"[\s\S]*?<\/ul>/)?.[0] ?? "").matchAll(
          /aria-label="(?:Search without|Zoeken zonder) ([^"]+)"/g,
        ),
      ].map((match) => match[1]);
    const cards = (html: string) =>
      [...html.matchAll(/href="\/(?:nl\/)?meadows\/([0-9A-Za-z_-]{6,})"/g)]
        .map((match) => match[1])
        .filter((id) => id !== "add");

    it("a town is near it, nearest first, shown as a chip", async () => {
      for (const town of ["Houten", "houten", "Lisse"]) {
        const html = await page(`q=${town}`);
        const distances = distancesIn(html);
        expect(distances.length, town).toBe(20);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
        expect(distances[0], town).toBeLessThan(3);
        expect(chips(html)).toEqual([
          `Near ${town[0]?.toUpperCase()}${town.slice(1)}, Netherlands`,
        ]);
      }
    });

    it("a crop in English or Dutch, singular or plural, is the crop filter", async () => {
      const filtered = cards(await page("crop=strawberry"));
      expect(filtered.length).toBeGreaterThan(0);
      for (const words of ["strawberry", "strawberries", "aardbei", "Aardbeien"]) {
        const html = await page(`q=${words}`);
        expect(cards(html), words).toEqual(filtered);
        expect(chips(html), words).toEqual(["Strawberries"]);
      }
      expect(cards(await page("q=tulips"))).toEqual(cards(await page("crop=tulip")));
    });

    it("combines crops, places and words", async () => {
      const tulipsLisse = await page("q=tulips+Lisse");
      expect(cards(tulipsLisse)).toEqual(cards(await page("crop=tulip&place=Lisse")));
      expect(chips(tulipsLisse)).toEqual(["Near Lisse, Netherlands", "Tulips"]);

      const dahlias = await page("q=dahlias+near+Zundert");
      expect(cards(dahlias)).toEqual(cards(await page("crop=dahlia&place=Zundert")));
      expect(distancesIn(dahlias)[0]).toBeLessThan(3);

      const utrecht = await (
        await fetch(`${app.url}/nl/meadows?q=aardbeien+plukken+Utrecht`)
      ).text();
      expect(cards(utrecht)).toEqual(cards(await page("crop=strawberry&place=Utrecht")));
      expect(chips(utrecht)).toEqual(["In de buurt van Utrecht, Nederland", "Aardbeien"]);
    });

    it("a region is near it, within its reach", async () => {
      const html = await page("q=de+Betuwe");
      expect(chips(html)).toEqual(["Near the Betuwe"]);
      const distances = distancesIn(html);
      expect(distances.length).toBeGreaterThan(0);
      expect(distances.filter((km) => km > 25)).toEqual([]);
    });

    it("each chip's link is the search without it", async () => {
      const html = await page("q=tulips+Lisse");
      const links = [...html.matchAll(/<a [^>]*aria-label="Search without[^>]*>/g)].map((match) =>
        match[0].match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&"),
      );
      expect(links).toEqual(["/meadows?q=tulips", "/meadows?q=Lisse"]);
    });

    it("a name several places share offers the others, each pinned", async () => {
      const html = await page("q=Limburg");
      expect(chips(html)).toEqual(["Near Limburg (NL)"]);
      const other = html.match(
        /data-testid="other-places"[\s\S]*?href="([^"]*)"[^>]*>Limburg \(BE\)/,
      );
      expect(other?.[1]?.replaceAll("&amp;", "&")).toMatch(
        /^\/meadows\?place=Limburg\+%28BE%29&at=50\.98%2C5\.45$/,
      );
      const belgian = await page("place=Limburg&at=50.98,5.45");
      expect(chips(belgian)).toEqual(["Near Limburg (BE)"]);
    });

    it("words with a typing slip that find nothing are read as the crop or place they are nearest", async () => {
      const html = await page("q=tlupen+Zundret");
      expect(html).toContain('data-testid="closest-note"');
      expect(html).toContain("Nothing matched “tlupen Zundret” as typed");
      expect(chips(html)).toEqual(["Near Zundert, Netherlands", "Tulips"]);
      expect(cards(html)).toEqual(cards(await page("crop=tulip&place=Zundert")));
      const nothing = await page("q=zzqxy");
      expect(nothing).not.toContain('data-testid="closest-note"');
      expect(cardCount(nothing)).toBe(0);
    });

    it("words are found in their other forms, and a slip in a meadow's word is read as it", async () => {
      // "boomgaarden" is looked for by its Dutch stem, which "Kersenboomgaard" holds.
      const [linge] = cards(await page("q=Kersenboomgaard+De+Linge"));
      expect(linge).toBeDefined();
      expect(cards(await page("q=boomgaarden"))).toContain(linge);
      const slipped = await page("q=Kersenbomgaard");
      expect(slipped).toContain("Nothing matched “Kersenbomgaard” as typed");
      expect(cards(slipped)).toEqual(cards(await page("q=Kersenboomgaard")));
      expect(cardCount(slipped)).toBeGreaterThan(0);
    });

    it("words that name nothing still search names and descriptions", async () => {
      const html = await page("q=Kersenboomgaard+De+Linge");
      expect(html).toContain("Kersenboomgaard De Linge");
      expect(chips(html)).toEqual([]);
    });

    it("the map's box reads them too: crops filter and the place comes back", async () => {
      const bbox = "bbox=2,49,8,54&zoom=8";
      const read = await (await fetch(`${app.url}/api/meadows?${bbox}&q=tulips+Lisse`)).json();
      const filtered = await (await fetch(`${app.url}/api/meadows?${bbox}&crop=tulip`)).json();
      expect(read.place).toMatchObject({ name: "Lisse" });
      expect(read.place.lat).toBeCloseTo(52.26, 1);
      expect(read.clusters ?? read.points).toEqual(filtered.clusters ?? filtered.points);
    });
  });

  it("offers a search that found nothing again without each of its filters, in both languages", async () => {
    // No meadow holds the word, so nothing is found whatever the clock says is open.
    const query = "q=zzqx&crop=tulip&crop=dahlia&open=now&page=2";
    const english = await (await fetch(`${app.url}/meadows?${query}`)).text();
    expect(cardCount(english)).toBe(0);
    // Each link's address and name, from its tag, whatever order React writes them in.
    const links = (html: string) =>
      [...html.matchAll(/<a [^>]*>/g)]
        .map(([tag]) => [
          tag.match(/ href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&"),
          tag.match(/ aria-label="([^"]*)"/)?.[1],
        ])
        .filter(([, label]) => /without|zonder/i.test(label ?? ""));
    expect(links(english)).toEqual([
      ["/meadows?crop=tulip&crop=dahlia&open=now", "Search without “zzqx”"],
      ["/meadows?q=zzqx&crop=tulip&crop=dahlia", "Search without Open now"],
      ["/meadows?q=zzqx&crop=dahlia&open=now", "Search without Tulips"],
      ["/meadows?q=zzqx&crop=tulip&open=now", "Search without Dahlias"],
    ]);
    expect(english).toContain("Search without one of these filters:");

    const dutch = await (await fetch(`${app.url}/nl/meadows?${query}`)).text();
    expect(links(dutch).map(([href, label]) => [href, label])).toEqual([
      ["/nl/meadows?crop=tulip&crop=dahlia&open=now", "Zoeken zonder ‘zzqx’"],
      ["/nl/meadows?q=zzqx&crop=tulip&crop=dahlia", "Zoeken zonder Nu open"],
      ["/nl/meadows?q=zzqx&crop=dahlia&open=now", "Zoeken zonder Tulpen"],
      ["/nl/meadows?q=zzqx&crop=tulip&open=now", "Zoeken zonder Dahlia&#x27;s"],
    ]);

    // Words alone: dropping them lists every meadow, which "Show all meadows" already does.
    const wordsOnly = await (await fetch(`${app.url}/meadows?q=zzqx`)).text();
    expect(links(wordsOnly)).toEqual([]);
    expect(wordsOnly).toContain(
      "No meadow&#x27;s name or description has these words. Try other words, or fewer.",
    );
  });

  it("pages through twenty at a time", async () => {
    const first = await (await fetch(`${app.url}/meadows`)).text();
    expect(cardCount(first)).toBe(20);
    expect(first).toContain('rel="next"');
    expect(first).toContain("?page=2");
    const beyond = await (await fetch(`${app.url}/meadows?page=50`)).text();
    expect(cardCount(beyond)).toBe(0);
    expect(beyond).toContain("No meadows found");
  });

  it("keeps a page of twenty cards within its HTML budget", async () => {
    // As a browser's second page: its first brought the stylesheet inline (ADR 25).
    const first = await fetch(`${app.url}/`);
    await first.arrayBuffer();
    const cookie = first.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    expect(cookie).toContain("stylesheet=");
    for (const path of ["/meadows", "/nl/meadows?place=Utrecht&sort=distance"]) {
      const html = await (await fetch(app.url + path, { headers: { cookie } })).text();
      expect(html, path).toContain('rel="stylesheet"');
      expect(cardCount(html), path).toBe(20);
      expect(Buffer.byteLength(html), path).toBeLessThan(LIST_PAGE_HTML_BUDGET);
    }
  });

  it("lets search engines index the plain list only", async () => {
    const plain = await (await fetch(`${app.url}/meadows`)).text();
    expect(plain).not.toContain('name="robots"');
    expect(plain).toContain("<title>Find a meadow · Plukweide</title>");
    const filtered = await (await fetch(`${app.url}/nl/meadows?q=tulp`)).text();
    expect(filtered).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(filtered).toContain("<title>tulp · Vind een pluktuin · Plukweide</title>");
  });

  describe("suggests as the visitor types", () => {
    const suggestions = (query: string) => fetch(`${app.url}/resources/suggestions?${query}`);

    it("answers places, crops and meadows as JSON every visitor may share", async () => {
      const response = await suggestions("q=kersenb&lang=nl");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=60");
      const answer = suggestionsAnswerSchema.parse(await response.json());
      expect(answer.suggestions).toContainEqual(
        expect.objectContaining({ kind: "meadow", name: "Kersenboomgaard De Linge" }),
      );
      const lisse = suggestionsAnswerSchema.parse(
        await (await suggestions("q=tulips%20Lis&lang=en")).json(),
      );
      expect(lisse.suggestions[0]).toEqual({
        kind: "place",
        name: "Lisse",
        country: "NL",
        region: false,
        before: "tulips ",
      });
    });

    it("refuses a language it does not speak, and never answers a 500", async () => {
      const refused = await suggestions("q=kers&lang=fr");
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "lang must be en or nl" });
      for (const query of [
        "",
        "q=",
        "q=%00%01",
        `q=${"%25_%5C".repeat(400)}`,
        `q=${"kersen ".repeat(800)}`,
        "q=%F0%9F%8C%B7&lang=nl",
        "q=a&q=b&lang=en&lang=nl",
        "q='%3B%20drop%20table%20meadows%3B--",
      ]) {
        const response = await suggestions(query);
        expect(response.status, query).toBe(200);
        suggestionsAnswerSchema.parse(await response.json());
      }
    });
  });
});
