import { CROP_IDS } from "./crops";
import { foldWords } from "./fold";

export { foldWords };

/*
 * The words people type for each crop of the catalogue, in English and Dutch, singular and
 * plural, and the common other names (krieken, bosbessen, mais), as foldWords writes them. The
 * search box reads them as the crop filter (app/services/meadows/read-query.server.ts), and the
 * suggestions offer the crop for any of them.
 */
export const CROP_WORDS: Readonly<Record<string, readonly string[]>> = {
  tulip: ["tulip", "tulips", "tulp", "tulpen"],
  daffodil: ["daffodil", "daffodils", "narcis", "narcissen", "narcissus", "narcissi"],
  hyacinth: ["hyacinth", "hyacinths", "hyacint", "hyacinten"],
  ranunculus: ["ranunculus", "ranunculi", "ranunculuses", "ranonkel", "ranonkels"],
  peony: ["peony", "peonies", "pioen", "pioenen", "pioenroos", "pioenrozen"],
  allium: ["allium", "alliums", "sierui", "sieruien", "ornamental onion", "ornamental onions"],
  "sweet-pea": [
    "sweet pea",
    "sweet peas",
    "sweetpea",
    "sweetpeas",
    "lathyrus",
    "pronkerwt",
    "pronkerwten",
    "reukerwt",
    "reukerwten",
  ],
  cornflower: ["cornflower", "cornflowers", "korenbloem", "korenbloemen"],
  larkspur: ["larkspur", "larkspurs", "ridderspoor", "delphinium", "delphiniums"],
  lavender: ["lavender", "lavendel"],
  rose: ["rose", "roses", "roos", "rozen"],
  lily: ["lily", "lilies", "lelie", "lelies"],
  snapdragon: ["snapdragon", "snapdragons", "leeuwenbek", "leeuwenbekje", "leeuwenbekjes"],
  scabious: ["scabious", "scabiosa", "scabiosas", "duifkruid"],
  sunflower: ["sunflower", "sunflowers", "zonnebloem", "zonnebloemen"],
  dahlia: ["dahlia", "dahlias"],
  zinnia: ["zinnia", "zinnias"],
  cosmos: ["cosmos", "cosmea", "cosmeas"],
  gladiolus: ["gladiolus", "gladioli", "gladioluses", "gladiool", "gladiolen"],
  phlox: ["phlox", "flox"],
  statice: ["statice", "limonium", "lamsoor"],
  strawflower: ["strawflower", "strawflowers", "strobloem", "strobloemen"],
  hydrangea: ["hydrangea", "hydrangeas", "hortensia", "hortensias"],
  aster: ["aster", "asters"],
  chrysanthemum: ["chrysanthemum", "chrysanthemums", "chrysant", "chrysanten", "mums"],
  holly: ["holly", "hulst"],
  hellebore: [
    "hellebore",
    "hellebores",
    "helleborus",
    "christmas rose",
    "christmas roses",
    "kerstroos",
    "kerstrozen",
  ],
  strawberry: ["strawberry", "strawberries", "aardbei", "aardbeien"],
  cherry: ["cherry", "cherries", "kers", "kersen"],
  gooseberry: ["gooseberry", "gooseberries", "kruisbes", "kruisbessen"],
  redcurrant: [
    "redcurrant",
    "redcurrants",
    "red currant",
    "red currants",
    "rode bes",
    "rode bessen",
    "aalbes",
    "aalbessen",
  ],
  raspberry: ["raspberry", "raspberries", "framboos", "frambozen"],
  blackcurrant: [
    "blackcurrant",
    "blackcurrants",
    "black currant",
    "black currants",
    "zwarte bes",
    "zwarte bessen",
    "cassis",
  ],
  blueberry: [
    "blueberry",
    "blueberries",
    "blauwe bes",
    "blauwe bessen",
    "bosbes",
    "bosbessen",
    "blauwbes",
    "blauwbessen",
  ],
  "sour-cherry": [
    "sour cherry",
    "sour cherries",
    "morello",
    "morellos",
    "morel",
    "morellen",
    "kriek",
    "krieken",
    "zure kers",
    "zure kersen",
  ],
  blackberry: ["blackberry", "blackberries", "braam", "bramen"],
  plum: ["plum", "plums", "pruim", "pruimen"],
  apple: ["apple", "apples", "appel", "appels", "appelen"],
  pear: ["pear", "pears", "peer", "peren"],
  kiwiberry: ["kiwiberry", "kiwiberries", "kiwibes", "kiwibessen", "kiwai"],
  walnut: ["walnut", "walnuts", "walnoot", "walnoten"],
  chestnut: [
    "chestnut",
    "chestnuts",
    "sweet chestnut",
    "sweet chestnuts",
    "kastanje",
    "kastanjes",
    "tamme kastanje",
    "tamme kastanjes",
  ],
  quince: ["quince", "quinces", "kweepeer", "kweeperen"],
  asparagus: ["asparagus", "asperge", "asperges"],
  tomato: ["tomato", "tomatoes", "tomaat", "tomaten"],
  bean: ["bean", "beans", "boon", "bonen"],
  "sweet-corn": ["sweet corn", "sweetcorn", "corn", "mais", "suikermais", "maiskolf", "maiskolven"],
  pumpkin: ["pumpkin", "pumpkins", "pompoen", "pompoenen"],
  kale: ["kale", "boerenkool"],
  "brussels-sprouts": [
    "brussels sprout",
    "brussels sprouts",
    "brussel sprouts",
    "sprouts",
    "spruitje",
    "spruitjes",
    "spruitkool",
  ],
};

/** The crop each folded word or phrase names ("aardbeien" → "strawberry"). */
export const CROP_BY_WORDS: ReadonlyMap<string, string> = new Map(
  CROP_IDS.flatMap((id) => (CROP_WORDS[id] ?? []).map((words) => [words, id] as const)),
);

/** The most words any crop's name has ("tamme kastanjes": 2). */
export const CROP_WORDS_MAX_LENGTH = Math.max(
  ...[...CROP_BY_WORDS.keys()].map((words) => words.split(" ").length),
);
