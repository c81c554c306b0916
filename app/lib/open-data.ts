/*
 * Where the open data lives and under which licence: shared by the API, the exports, the
 * reference page and the About and Terms pages.
 */

export const API_BASE_PATH = "/api/v1";
export const OPENAPI_PATH = "/api/v1/openapi.json";

/** Meadow data (not photos) is under the ODbL, as OpenStreetMap's is, so the two can meet. */
export const DATA_LICENCE = {
  name: "Open Database License (ODbL) 1.0",
  spdx: "ODbL-1.0",
  url: "https://opendatacommons.org/licenses/odbl/1-0/",
} as const;

export const EXPORT_PATHS = {
  geojson: "/api/v1/exports/meadows.geojson",
  csv: "/api/v1/exports/meadows.csv",
} as const;
