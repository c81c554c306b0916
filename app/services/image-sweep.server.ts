import { eq, inArray } from "drizzle-orm";
import { photos, users } from "../../db/schema";
import type { Database } from "~/adapters/db.server";
import type { ObjectStorage } from "~/adapters/storage.server";
import { deleteImage } from "~/adapters/images.server";
import { removeFilesUnlessReferenced } from "./photos.server";

/*
 * Files no row refers to: an upload whose row never committed (the process stopped between
 * storing the files and the commit), or files whose removal failed after their row went. They
 * are found by listing the store and removed once they are old enough that no upload can still
 * be on its way to its row.
 */

/** Files younger than this may belong to an upload that has not committed its row yet. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
const NAMESPACES = ["photos", "avatars"] as const;
/** Prefixes looked up per query. */
const LOOKUP_BATCH = 500;

export interface SweepResult {
  /** Key prefixes (one image each) whose files were removed. */
  removed: string[];
  /** How many files that was. */
  files: number;
}

/** The image's key prefix: `photos/<hash>` of `photos/<hash>/320w-1x.webp`. */
function keyPrefixOf(key: string): string {
  return key.split("/").slice(0, 2).join("/");
}

async function referencedPrefixes(
  db: Database,
  namespace: (typeof NAMESPACES)[number],
  prefixes: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < prefixes.length; start += LOOKUP_BATCH) {
    const batch = prefixes.slice(start, start + LOOKUP_BATCH);
    const rows =
      namespace === "photos"
        ? await db
            .selectDistinct({ prefix: photos.keyPrefix })
            .from(photos)
            .where(inArray(photos.keyPrefix, batch))
        : await db
            .selectDistinct({ prefix: users.avatarKey })
            .from(users)
            .where(inArray(users.avatarKey, batch));
    for (const row of rows) if (row.prefix) found.add(row.prefix);
  }
  return found;
}

/** Removes the files of photos and avatars that no row refers to and that are old enough. */
export async function sweepOrphanedImages(
  db: Database,
  storage: ObjectStorage,
  now: Date = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { removed: [], files: 0 };
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS;
  for (const namespace of NAMESPACES) {
    const images = new Map<string, { files: number; newest: number }>();
    for (const { key, lastModified } of await storage.listWithDates(namespace)) {
      const prefix = keyPrefixOf(key);
      const image = images.get(prefix) ?? { files: 0, newest: 0 };
      image.files += 1;
      image.newest = Math.max(image.newest, lastModified.getTime());
      images.set(prefix, image);
    }
    const old = [...images].filter(([, image]) => image.newest <= cutoff).map(([prefix]) => prefix);
    const referenced = await referencedPrefixes(db, namespace, old);
    for (const prefix of old) {
      if (referenced.has(prefix)) continue;
      if (namespace === "photos") {
        // Checked again under the prefix's lock: an upload of the same picture may be committing.
        await removeFilesUnlessReferenced(db, storage, prefix);
      } else {
        // An avatar's files are stored just before its row points at them; an hour later a
        // prefix no member uses stays unused.
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.avatarKey, prefix))
          .limit(1);
        if (user) continue;
        await deleteImage(storage, prefix);
      }
      result.removed.push(prefix);
      result.files += images.get(prefix)?.files ?? 0;
    }
  }
  return result;
}
