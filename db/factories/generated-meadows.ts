import { sql } from "drizzle-orm";
import type { Database } from "../../app/adapters/db.server";
import { CROPS } from "../../app/lib/crops";
import { HOURS_FORM_VERSION, hoursColumns } from "../../app/services/meadows/hours.server";
import { parsePriceAmount } from "../../app/services/price";
import { meadowInput } from "./meadows";

/*
 * Generated meadows, as many as a benchmark wants (`npm run bench:search`, `bench:pages`,
 * `bench:load`): spread around real towns in NL, BE, DE and FR, more of them near the bigger ones,
 * with names, descriptions and prices drawn from the lists below and the other columns of
 * `meadowInput`. The database builds them itself (INSERT … SELECT over generate_series), from a
 * fixed random seed, so a million rows load in minutes and every load is the same.
 */

const CHUNK = 50_000;

const defaults = meadowInput();

export const TOWNS: [country: string, city: string, lat: number, lng: number][] = [
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

/**
 * Each meadow grows up to three crops of the catalogue, in their usual seasons; about one in four
 * grows none (its crops are not filled in). Crops early in the catalogue are drawn more often, so some
 * are common (about one meadow in ten) and others rare.
 */
const MAX_BENCH_CROPS = 3;

/**
 * Opening hours of the kinds members give, with their derived columns as the records service
 * writes them (the weekly form is the same in every country for these); one meadow in six has
 * free-text hours only.
 */
const HOURS = [
  "Mo-Fr 10:00-18:00; PH off",
  "Apr-Sep Mo-Su 09:00-18:00",
  "Jul-Sep We-Su 10:00-17:00",
  "Apr-May Mo-Sa 09:00-12:00,13:00-17:30; PH off",
  "Sa,Su 10:00-16:00",
  "May-Oct Mo-Su 08:00-20:00",
  "Sep-Nov Fr,Sa 10:00-17:00",
  '"by appointment"',
  'Jun-Aug Tu-Sa 10:00-17:00 || "by appointment"',
  "24/7",
].map((syntax) => {
  const columns = hoursColumns(syntax, "", "NL");
  return [syntax, columns.openMinutes, columns.closedOnHolidays ? 1 : 0];
});

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

/** One INSERT … SELECT over generate_series: the database builds the rows itself. */
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
  ), crops(i, id, season) as (
    select row_number() over () - 1, * from (values ${valuesList(CROPS.map((crop) => [crop.id, crop.season]))}) t
  ), hours(i, syntax, minutes, holidays) as (
    select row_number() over () - 1, * from (values ${valuesList(HOURS)}) t
  ), draws as (
    select g,
      floor(random() * ${MAX_BENCH_CROPS + 1.25})::int as crop_count,
      floor(power(random(), 1.5) * ${CROPS.length})::int as c1,
      floor(power(random(), 1.5) * ${CROPS.length})::int as c2,
      floor(power(random(), 1.5) * ${CROPS.length})::int as c3,
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
      random() as age,
      floor(random() * ${HOURS.length * 1.2})::int as hours
    from generate_series(${from}, ${to}) as g
  )
  insert into meadows (id, name, description, price_text, price_amount, opening_hours, street,
    house_number, postal_code, city, country, lat, lng, created_at, updated_at, crops,
    crop_months, season_mask, hours_syntax, open_minutes, closed_on_holidays, hours_form)
  select substr(md5(g::text), 1, 4) || lpad(to_hex(g), 6, '0'),
    -- One meadow in 10,000 has a rare word in its name, for a selective search.
    first.word || ' ' || second.word || case when g % 10000 = 0 then ' Kleinood' else '' end,
    d1.text || ' ' || d2.text,
    prices.text, prices.amount,
    ${literal(defaults.openingHours)},
    ${literal(defaults.street)}, (1 + g % 200)::text, lpad((1000 + g % 8999)::text, 4, '0'),
    towns.city, towns.country,
    towns.lat + draws.dlat, towns.lng + draws.dlng,
    now() - draws.age * interval '1000 days', now() - draws.age * interval '1000 days',
    grown.ids, grown.months, grown.mask,
    hours.syntax, coalesce(hours.minutes, '{}')::int4multirange,
    coalesce(hours.holidays = 1, false), ${HOURS_FORM_VERSION}
  from draws
    cross join lateral (
      select coalesce(array_agg(c.id order by c.i), '{}') as ids,
        coalesce(array_agg(c.season::smallint order by c.i), '{}') as months,
        coalesce(bit_or(c.season), 0)::smallint as mask
      from crops c
      where c.i in (draws.c1, draws.c2, draws.c3)
        and draws.crop_count >= case c.i when draws.c1 then 1 when draws.c2 then 2 else 3 end
    ) grown
    join towns on towns.i = draws.town
    join first on first.i = draws.first
    join second on second.i = draws.second
    join descriptions d1 on d1.i = draws.d1
    join descriptions d2 on d2.i = draws.d2
    join prices on prices.i = draws.price
    left join hours on hours.i = draws.hours`;
}

/** Adds `rows` generated meadows, ids from 1 to `rows`, in statements of CHUNK rows. */
export async function insertGeneratedMeadows(db: Database, rows: number) {
  await db.execute(sql`select setseed(0.42)`);
  for (let from = 1; from <= rows; from += CHUNK) {
    await db.execute(sql.raw(insertChunk(from, Math.min(from + CHUNK - 1, rows))));
  }
}
