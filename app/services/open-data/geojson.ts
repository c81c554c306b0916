import type { ApiMeadow, MeadowView } from "~/lib/schemas/open-data";

/*
 * The API's answers as GeoJSON (RFC 7946): each meadow, pin or cluster a Point feature at
 * [lng, lat], its other fields as properties. Paging rides along as foreign members.
 */

export interface Feature {
  type: "Feature";
  id: string;
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: Record<string, unknown>;
}

export interface FeatureCollection {
  type: "FeatureCollection";
  features: Feature[];
  [foreign: string]: unknown;
}

function pointFeature(
  id: string,
  { lat, lng, ...properties }: { lat: number; lng: number } & Record<string, unknown>,
): Feature {
  return { type: "Feature", id, geometry: { type: "Point", coordinates: [lng, lat] }, properties };
}

export function meadowFeature(meadow: ApiMeadow): Feature {
  return pointFeature(meadow.id, meadow);
}

export function meadowsFeatureCollection(
  meadows: readonly ApiMeadow[],
  foreign: Record<string, unknown> = {},
): FeatureCollection {
  return { type: "FeatureCollection", features: meadows.map(meadowFeature), ...foreign };
}

export function viewFeatureCollection(view: MeadowView): FeatureCollection {
  if (view.kind === "points") {
    return {
      type: "FeatureCollection",
      features: view.points.map((point) => pointFeature(point.id, point)),
    };
  }
  return {
    type: "FeatureCollection",
    complete: view.complete,
    features: view.clusters.map((cluster) =>
      pointFeature(`cluster:${cluster.key}`, { ...cluster, cluster: true }),
    ),
  };
}
