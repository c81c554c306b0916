/*
 * The judged query set of `npm run bench:relevance` (docs/search.md): queries as visitors type
 * them, in English and Dutch, each with the meadows that must come back in the first ten.
 *
 * On the demo meadows (db/seed/demo-meadows.ts) the relevant meadows are named by id, the one
 * that should come first listed first. On the generated bench meadows
 * (db/factories/generated-meadows.ts) they are the first ten a plain SQL statement finds for
 * what the query asks, written beside it, independent of the search's own code.
 */

export interface DemoJudgement {
  query: string;
  lang: "en" | "nl";
  /** The meadows that must come back; the first of them should be first. */
  relevant: string[];
}

const strawberries = ["demo-010", "demo-027", "demo-028", "demo-041"];
const tulips = ["demo-001", "demo-003", "demo-004", "demo-005", "demo-006", "demo-039"];
const dahlias = ["demo-002", "demo-007", "demo-022", "demo-033", "demo-042"];
const sunflowers = ["demo-008", "demo-020", "demo-026", "demo-034", "demo-038"];
const cherries = ["demo-011", "demo-016", "demo-030"];
const blueberries = ["demo-015", "demo-019", "demo-029"];
const lavender = ["demo-017", "demo-023", "demo-032"];
const pumpkins = ["demo-021", "demo-024", "demo-035", "demo-040"];
const peonies = ["demo-014", "demo-018", "demo-042"];
const apples = ["demo-013", "demo-025", "demo-031", "demo-037"];
const pears = ["demo-012", "demo-025", "demo-031", "demo-037"];
const zinnias = ["demo-009", "demo-018", "demo-026", "demo-036", "demo-039"];

