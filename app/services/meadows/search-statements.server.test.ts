import { PgDialect } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import { format } from "sql-formatter";
import { describe, expect, it } from "vitest";
import { cropCellsNear } from "./filters.server";
import {
  nearCropsStatement,
  nearestWalkStatement,
  planStatement,
  seasonFirstStatement,
  type SearchParams,
} from "./search-statements.server";

/*
 * Each plan's SQL as it goes to the database, kept in ./queries (as Immich keeps its queries):
 * a change to a statement shows in review as a change to its file. `npx vitest run -u` writes
 * them again after a deliberate change.
 */

const dialect = new PgDialect();
const now = new Date("2026-06-15T10:00:00Z");
const utrecht = { lat: 52.09, lng: 5.12 };
const page = { page: 1, pageSize: 20 };

/** The statement as PostgreSQL receives it, its parameters listed after it. */
function rendered(title: string, statement: SQL): string {
  const query = dialect.sqlToQuery(statement);
  const lines = query.params.map((value, index) => `-- $${index + 1} = ${JSON.stringify(value)}`);
  const formatted = format(query.sql, { language: "postgresql", paramTypes: { numbered: ["$"] } });
  return `-- ${title}\n${formatted}\n\n${lines.join("\n")}\n`;
}

const text = (word: string, key = word): Partial<SearchParams> => ({ text: word, words: [key] });

describe("each plan's statement", () => {
  const plans: [string, Parameters<typeof planStatement>[0], SearchParams, ("few" | "many")?][] = [
    ["text-first", "text-first", { ...text("kleinood"), sort: "name", now }],
    ["planner", "planner", { ...text("tulpen", "tulp"), sort: "name", now }],
    ["common-word", "common-word", { ...text("pluktuin"), sort: "name", now }],
    [
      "nearest",
      "nearest",
      { ...text("tulpen", "tulp"), near: utrecht, maxDistanceKm: 25, sort: "distance", now },
    ],
    [
      "along-order",
      "along-order",
      { ...text("tulpen", "tulp"), near: utrecht, maxDistanceKm: 25, sort: "name", now },
    ],
    ["radius-first", "radius-first", { near: utrecht, maxDistanceKm: 25, sort: "price", now }],
    [
      "planner-counted-first",
      "planner",
      { crops: ["dahlia"], openNow: true, sort: "name", now },
      "few",
    ],
    ["planner-many", "planner", { crops: ["dahlia"], sort: "newest", now }, "many"],
  ];

  it.each(plans)("%s", async (name, plan, params, matches) => {
    const { query, count, prefix, streaming } = planStatement(plan, params, { ...page, matches });
    await expect(
      rendered(`${plan}${streaming ? ", streamed" : ""}: the page`, query) +
        "\n" +
        rendered(`${plan}: the count past the last page`, sql`${prefix} select ${count}`),
    ).toMatchFileSnapshot(`./queries/${name}.sql`);
  });

  it("season-first", async () => {
    const params = { sort: "season" as const, now };
    const { query } = seasonFirstStatement(
      params,
      { nowFew: true, nextFew: false, many: true },
      page,
    );
    await expect(rendered("season-first: the page", query)).toMatchFileSnapshot(
      "./queries/season-first.sql",
    );
  });

  it("crops-near", async () => {
    const params = {
      crops: ["dahlia", "sunflower"],
      near: utrecht,
      maxDistanceKm: 10,
      sort: "distance" as const,
      now,
    };
    const keys = cropCellsNear(params) ?? [];
    expect(keys.length).toBeGreaterThan(0);
    await expect(
      rendered(
        "crops-near: the matches in the circle's cells, sorted",
        nearCropsStatement(params, keys, { ...page, sorted: 2_000 }),
      ) +
        "\n" +
        rendered(
          "crops-near: the nearest walked first, where matches are common",
          nearestWalkStatement(params, { metres: 10_000, needed: 21, walked: 420 }),
        ),
    ).toMatchFileSnapshot("./queries/crops-near.sql");
  });
});
