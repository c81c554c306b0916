import { Fragment, useId, type ReactNode } from "react";
import { cropById } from "~/lib/crops";
import { drawingScene, type DrawingScene } from "~/lib/meadow-card";

/*
 * A card's picture until the meadow has a photo: the sun over rolling green hills in the theme's
 * colours (no network, light and dark) with what grows there: flowers, fruit trees, berry bushes
 * or vegetables, in the colours of its crops. Each list puts the drawing's parts in the page once
 * (MeadowDrawingParts) and each card refers to them (MeadowDrawing).
 */

/**
 * The prefix of the ids of a set of drawing parts, unique in the page: letters and digits only,
 * as every drawing repeats it in each of its references.
 */
export function useDrawingPartsId(prefix: string): string {
  return `${prefix}${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
}

/** Where a crop's colour in the catalogue (its map pin's) would vanish among the leaves. */
const DRAWN_COLOURS: Readonly<Record<string, string>> = {
  apple: "#d8483a",
  holly: "#c62828",
  gooseberry: "#b5cf5a",
  kiwiberry: "#9ccc65",
};

/** The colour a drawing gives a crop's flowers or fruit. */
function drawnColour(cropId: string): string | undefined {
  return DRAWN_COLOURS[cropId] ?? cropById(cropId)?.colour;
}

/** The scenes the parts of a list's drawings must hold, for the cards without a photo. */
export function drawingScenes(
  meadows: readonly { photo?: unknown; drawnCrops?: readonly string[] | null }[],
): DrawingScene[] {
  const scenes = new Set<DrawingScene>();
  for (const meadow of meadows) if (!meadow.photo) scenes.add(drawingScene(meadow.drawnCrops?.[0]));
  return [...scenes];
}

/** The letter of each scene's two sets of plants among a list's drawing parts. */
const SCENE_PARTS: Readonly<Record<DrawingScene, string>> = {
  flowers: "f",
  bulbs: "u",
  spikes: "s",
  sunflowers: "n",
  roses: "w",
  wildflowers: "m",
  orchard: "o",
  bushes: "b",
  strawberries: "r",
  vegetables: "g",
  pumpkins: "p",
  corn: "c",
};

/** A small deterministic hash, so each meadow keeps its own colours. */
function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

/** xorshift32 from a seed: cheap and repeatable. */
function randomFrom(seed: string) {
  let state = hash(seed) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Classes of app.css, each a flower colour for light and dark. */
const FLOWER_COLOURS = [
  "flowers-pink",
  "flowers-amber",
  "flowers-violet",
  "flowers-rose",
  "flowers-orange",
  "flowers-sky",
];

/** Whole units: one of the 400-wide drawing is about a pixel where it is drawn largest. */
const unit = Math.round;

/** Where the drawing's nine plants stand on the near hill: the same for every meadow. */
const PLANTS = (() => {
  const next = randomFrom("plukweide");
  return Array.from({ length: 9 }, (_, index) => ({
    x: unit(20 + index * 45 + next() * 25),
    y: unit(215 + next() * 60),
    // Two sizes of flower head, so the heads of each size are one path.
    r: next() < 0.5 ? 6 : 8,
  }));
})();

/** The orchard's trees, clear of the sun and of the heart button in the top right corner. */
const TREES = [
  { x: 52, y: 178, r: 38 },
  { x: 150, y: 170, r: 44 },
  { x: 252, y: 180, r: 38 },
  { x: 352, y: 168, r: 44 },
];

/** Five fruits on each tree's crown. */
const FRUITS = (() => {
  const next = randomFrom("orchard");
  return TREES.flatMap((tree) =>
    Array.from({ length: 5 }, (_, index) => {
      const angle = (index / 5) * 2 * Math.PI + next();
      const distance = tree.r * (0.35 + next() * 0.4);
      return {
        x: unit(tree.x + Math.cos(angle) * distance),
        y: unit(tree.y + Math.sin(angle) * distance),
      };
    }),
  );
})();

/** The two flower colours of a meadow without crops: its own, from its id. */
function flowerPalette(seed: string) {
  const next = randomFrom(seed);
  return [0, 1].map(() => FLOWER_COLOURS[Math.floor(next() * FLOWER_COLOURS.length)] ?? "");
}

/** Where a bush's berries hang, from the bush's place. */
const BERRIES = [
  [-8, 5],
  [4, 1],
  [6, 11],
] as const;

/** Dots as one path: each a line of no length, drawn with round ends. */
const dots = (points: readonly { x: number; y: number }[]) =>
  points.map((point) => `M${point.x} ${point.y}h0`).join("");

/** A stroke `width` wide in the colour of the `<use>` that shows it (round ends: its group's). */
const coloured = (width: number) => ({ stroke: "currentColor", strokeWidth: width });

/** Half of a list of shapes: `part` 0 the even ones, 1 the odd ones (a set per colour). */
const half = <T,>(items: readonly T[], part: number) =>
  items.filter((_, index) => index % 2 === part);

/**
 * The drawing's parts, once per list, for the scenes its cards show: the sun and the hills, an
 * orchard's trees, and the plants of each scene in two sets whose colour is the `color` of the
 * `<use>` that shows them (it inherits into them), with `children` as more shared parts. Out of
 * sight, and hidden from assistive technology.
 */
export function MeadowDrawingParts({
  id,
  scenes,
  children,
}: {
  id: string;
  scenes: readonly DrawingScene[];
  children?: ReactNode;
}) {
  // The plants never overlap one another, so drawing all stems, then all heads, then all
  // centres looks the same as drawing plant by plant, and each group names its colour once.
  const flowerSet = (part: number) => {
    const flowers = half(PLANTS, part);
    return (
      <g key={part} id={`${id}f${part}`} strokeLinecap="round">
        <path
          d={flowers.map((flower) => `M${flower.x} ${flower.y}v24`).join("")}
          strokeWidth="2.5"
          className="stroke-primary/70"
        />
        {[6, 8].map((r) => (
          <path key={r} d={dots(flowers.filter((flower) => flower.r === r))} {...coloured(2 * r)} />
        ))}
        <path d={dots(flowers)} strokeWidth="5" className="meadow-flower-centre" />
      </g>
    );
  };
  const fruitSet = (part: number) => (
    <path
      key={part}
      id={`${id}o${part}`}
      d={dots(half(FRUITS, part))}
      strokeLinecap="round"
      {...coloured(11)}
    />
  );
  // A bush is a short, thick line with round ends; its berries (or a rose's flowers) dots of one
  // line each, `dot` wide.
  const shrubSet = (
    letter: string,
    bush: { width: number; thickness: number; height: number; dot: number },
  ) =>
    function ShrubSet(part: number) {
      return (
        <g key={part} id={`${id}${letter}${part}`} strokeLinecap="round">
          <path
            d={half(PLANTS, part)
              .map((plant) => `M${plant.x - bush.width / 2} ${plant.y + bush.height}h${bush.width}`)
              .join("")}
            strokeWidth={bush.thickness}
            className="meadow-bush"
          />
          <path
            d={dots(
              half(PLANTS, part).flatMap((plant) =>
                BERRIES.map(([dx, dy]) => ({ x: plant.x + dx, y: plant.y + dy })),
              ),
            )}
            {...coloured(bush.dot)}
          />
        </g>
      );
    };
  const berrySet = shrubSet("b", { width: 10, thickness: 24, height: 7, dot: 8 });
  // A leaf leaning left or right behind each head; heads a little wider than tall.
  const vegetableSet = (part: number) => (
    <g key={part} id={`${id}g${part}`} strokeLinecap="round">
      <path
        d={half(PLANTS, part)
          .map((plant, index) => `M${plant.x} ${plant.y + 2}l${index % 2 ? 14 : -14} -9`)
          .join("")}
        strokeWidth="10"
        className="meadow-leaves"
      />
      <path
        d={half(PLANTS, part)
          .map((plant) => `M${plant.x - plant.r / 2} ${plant.y + 6}h${plant.r}`)
          .join("")}
        {...coloured(16)}
      />
    </g>
  );
  const stems = (plants: readonly { x: number; y: number }[], from: number, to: number) =>
    plants.map((plant) => `M${plant.x} ${plant.y + from}V${plant.y + to}`).join("");
  // Tulips and daffodils: a cup on each stem, in rows as a bulb field has them.
  const bulbSet = (part: number) => (
    <g key={part} id={`${id}u${part}`} strokeLinecap="round" strokeLinejoin="round">
      <path d={stems(half(PLANTS, part), 2, 26)} strokeWidth="2.5" className="stroke-primary/70" />
      <path
        d={half(PLANTS, part)
          .map((plant) => `M${plant.x - 6} ${plant.y - 6}l3 3 3-4 3 4 3-3v5q0 7-6 7t-6-7z`)
          .join("")}
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </g>
  );
  // Lavender and gladioli: a spike of small flowers at the top of each stem.
  const spikeSet = (part: number) => (
    <g key={part} id={`${id}s${part}`} strokeLinecap="round">
      <path d={stems(half(PLANTS, part), 4, 26)} strokeWidth="2.5" className="stroke-primary/70" />
      <path d={stems(half(PLANTS, part), -16, 2)} {...coloured(7)} />
    </g>
  );
  // Sunflowers stand taller, with a leaf each way and a dark heart in a large head.
  const sunflowerSet = (part: number) => {
    const plants = half(PLANTS, part).map((plant) => ({ ...plant, y: plant.y - 22 }));
    return (
      <g key={part} id={`${id}n${part}`} strokeLinecap="round">
        <path d={stems(plants, 0, 48)} strokeWidth="3.5" className="stroke-primary/80" />
        <path
          d={plants
            .map((plant) => `M${plant.x} ${plant.y + 26}l-9-5M${plant.x} ${plant.y + 32}l9-5`)
            .join("")}
          strokeWidth="6"
          className="meadow-leaves"
        />
        <path d={dots(plants)} {...coloured(24)} />
        <path d={dots(plants)} strokeWidth="10" className="meadow-seed" />
      </g>
    );
  };
  // Roses and peonies: a larger shrub with open flowers on it.
  const roseSet = shrubSet("w", { width: 12, thickness: 26, height: 10, dot: 10 });
  // Cornflowers and cosmos: three small heads on thin stems of their own height.
  const wildSet = (part: number) => {
    const heads = half(PLANTS, part).flatMap((plant) => [
      { x: plant.x - 8, y: plant.y + 4 },
      { x: plant.x, y: plant.y - 6 },
      { x: plant.x + 8, y: plant.y + 8 },
    ]);
    return (
      <g key={part} id={`${id}m${part}`} strokeLinecap="round">
        <path d={stems(heads, 0, 30)} strokeWidth="1.5" className="stroke-primary/70" />
        <path d={dots(heads)} {...coloured(8)} />
      </g>
    );
  };
  // Strawberries: low plants in a row on the ground, the berries under their leaves.
  const strawberrySet = (part: number) => (
    <g key={part} id={`${id}r${part}`} strokeLinecap="round">
      <path
        d={half(PLANTS, part)
          .map((plant) => `M${plant.x - 9} ${plant.y + 16}h18`)
          .join("")}
        strokeWidth="13"
        className="meadow-leaves"
      />
      <path
        d={dots(
          half(PLANTS, part).flatMap((plant) => [
            { x: plant.x - 10, y: plant.y + 24 },
            { x: plant.x + 3, y: plant.y + 25 },
            { x: plant.x + 12, y: plant.y + 22 },
          ]),
        )}
        {...coloured(7)}
      />
    </g>
  );
  // Pumpkins lie on the ground along their vine.
  const pumpkinSet = (part: number) => (
    <g key={part} id={`${id}p${part}`} strokeLinecap="round" fill="none">
      <path
        d={half(PLANTS, part)
          .map((plant) => `M${plant.x - 22} ${plant.y + 26}q11-12 22-4`)
          .join("")}
        strokeWidth="3"
        className="meadow-leaves"
      />
      <path
        d={half(PLANTS, part)
          .map((plant) => `M${plant.x - 4} ${plant.y + 20}h8`)
          .join("")}
        {...coloured(20)}
      />
      <path d={stems(half(PLANTS, part), 6, 11)} strokeWidth="3" className="meadow-trunk" />
    </g>
  );
  // Sweet corn: tall stalks, a leaf each way, a cob on each.
  const cornSet = (part: number) => {
    const plants = half(PLANTS, part).map((plant) => ({ ...plant, y: plant.y - 26 }));
    return (
      <g key={part} id={`${id}c${part}`} strokeLinecap="round">
        <path d={stems(plants, 0, 54)} strokeWidth="4" className="meadow-leaves" />
        <path
          d={plants
            .map((plant) => `M${plant.x} ${plant.y + 20}l-12 10M${plant.x} ${plant.y + 12}l12 10`)
            .join("")}
          strokeWidth="4"
          className="meadow-leaves"
        />
        <path
          d={plants.map((plant) => `M${plant.x + 5} ${plant.y + 22}V${plant.y + 34}`).join("")}
          {...coloured(7)}
        />
      </g>
    );
  };
  // Every scene's two sets but the orchard's, whose trees come with them (below).
  const sets: Partial<Record<DrawingScene, (part: number) => ReactNode>> = {
    flowers: flowerSet,
    bushes: berrySet,
    vegetables: vegetableSet,
    bulbs: bulbSet,
    spikes: spikeSet,
    sunflowers: sunflowerSet,
    roses: roseSet,
    wildflowers: wildSet,
    strawberries: strawberrySet,
    pumpkins: pumpkinSet,
    corn: cornSet,
  };
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      <defs>
        <g id={`${id}h`}>
          {/* Left of the heart button in the card's top right corner, at every card width, and
              low enough for a phone's wide card, which shows the drawing's lower part. */}
          <circle cx="245" cy="106" r="26" className="meadow-sun" />
          <path d="M0 185 Q90 140 190 170 T400 150 V300 H0Z" className="meadow-hill-far" />
          <path d="M0 225 Q130 185 250 215 T400 205 V300 H0Z" className="meadow-hill-near" />
        </g>
        {scenes.includes("orchard") ? (
          <>
            <g id={`${id}t`} strokeLinecap="round">
              <path
                d={TREES.map(
                  (tree) => `M${tree.x} ${tree.y + tree.r - 8}V${tree.y + tree.r + 22}`,
                ).join("")}
                strokeWidth="9"
                className="meadow-trunk"
              />
              <g className="meadow-leaves">
                {TREES.map((tree) => (
                  <circle key={tree.x} cx={tree.x} cy={tree.y} r={tree.r} />
                ))}
              </g>
            </g>
            {[0, 1].map(fruitSet)}
          </>
        ) : null}
        {[0, 1].flatMap((part) =>
          scenes.map((scene) => <Fragment key={`${scene}${part}`}>{sets[scene]?.(part)}</Fragment>),
        )}
        {children}
      </defs>
    </svg>
  );
}

/**
 * A meadow's drawing from the parts of its list: its scene follows its first crop, its plants
 * take the colours of its first two crops of that scene (flowers a colour each meadow keeps when
 * it has no crops).
 */
export function MeadowDrawing({
  seed,
  partsId,
  crops,
}: {
  seed: string;
  partsId: string;
  crops?: readonly string[] | null;
}) {
  const shown = crops ?? [];
  const scene = drawingScene(shown[0]);
  const [first, second = first] = shown.map(drawnColour);
  const set = SCENE_PARTS[scene];
  return (
    <svg viewBox="0 0 400 300" preserveAspectRatio="xMidYMax slice" aria-hidden="true">
      <use href={`#${partsId}h`} />
      {scene === "orchard" ? <use href={`#${partsId}t`} /> : null}
      {scene === "flowers" && !first ? (
        <>
          {flowerPalette(seed).map((colour, part) => (
            <use key={part} href={`#${partsId}f${part}`} className={colour} />
          ))}
        </>
      ) : (
        <>
          <use href={`#${partsId}${set}0`} color={first} />
          <use href={`#${partsId}${set}1`} color={second} />
        </>
      )}
    </svg>
  );
}

/** One meadow's drawing with its own parts, where no list shares them (its empty gallery). */
export function MeadowDrawingPicture({ seed, crops }: { seed: string; crops: readonly string[] }) {
  const partsId = useDrawingPartsId("mp");
  return (
    <>
      <MeadowDrawingParts id={partsId} scenes={[drawingScene(crops[0])]} />
      <MeadowDrawing seed={seed} partsId={partsId} crops={crops} />
    </>
  );
}