export const DEMO_JUDGEMENTS: DemoJudgement[] = [
  // Crops, by their English and Dutch names, singular and plural.
  { query: "strawberry", lang: "en", relevant: strawberries },
  { query: "strawberries", lang: "en", relevant: strawberries },
  { query: "aardbei", lang: "nl", relevant: strawberries },
  { query: "aardbeien", lang: "nl", relevant: strawberries },
  { query: "tulip", lang: "en", relevant: tulips },
  { query: "tulips", lang: "en", relevant: tulips },
  { query: "tulpen", lang: "nl", relevant: tulips },
  { query: "dahlias", lang: "en", relevant: dahlias },
  { query: "dahlia's", lang: "nl", relevant: dahlias },
  { query: "sunflowers", lang: "en", relevant: sunflowers },
  { query: "zonnebloem", lang: "nl", relevant: sunflowers },
  { query: "cherries", lang: "en", relevant: cherries },
  { query: "kersen", lang: "nl", relevant: cherries },
  { query: "blueberries", lang: "en", relevant: blueberries },
  { query: "bosbessen", lang: "nl", relevant: blueberries },
  { query: "lavender", lang: "en", relevant: lavender },
  { query: "lavendel", lang: "nl", relevant: lavender },
  { query: "pumpkins", lang: "en", relevant: pumpkins },
  { query: "pompoenen", lang: "nl", relevant: pumpkins },
  { query: "peonies", lang: "en", relevant: peonies },
  { query: "pioenrozen", lang: "nl", relevant: peonies },
  { query: "apples", lang: "en", relevant: apples },
  { query: "appels", lang: "nl", relevant: apples },
  { query: "pears", lang: "en", relevant: pears },
  { query: "peren", lang: "nl", relevant: pears },
  { query: "zinnias", lang: "en", relevant: zinnias },
  { query: "red currants", lang: "en", relevant: ["demo-019"] },
  { query: "rode bessen", lang: "nl", relevant: ["demo-019"] },
  { query: "christmas roses", lang: "en", relevant: ["demo-043"] },
  { query: "kerstrozen", lang: "nl", relevant: ["demo-043"] },
  { query: "brussels sprouts", lang: "en", relevant: ["demo-043"] },
  { query: "spruitjes", lang: "nl", relevant: ["demo-043"] },
  { query: "raspberries", lang: "en", relevant: ["demo-027"] },
  { query: "frambozen", lang: "nl", relevant: ["demo-027"] },
  // Towns, villages and regions: the meadows there first.
  { query: "Houten", lang: "en", relevant: ["demo-010"] },
  { query: "Lisse", lang: "nl", relevant: ["demo-001", "demo-002"] },
  { query: "Zundert", lang: "nl", relevant: ["demo-007"] },
  { query: "Hillegom", lang: "en", relevant: ["demo-003"] },
  { query: "Bolsward", lang: "nl", relevant: ["demo-022"] },
  { query: "Lochristi", lang: "nl", relevant: ["demo-033"] },
  { query: "Sint-Truiden", lang: "nl", relevant: ["demo-030"] },
  { query: "Tournai", lang: "en", relevant: ["demo-041"] },
  { query: "Doornik", lang: "nl", relevant: ["demo-041"] },
  { query: "Haspengouw", lang: "nl", relevant: ["demo-030", "demo-031"] },
  { query: "de Betuwe", lang: "nl", relevant: ["demo-011", "demo-012", "demo-013", "demo-014"] },
  { query: "Bollenstreek", lang: "nl", relevant: ["demo-001", "demo-002", "demo-003", "demo-004"] },
  { query: "Zeeland", lang: "en", relevant: ["demo-025", "demo-026"] },
  { query: "Limburg", lang: "nl", relevant: ["demo-016", "demo-017", "demo-015"] },
  // Crops and places together, with the words people add.
  { query: "tulips Lisse", lang: "en", relevant: ["demo-001", "demo-003", "demo-004"] },
  { query: "dahlias near Zundert", lang: "en", relevant: ["demo-007"] },
  { query: "aardbeien plukken Utrecht", lang: "nl", relevant: ["demo-010"] },
  { query: "cherries in Haspengouw", lang: "en", relevant: ["demo-030"] },
  { query: "kersen in de Betuwe", lang: "nl", relevant: ["demo-011"] },
  { query: "pumpkins near Raalte", lang: "en", relevant: ["demo-024"] },
  { query: "lavendel Limburg", lang: "nl", relevant: ["demo-017"] },
  { query: "apples and pears Zeeland", lang: "en", relevant: ["demo-025"] },
  { query: "zonnebloemen bij Gent", lang: "nl", relevant: ["demo-034"] },
  {
    query: "pick your own strawberries near Amsterdam",
    lang: "en",
    relevant: ["demo-010", "demo-027"],
  },
  { query: "pluktuin Lisse", lang: "nl", relevant: ["demo-001", "demo-002"] },
  { query: "strawberry farm Houten", lang: "en", relevant: ["demo-010"] },
  { query: "bloemen plukken Lisse", lang: "nl", relevant: ["demo-001", "demo-002"] },
  // Typing slips, read as the crop or place they are closest to when nothing matches as typed.
  { query: "tlupen", lang: "nl", relevant: tulips },
  { query: "strawbery", lang: "en", relevant: strawberries },
  { query: "aardbeein", lang: "nl", relevant: strawberries },
  { query: "dahlais Lisse", lang: "en", relevant: ["demo-002"] },
  { query: "kersen Geldermalsn", lang: "nl", relevant: ["demo-011"] },
  { query: "lavendel Zundret", lang: "nl", relevant: ["demo-017", "demo-032", "demo-023"] },
  // The words of names and descriptions in another form, and with a slip.
  {
    query: "orchards",
    lang: "en",
    relevant: ["demo-011", "demo-012", "demo-025", "demo-030", "demo-037"],
  },
  {
    query: "boomgaarden",
    lang: "nl",
    relevant: ["demo-011", "demo-012", "demo-016", "demo-025", "demo-030"],
  },
  { query: "bouquets", lang: "en", relevant: ["demo-009", "demo-033"] },
  { query: "Kersenbomgaard", lang: "nl", relevant: ["demo-011", "demo-016"] },
  { query: "Wulfsenhof", lang: "nl", relevant: ["demo-010"] },
  { query: "Moervart", lang: "nl", relevant: ["demo-033"] },
  // Names and the words of descriptions.
  { query: "Wulfsehof", lang: "nl", relevant: ["demo-010"] },
  { query: "Kersenboomgaard De Linge", lang: "nl", relevant: ["demo-011"] },
  { query: "Zandhoek", lang: "en", relevant: ["demo-001"] },
  { query: "Corsoveld", lang: "nl", relevant: ["demo-007"] },
  { query: "Hulstbos", lang: "en", relevant: ["demo-043"] },
  { query: "Moervaart", lang: "nl", relevant: ["demo-033"] },
  { query: "Trichtse Hoeve", lang: "nl", relevant: ["demo-012"] },
  { query: "Plateau de Herve", lang: "en", relevant: ["demo-037"] },
  { query: "Pré Fleuri", lang: "en", relevant: ["demo-039"] },
];

export interface BenchJudgement {
  query: string;
  lang: "en" | "nl";
  /**
   * The first ten relevant meadows' ids, by a statement of its own: `near` orders by distance
   * from a point, `crop` and `name` (a word of the name) filter.
   */
  truth: { crop?: string; near?: [lat: number, lng: number]; name?: string };
}

export const BENCH_JUDGEMENTS: BenchJudgement[] = [
  { query: "tulips Lisse", lang: "en", truth: { crop: "tulip", near: [52.26, 4.557] } },
  { query: "aardbeien Utrecht", lang: "nl", truth: { crop: "strawberry", near: [52.091, 5.122] } },
  { query: "dahlias near Gent", lang: "en", truth: { crop: "dahlia", near: [51.05, 3.717] } },
  {
    query: "zonnebloemen bij Antwerpen",
    lang: "nl",
    truth: { crop: "sunflower", near: [51.217, 4.417] },
  },
  { query: "Lisse", lang: "en", truth: { near: [52.26, 4.557] } },
  { query: "Maastricht", lang: "nl", truth: { near: [50.848, 5.689] } },
  { query: "kersen Leuven", lang: "nl", truth: { crop: "cherry", near: [50.879, 4.701] } },
  { query: "Tulpenveld", lang: "nl", truth: { name: "tulpenveld" } },
];
