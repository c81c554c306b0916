/*
 * Clustering of the pins the server sent, in the browser. The server clusters views holding many
 * meadows (VIEWPORT_POINT_LIMIT); below that it sends every pin, and pins closer together on
 * screen than a finger is wide would overlap. This groups them at the map's zoom, the way
 * MapLibre's own GeoJSON clustering does (greedy, around each not-yet-grouped pin), but as plain
 * data, so clusters and pins can be HTML markers: buttons a keyboard reaches, and no glyphs needed.
 */

export interface ClusterablePoint {
  id: string;
  lat: number;
  lng: number;
}

export type PointGroup<P extends ClusterablePoint> =
  | { kind: "point"; point: P }
  | {
      kind: "cluster";
      /** Stable while the same pins cluster together at the same zoom. */
      key: string;
      points: P[];
      lat: number;
      lng: number;
      /** The pins' extent, to zoom into: [west, south, east, north]. */
      bounds: [number, number, number, number];
    };

/** MapLibre's world is 512 px wide at zoom 0. */
const WORLD_PX = 512;

/** Web Mercator pixel coordinates of a position at `zoom`. */
export function worldPixel(lat: number, lng: number, zoom: number): [number, number] {
  const size = WORLD_PX * 2 ** zoom;
  const clamped = Math.max(Math.min(lat, 85.051129), -85.051129);
  const sin = Math.sin((clamped * Math.PI) / 180);
  const x = ((lng + 180) / 360) * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

/**
 * Groups pins that lie within `radiusPx` of each other at `zoom` (a whole zoom level, so
 * groups do not change while zooming between two). Deterministic: the same pins give the
 * same groups in any order.
 */
export function clusterPoints<P extends ClusterablePoint>(
  points: readonly P[],
  zoom: number,
  radiusPx: number,
): PointGroup<P>[] {
  const level = Math.floor(zoom);
  const entries = [...points]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((point) => {
      const [x, y] = worldPixel(point.lat, point.lng, level);
      return { point, x, y, taken: false };
    });
  type Entry = (typeof entries)[number];
  // A grid of radius-sized cells: a pin's neighbours are in its cell or the eight around it.
  const cellKey = (cx: number, cy: number) => `${cx}:${cy}`;
  const cellOf = (entry: Entry) => [Math.floor(entry.x / radiusPx), Math.floor(entry.y / radiusPx)];
  const grid = new Map<string, Entry[]>();
  for (const entry of entries) {
    const [cx = 0, cy = 0] = cellOf(entry);
    const cell = grid.get(cellKey(cx, cy));
    if (cell) cell.push(entry);
    else grid.set(cellKey(cx, cy), [entry]);
  }

  const groups: PointGroup<P>[] = [];
  for (const entry of entries) {
    if (entry.taken) continue;
    entry.taken = true;
    const [cx = 0, cy = 0] = cellOf(entry);
    const members = [entry.point];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of grid.get(cellKey(cx + dx, cy + dy)) ?? []) {
          if (other.taken) continue;
          if ((other.x - entry.x) ** 2 + (other.y - entry.y) ** 2 <= radiusPx ** 2) {
            other.taken = true;
            members.push(other.point);
          }
        }
      }
    }
    if (members.length === 1) {
      groups.push({ kind: "point", point: entry.point });
      continue;
    }
    const lats = members.map((point) => point.lat);
    const lngs = members.map((point) => point.lng);
    groups.push({
      kind: "cluster",
      key: `${level}:${entry.point.id}:${members.length}`,
      points: members,
      lat: lats.reduce((sum, lat) => sum + lat, 0) / lats.length,
      lng: lngs.reduce((sum, lng) => sum + lng, 0) / lngs.length,
      bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
    });
  }
  return groups;
}
