import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "../app/adapters/db.server";
import { testEngines } from "../tests/support/databases";
import {
  allMeadows,
  COLUMNS_ADDED_AFTER_0013,
  openMigratedBefore,
} from "../tests/support/migrations";

const searchTexts = (handle: DatabaseHandle) =>
  queryRows<{ id: string; search_text: string }>(
    handle.db,
    sql`select id, search_text from meadows order by id`,
  );

describe.each(testEngines)("migration 0013 (descriptions per language) on $name", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  it("keeps every meadow's search text, and searches both descriptions from then on", async () => {
    handle = await openMigratedBefore(engine, "0013_meadow_descriptions_per_language");
    const db = handle.db;
    await db.execute(sql`insert into meadows (id, name, description, price_text, opening_hours,
        street, house_number, postal_code, city, country, lat, lng)
      values
        ('m1', 'Crème Tulpen', 'Tulips to pick.' || chr(10) || 'Second line', '€ 0,50 per steel',
          'dagelijks', 'Dorpsstraat', '1a', '3511 AB', 'Utrecht', 'NL', 52.09, 5.12),
        ('m2', 'Zonneveld', '', 'gratis', 'altijd', 'Veldweg', '2', '9000', 'Gent', 'BE',
          51.05, 3.72)`);
    const before = await allMeadows(handle);

    await handle.migrate();

    // 0013 adds an empty Dutch description; 0014 and 0015, which run after it here, no crops and
    // no hours; 0030 puts a unit separator after the name (and would add stems these lack).
    const separated: Record<string, string> = {
      m1: "creme tulpen \x1f tulips to pick.\nsecond line",
      m2: "zonneveld \x1f ",
    };
    expect(await allMeadows(handle)).toEqual(
      before.map(({ row }) => ({
        row: {
          ...row,
          description_nl: "",
          ...COLUMNS_ADDED_AFTER_0013,
          search_text: separated[String(row.id)],
        },
      })),
    );
    await db.execute(
      sql`update meadows set description_nl = 'Tulpen om te plukken' where id = 'm1'`,
    );
    await db.execute(sql`update meadows set name = 'Zonnebloemveld' where id = 'm2'`);
    await db.execute(sql`insert into meadows (id, name, description, description_nl, search_text,
        price_text, opening_hours, street, house_number, postal_code, city, country, lat, lng)
      values ('m3', 'Fleurs', '', 'Bloemen in de lente', 'anything', 'gratuit', 'tous les jours',
        'Rue Haute', '3', '5000', 'Namur', 'BE', 50.46, 4.87)`);
    expect(await searchTexts(handle)).toEqual([
      {
        id: "m1",
        search_text: "creme tulpen \x1f tulips to pick.\nsecond line tulpen om te plukken",
      },
      { id: "m2", search_text: "zonnebloemveld \x1f " },
      { id: "m3", search_text: "fleurs \x1f  bloemen in de lente" },
    ]);
  });
});
