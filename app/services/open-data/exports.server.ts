import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { onPglite, queryManyRows, type Database } from "~/adapters/db.server";
import type { ApiMeadow } from "~/lib/schemas/open-data";
import { meadowFeature } from "./geojson";
import { toApiMeadow, type ApiMeadowRow } from "./meadows.server";
import { DATA_LICENCE } from "~/lib/open-data";

/*
 * The whole data set as files (issue 23): every meadow but the demo ones, as GeoJSON and as CSV,
 * written to DATA_DIR/exports a batch of rows at a time (memory stays the same at any size) and
 * made again at most hourly. Several processes take turns through an advisory lock on
 * PostgreSQL, and one that finds a fresh file made by another meanwhile keeps it (ADR 38).
 */

export const EXPORT_FORMATS = ["geojson", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A file this old or newer is served as it is; an older one is served while a new one is made. */
export const EXPORT_MAX_AGE_MS = 60 * 60_000;
const BATCH_ROWS = 1_000;
// Any fixed number, apart from the migration's and the seed's.
const EXPORT_LOCK_KEY = 7_365_023;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  geojson: "application/geo+json; charset=utf-8",
  csv: "text/csv; charset=utf-8; header=present",
};

export function exportPath(dataDir: string, format: ExportFormat): string {
  return path.join(dataDir, "exports", `meadows.${format}`);
}

export interface ExportFile {
  path: string;
  size: number;
  modified: Date;
}

async function fileOf(file: string): Promise<ExportFile | undefined> {
  try {
    const info = await stat(file);
    return { path: file, size: info.size, modified: info.mtime };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

const isFresh = (file: ExportFile | undefined, now: number): file is ExportFile =>
  file !== undefined && now - file.modified.getTime() < EXPORT_MAX_AGE_MS;

export interface ExportOptions {
  dataDir: string;
  siteUrl: URL;
  now?: () => number;
  batchRows?: number;
  /** Told of an error while a stale file is served and a new one is made behind it. */
  onBackgroundError?: (error: unknown) => void;
}

/** This process's exports being made, so concurrent requests wait for one run, not start many. */
const running = new Map<string, Promise<ExportFile>>();

/**
 * The export file of `format`: the one on disk when it is less than an hour old; an older one at
 * once while a new one is made behind it; none yet, a new one once made.
 */
export async function currentExport(
  db: Database,
  format: ExportFormat,
  options: ExportOptions,
): Promise<ExportFile> {
  const now = options.now ?? Date.now;
  const target = exportPath(options.dataDir, format);
  const existing = await fileOf(target);
  if (isFresh(existing, now())) return existing;
  let run = running.get(target);
  if (!run) {
    run = refreshExport(db, format, options).finally(() => running.delete(target));
    running.set(target, run);
  }
  if (existing) {
    run.catch((error: unknown) => options.onBackgroundError?.(error));
    return existing;
  }
  return run;
}

/**
 * Makes the file again unless another process made it within the hour: on PostgreSQL under an
 * advisory lock held by the transaction that reads the rows, so two processes never write it at
 * once. PGlite has one process, and a transaction there would hold every other query back.
 */
export async function refreshExport(
  db: Database,
  format: ExportFormat,
  options: ExportOptions,
): Promise<ExportFile> {
  const now = options.now ?? Date.now;
  const target = exportPath(options.dataDir, format);
  const write = async (reader: Database) => {
    const made = await fileOf(target);
    if (isFresh(made, now())) return made;
    await writeExport(reader, format, target, options);
    const written = await fileOf(target);
    if (!written) throw new Error(`the export ${target} vanished after it was written`);
    return written;
  };
  if (onPglite(db)) return write(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${EXPORT_LOCK_KEY}, ${format === "csv" ? 1 : 2})`,
    );
    return write(tx as unknown as Database);
  });
}

/** Every meadow but the demo ones, in id order, `batchRows` at a time. */
export async function* exportedMeadows(
  db: Database,
  siteUrl: URL,
  batchRows = BATCH_ROWS,
): AsyncGenerator<ApiMeadow[]> {
  let after = "";
  for (;;) {
    const rows = await queryManyRows<ApiMeadowRow>(
      db,
      sql`select m.id, m.name, m.country, m.city, m.lat, m.lng, m.price_text, m.price_amount,
            m.opening_hours, m.crops, m.crop_months, m.description, m.description_nl, m.is_demo,
            m.created_at, m.updated_at, '' as created_us
          from meadows m where not m.is_demo and m.id > ${after}
          order by m.id limit ${batchRows}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => toApiMeadow(row, siteUrl));
    const last = rows.at(-1);
    if (!last || rows.length < batchRows) return;
    after = last.id;
  }
}

