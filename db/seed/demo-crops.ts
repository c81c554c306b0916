import { cropById, monthRange, type MeadowCrop } from "../../app/lib/crops";

/*
 * What grows at each demo meadow (./demo-meadows.ts), by its id: the crops its description
 * names, in their usual season unless the meadow's own months are given ([first, last], which
 * may run past December), and never in a month its hours (./demo-hours.ts) keep it closed, so a
 * card never says "in season" beside "closed for the season". Kept apart from the meadows'
 * texts, which are edited on their own.
 */

type DemoCrop = string | [id: string, from: number, to: number];

const DEMO_CROPS: Readonly<Record<string, readonly DemoCrop[]>> = {
  "demo-001": ["tulip"],
  "demo-002": ["dahlia"],
  // Early and late tulips: six weeks, from April to mid-May.
  "demo-003": [["tulip", 4, 5]],
  "demo-004": ["tulip", "daffodil", "hyacinth"],
  "demo-005": ["tulip"],
  "demo-006": ["tulip"],
  "demo-007": ["dahlia"],
  "demo-008": ["sunflower"],
  "demo-009": ["zinnia", "cosmos", ["snapdragon", 7, 9], ["scabious", 7, 9]],
  // Table-top strawberries, picked from late May to mid-July.
  "demo-010": [["strawberry", 5, 7]],
  "demo-011": ["cherry"],
  "demo-012": [["pear", 9, 10]],
  "demo-013": ["apple"],
  "demo-014": ["peony"],
  "demo-015": [["blueberry", 7, 8]],
  "demo-016": [["cherry", 7, 7]],
  "demo-017": ["lavender"],
  "demo-018": [["peony", 6, 6], "zinnia", ["cosmos", 7, 9], "sweet-pea"],
  "demo-019": [
    ["blueberry", 7, 8],
    ["redcurrant", 7, 7],
  ],
  "demo-020": ["sunflower"],
  "demo-021": [["pumpkin", 9, 10]],
  "demo-022": [["dahlia", 8, 10]],
  "demo-023": [["lavender", 7, 8]],
  "demo-024": ["pumpkin"],
  "demo-025": [
    ["apple", 9, 10],
    ["pear", 9, 10],
  ],
  "demo-026": ["zinnia", "sunflower", "strawflower"],
  "demo-027": [
    ["strawberry", 6, 6],
    ["raspberry", 6, 8],
  ],
  "demo-028": [["strawberry", 5, 7]],
  "demo-029": [["blueberry", 7, 8]],
  "demo-030": [["cherry", 7, 7]],
  "demo-031": ["apple", "pear"],
  "demo-032": ["lavender"],
  "demo-033": [["dahlia", 8, 10], ["gladiolus", 8, 9], "aster"],
  "demo-034": ["sunflower"],
  "demo-035": ["pumpkin"],
  "demo-036": ["zinnia"],
  "demo-037": [
    ["apple", 9, 10],
    ["pear", 9, 10],
  ],
  "demo-038": ["sunflower"],
  "demo-039": ["tulip", "zinnia", ["cosmos", 7, 9], "snapdragon"],
  "demo-040": ["pumpkin"],
  // Under tunnels: from May to September, rain or shine.
  "demo-041": [["strawberry", 5, 9]],
  "demo-042": [
    ["peony", 6, 6],
    ["dahlia", 8, 10],
  ],
  // Open from mid-November to the end of February; holly until Christmas.
  "demo-043": [
    ["kale", 11, 2],
    ["brussels-sprouts", 11, 2],
    ["holly", 11, 12],
    ["hellebore", 12, 2],
  ],
};

/** The demo meadow's crops, with their months; none for a meadow not listed. */
export function demoCrops(meadowId: string): MeadowCrop[] {
  return (DEMO_CROPS[meadowId] ?? []).map((entry) => {
    const [id, from, to] = typeof entry === "string" ? [entry] : entry;
    const crop = cropById(id);
    if (!crop) throw new Error(`demo meadow ${meadowId}: no crop ${id}`);
    return { id, months: from && to ? monthRange(from, to) : crop.season };
  });
}

/** The ids of the demo meadows with crops (the test checks each is a demo meadow). */
export const DEMO_MEADOWS_WITH_CROPS = Object.keys(DEMO_CROPS);
