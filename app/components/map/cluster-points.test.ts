import { describe, expect, it } from "vitest";
import { clusterPoints, worldPixel } from "./cluster-points";

const lisse = { id: "lisse", lat: 52.26, lng: 4.56 };
const hillegom = { id: "hillegom", lat: 52.29, lng: 4.58 };
const gent = { id: "gent", lat: 51.05, lng: 3.72 };
const maastricht = { id: "maastricht", lat: 50.85, lng: 5.69 };

describe("clustering pins in the browser", () => {
  it("projects like Web Mercator: the world is 512 px at zoom 0", () => {
    expect(worldPixel(0, 0, 0)).toEqual([256, 256]);
    expect(worldPixel(0, 180, 1)[0]).toBeCloseTo(1024);
    const [, north] = worldPixel(85.051129, 0, 0);
    expect(north).toBeCloseTo(0, 3);
  });

  it("groups pins closer than the radius and leaves lone pins alone", () => {
    const groups = clusterPoints([lisse, gent, hillegom, maastricht], 7, 40);
    const clusters = groups.filter((group) => group.kind === "cluster");
    const points = groups.flatMap((group) => (group.kind === "point" ? [group.point.id] : []));
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.points.map((point) => point.id).sort()).toEqual(["hillegom", "lisse"]);
    expect(points.sort()).toEqual(["gent", "maastricht"]);
    expect(clusters[0]!.bounds).toEqual([4.56, 52.26, 4.58, 52.29]);
    expect(clusters[0]!.lat).toBeCloseTo(52.275);
  });

  it("separates them when zoomed in far enough", () => {
    const groups = clusterPoints([lisse, hillegom], 12, 40);
    expect(groups.map((group) => group.kind)).toEqual(["point", "point"]);
  });

  it("puts everything in one cluster zoomed out, whatever the order", () => {
    const a = clusterPoints([lisse, hillegom, gent, maastricht], 3, 40);
    const b = clusterPoints([maastricht, gent, hillegom, lisse], 3, 40);
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    expect(a[0]!.kind === "cluster" && a[0]!.points).toHaveLength(4);
  });

  it("handles no pins and one pin", () => {
    expect(clusterPoints([], 5, 40)).toEqual([]);
    expect(clusterPoints([gent], 5, 40)).toEqual([{ kind: "point", point: gent }]);
  });

  it("keeps a few thousand pins quick", () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({
      id: String(index),
      lat: 50 + (index % 50) * 0.07,
      lng: 3 + Math.floor(index / 50) * 0.1,
    }));
    const groups = clusterPoints(many, 8, 44);
    const total = groups.reduce(
      (sum, group) => sum + (group.kind === "cluster" ? group.points.length : 1),
      0,
    );
    expect(total).toBe(2000);
  });
});
