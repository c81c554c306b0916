import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, queryRows, type DatabaseHandle } from "../../app/adapters/db.server";
import type { TestEngine } from "./databases";

/* Helpers for tests of one migration: a database migrated up to just before it, then the rest. */

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The migrations folder as it was before `tag`: the same files, a journal that stops earlier. */
function migrationsBefore(tag: string): string {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-migrations-")), "migrations");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }),
  );
  return folder;
}

async function migrateFrom(handle: DatabaseHandle, folder: string) {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}

/** A database on `engine` migrated up to just before migration `tag`; `handle.migrate()` runs the rest. */
export async function openMigratedBefore(engine: TestEngine, tag: string): Promise<DatabaseHandle> {
  const folder = migrationsBefore(tag);
  const handle = await engine.openEmpty();
  try {
    await migrateFrom(handle, folder);
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
  }
  return handle;
}

/** Every stored value of every meadow, generated columns included, in a stable form. */
export async function allMeadows(handle: DatabaseHandle) {
  return queryRows<{ row: Record<string, unknown> }>(
    handle.db,
    sql`select to_jsonb(m) as row from meadows m order by id`,
  );
}

/**
 * The columns migrations after 0013 add to `meadows`, as they leave the rows already there: no
 * crops (0014) and no hours (0015). Tests of older migrations expect them on every row.
 */
export const COLUMNS_ADDED_AFTER_0013 = {
  crops: [],
  crop_months: [],
  season_mask: 0,
  hours_syntax: null,
  open_minutes: "{}",
  closed_on_holidays: false,
  hours_form: 0,
  crop_seasons: [],
};
