import { and, count, eq, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../app/adapters/db.server";
import type { Logger } from "../../app/adapters/logger.server";
import type { Config } from "../../app/env.server";
import { meadowSchema, typedFields } from "../../app/lib/schemas/meadow";
import { cropColumns } from "../../app/services/meadows/records.server";
import { meadowRow } from "../factories/meadows";
import { memberRow } from "../factories/members";
import { appState, meadows, users, type NewMeadow } from "../schema";
import { demoCrops } from "./demo-crops";
import { demoHours } from "./demo-hours";
import { DEMO_MEADOWS, DEMO_MEMBER, type DemoMeadow } from "./demo-meadows";

/*
 * Demo data: the meadows of ./demo-meadows.ts, owned by a demo member nobody can sign in as. A
 * fresh embedded database gets them on its first start; SEED_DEMO decides otherwise (see
 * seedDemoDataAtStart) and `npm run seed` adds them on request.
 */

/** app_state key: set once demo data was added, so deleted demo meadows stay deleted. */
export const DEMO_SEEDED_KEY = "demo_data_seeded_at";

// Any fixed number: processes seeding the same PostgreSQL database take turns.
const SEED_LOCK_KEY = 7_514_210_982;

export interface SeedResult {
  /** Demo meadows added by this call (0 when they were all there already). */
  meadows: number;
  /** 1 when this call added the demo member. */
  members: number;
}

/** The meadow as the add form would store it: validated, normalised, its price amount parsed. */
export function demoMeadowRow(meadow: DemoMeadow, ownerId: string | null): NewMeadow {
  return meadowRow({
    ...typedFields(meadowSchema.parse(meadow)),
    id: meadow.id,
    ownerId,
    lat: meadow.lat,
    lng: meadow.lng,
    ...cropColumns(demoCrops(meadow.id)),
    hoursSyntax: demoHours(meadow.id),
    isDemo: true,
    createdAt: new Date(meadow.createdAt),
    updatedAt: new Date(meadow.createdAt),
  });
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Whether this database never had demo data and holds no members and no meadows. */
async function isFirstStart(tx: Transaction): Promise<boolean> {
  const [marker] = await tx
    .select({ key: appState.key })
    .from(appState)
    .where(eq(appState.key, DEMO_SEEDED_KEY));
  if (marker) return false;
  const [members] = await tx.select({ n: count() }).from(users);
  const [meadowCount] = await tx.select({ n: count() }).from(meadows);
  return (members?.n ?? 0) === 0 && (meadowCount?.n ?? 0) === 0;
}

async function insertDemoData(tx: Transaction): Promise<SeedResult> {
  const addedMembers = await tx
    .insert(users)
    .values(
      memberRow({ ...DEMO_MEMBER, createdAt: new Date(DEMO_MEADOWS[0]?.createdAt ?? Date.now()) }),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Someone may have taken the demo address before (on a database seeded late): the meadows then
  // come without an owner rather than failing on the foreign key.
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, DEMO_MEMBER.id), eq(users.email, DEMO_MEMBER.email)));
  const addedMeadows = await tx
    .insert(meadows)
    .values(DEMO_MEADOWS.map((meadow) => demoMeadowRow(meadow, owner?.id ?? null)))
    .onConflictDoNothing()
    .returning({ id: meadows.id });
  await tx
    .insert(appState)
    .values({ key: DEMO_SEEDED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing();
  return { meadows: addedMeadows.length, members: addedMembers.length };
}

/**
 * Adds the demo member and meadows that are missing, in one transaction; running it again adds
 * nothing. Several processes may call it at once (they take turns on an advisory lock).
 */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return insertDemoData(tx);
  });
}

/**
 * The start-up decision (DESIGN.md, SEED_DEMO): false never seeds; true seeds (idempotently) on
 * any database; unset seeds an embedded database on its first start only: no members, no
 * meadows, never seeded before. PostgreSQL without SEED_DEMO is left alone. Returns what was
 * added, or null when nothing was attempted.
 */
export async function seedDemoDataAtStart(
  database: Pick<DatabaseHandle, "db" | "kind">,
  config: Pick<Config, "seedDemo">,
  logger: Pick<Logger, "info">,
): Promise<SeedResult | null> {
  if (config.seedDemo === false) return null;
  if (config.seedDemo === undefined && database.kind !== "pglite") return null;
  const firstStartOnly = config.seedDemo === undefined;
  const result = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (firstStartOnly && !(await isFirstStart(tx))) return null;
    return insertDemoData(tx);
  });
  if (result) logger.info({ ...result }, `demo data: ${result.meadows} demo meadows added`);
  return result;
}
