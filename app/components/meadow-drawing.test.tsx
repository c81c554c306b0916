import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { drawingScene, drawnCrops, toMeadowCard } from "~/lib/meadow-card";
import { cropById, CROPS, monthRange } from "~/lib/crops";
import { drawingScenes, MeadowDrawing, MeadowDrawingParts } from "./meadow-drawing";

/** The `<use>` elements of a card's drawing: what each shows, and in which colour. */
function drawn(crops?: string[]) {
  const html = renderToStaticMarkup(<MeadowDrawing seed="m1" partsId="p" crops={crops} />);
  return [...html.matchAll(/<use( [^>]*)><\/use>/g)]
    .map(([, attributes = ""]) => {
      const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(attributes)?.[1];
      return [attribute("href")?.slice(2), attribute("color") ?? attribute("class") ?? null];
    })
    .filter(([part]) => part !== "h");
}

describe("a meadow's drawing until it has a photo", () => {
  it("shows what its first crop grows on, in a dozen scenes", () => {
    expect(drawingScene("dahlia")).toBe("flowers");
    expect(drawingScene("tulip")).toBe("bulbs");
    expect(drawingScene("lavender")).toBe("spikes");
    expect(drawingScene("sunflower")).toBe("sunflowers");
    expect(drawingScene("peony")).toBe("roses");
    expect(drawingScene("cosmos")).toBe("wildflowers");
    expect(drawingScene("apple")).toBe("orchard");
    expect(drawingScene("cherry")).toBe("orchard");
    expect(drawingScene("blueberry")).toBe("bushes");
    expect(drawingScene("strawberry")).toBe("strawberries");
    expect(drawingScene("kale")).toBe("vegetables");
    expect(drawingScene("pumpkin")).toBe("pumpkins");
    expect(drawingScene("sweet-corn")).toBe("corn");
    expect(new Set(CROPS.map((crop) => drawingScene(crop.id))).size).toBeGreaterThanOrEqual(12);
    expect(drawingScene(undefined)).toBe("flowers");
    expect(drawingScene("no-such-crop")).toBe("flowers");
  });

  it("gives the fruit the colours of its first two crops of that kind", () => {
    // Apples are drawn red: the catalogue's green would vanish among the leaves.
    expect(drawn(["apple", "pear"])).toEqual([
      ["t", null],
      ["o0", "#d8483a"],
      ["o1", cropById("pear")?.colour],
    ]);
    // The flowers come first in the catalogue's order, and decide; the fruit is left out.
    expect(drawnCrops(["sunflower", "strawberry"])).toEqual(["sunflower"]);
    expect(drawn(["sunflower"])).toEqual([
      ["n0", cropById("sunflower")?.colour],
      ["n1", cropById("sunflower")?.colour],
    ]);
    expect(drawn(["pumpkin"])).toEqual([
      ["p0", cropById("pumpkin")?.colour],
      ["p1", cropById("pumpkin")?.colour],
    ]);
    expect(drawn(["kale", "tomato"])).toEqual([
      ["g0", cropById("kale")?.colour],
      ["g1", cropById("tomato")?.colour],
    ]);
  });

  it("without crops, shows flowers in two colours of its own that it keeps", () => {
    const colours = drawn();
    expect(colours.map(([part]) => part)).toEqual(["f0", "f1"]);
    for (const [, className] of colours) expect(className).toMatch(/^flowers-\w+$/);
    expect(drawn()).toEqual(colours);
  });

  it("draws each scene's two sets of plants in the list's parts", () => {
    const scenes = [...new Set(CROPS.map((crop) => drawingScene(crop.id)))];
    const html = renderToStaticMarkup(<MeadowDrawingParts id="p" scenes={scenes} />);
    const ids = new Set([...html.matchAll(/ id="p(\w+)"/g)].map(([, id]) => id));
    for (const crop of CROPS) {
      for (const [part] of drawn([crop.id])) expect(ids, `${crop.id}: ${part}`).toContain(part);
    }
  });

  it("puts in a list's page only the parts its cards without a photo show", () => {
    const scenes = drawingScenes([
      { drawnCrops: ["apple"] },
      { drawnCrops: ["pumpkin"], photo: { src: "/p.webp" } },
      { drawnCrops: null },
    ]);
    expect(scenes.sort()).toEqual(["flowers", "orchard"]);
    const html = renderToStaticMarkup(<MeadowDrawingParts id="p" scenes={scenes} />);
    const ids = [...html.matchAll(/ id="p(\w+)"/g)].map(([, id]) => id);
    expect(ids.sort()).toEqual(["f0", "f1", "h", "o0", "o1", "t"]);
  });

  it("learns a card's crops from the list, only when the card has no photo", () => {
    const meadow = {
      id: "m1",
      name: "Appelhof",
      city: "Kesteren",
      country: "NL",
      priceText: "€ 2",
      crops: ["apple", "pear", "plum", "quince", "walnut"].map((id) => ({
        id,
        months: monthRange(9, 10),
      })),
    };
    expect(toMeadowCard(meadow).drawnCrops).toEqual(["apple", "pear"]);
    expect(drawnCrops(["dahlia", "strawberry", "zinnia"])).toEqual(["dahlia", "zinnia"]);
    expect(drawnCrops(["raspberry", "apple", "blueberry"])).toEqual(["raspberry", "blueberry"]);
    expect(toMeadowCard({ ...meadow, photo: { src: "/a.webp" } })).not.toHaveProperty("drawnCrops");
    expect(toMeadowCard({ ...meadow, crops: [] })).not.toHaveProperty("drawnCrops");
  });
});