/** Writes the export to a file beside `target` and renames it into place: readers see whole files. */
async function writeExport(
  db: Database,
  format: ExportFormat,
  target: string,
  options: ExportOptions,
) {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  const out = createWriteStream(partial, { encoding: "utf8" });
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  try {
    const generated = new Date(options.now?.() ?? Date.now()).toISOString();
    const batches = exportedMeadows(db, options.siteUrl, options.batchRows);
    if (format === "geojson") {
      await put(geojsonHead(options.siteUrl, generated));
      let first = true;
      for await (const batch of batches) {
        for (const meadow of batch) {
          await put(`${first ? "" : ",\n"}${JSON.stringify(exportFeature(meadow))}`);
          first = false;
        }
      }
      await put("\n]}\n");
    } else {
      await put(`${CSV_COLUMNS.join(",")}\r\n`);
      for await (const batch of batches) {
        await put(batch.map((meadow) => `${csvRow(meadow)}\r\n`).join(""));
      }
    }
    out.end();
    await once(out, "finish");
    await rename(partial, target);
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

function geojsonHead(siteUrl: URL, generated: string): string {
  const head = {
    type: "FeatureCollection",
    name: "Plukweide meadows",
    license: DATA_LICENCE.name,
    licenseUrl: DATA_LICENCE.url,
    attribution: `© Plukweide contributors, ${siteUrl.origin}`,
    generated,
  };
  const text = JSON.stringify(head);
  return `${text.slice(0, -1)},"features":[\n`;
}

/** A meadow of the export: the API's, without the demo flag, which is always false here. */
function exportFeature(meadow: ApiMeadow) {
  const feature = meadowFeature(meadow);
  const { demo: _demo, ...properties } = feature.properties;
  return { ...feature, properties };
}

export const CSV_COLUMNS = [
  "id",
  "name",
  "country",
  "city",
  "lat",
  "lng",
  "price_text",
  "price_amount",
  "opening_hours",
  "crops",
  "description_en",
  "description_nl",
  "url",
  "created_at",
  "updated_at",
  "license",
] as const;

/**
 * A CSV field (RFC 4180): quoted when it holds a quote, comma or line break. Text a member typed
 * that starts like a formula gets a leading apostrophe, so a spreadsheet shows it instead of
 * running it (OWASP's advice on CSV injection).
 */
export function csvField(value: string | number | null, { text = true } = {}): string {
  if (value === null) return "";
  let field = String(value);
  if (text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** Crops as `id:months` separated by `;`, months by `|`: `dahlia:7|8|9;sunflower:7|8`. */
function cropsCell(meadow: ApiMeadow): string {
  return meadow.crops.map((crop) => `${crop.id}:${crop.months.join("|")}`).join(";");
}

function csvRow(meadow: ApiMeadow): string {
  return [
    csvField(meadow.id),
    csvField(meadow.name),
    csvField(meadow.country),
    csvField(meadow.city),
    csvField(meadow.lat, { text: false }),
    csvField(meadow.lng, { text: false }),
    csvField(meadow.price.text),
    csvField(meadow.price.amount, { text: false }),
    csvField(meadow.openingHours),
    csvField(cropsCell(meadow)),
    csvField(meadow.description.en),
    csvField(meadow.description.nl),
    csvField(meadow.url),
    csvField(meadow.createdAt),
    csvField(meadow.updatedAt),
    // Each row names its licence, so a row copied out of the file still says it.
    csvField(DATA_LICENCE.spdx),
  ].join(",");
}
