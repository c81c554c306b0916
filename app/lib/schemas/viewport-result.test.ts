import { describe, expect, it } from "vitest";
import { viewportResultSchema } from "./viewport-result";

const point = {
  id: "demo-001",
  name: "Bloemenpluktuin De Zonnebloem",
  lat: 52.27,
  lng: 4.55,
  city: "Lisse",
  priceText: "€ 1 per stem",
};

describe("the map API's answer", () => {
  it("takes pins, with or without a photo, and clusters", () => {
    const photo = {
      src: "/a.webp",
      srcSet: "/a.webp 320w",
      width: 320,
      height: 240,
      placeholder: "#aabbcc",
    };
    const pins = { kind: "points", points: [point, { ...point, id: "demo-002", photo }] };
    expect(viewportResultSchema.parse(pins)).toEqual(pins);
    const clusters = {
      kind: "clusters",
      complete: false,
      clusters: [
        {
          key: "6/33/21",
          count: 12,
          lat: 52.1,
          lng: 5.1,
          sampleId: "demo-003",
          bounds: [5, 52, 5.6, 52.5],
        },
      ],
    };
    expect(viewportResultSchema.parse(clusters)).toEqual(clusters);
  });

  it("refuses what is not the API's shape", () => {
    const broken = [
      null,
      [],
      { kind: "points" },
      { kind: "pins", points: [point] },
      { kind: "points", points: [{ ...point, lat: "52.27" }] },
      { kind: "points", points: [{ id: "demo-001", name: "Zonder plek" }] },
      { kind: "clusters", clusters: [], complete: "yes" },
      {
        kind: "clusters",
        complete: true,
        clusters: [{ key: "k", count: 2, lat: 1, lng: 2, sampleId: "s", bounds: [1, 2, 3] }],
      },
    ];
    for (const answer of broken) {
      expect(viewportResultSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
    }
  });
});
