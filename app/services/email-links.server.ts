import { and, eq, gt } from "drizzle-orm";
import { verifications } from "../../db/schema";
import type { Database } from "~/adapters/db.server";

/**
 * Whether a password-reset token is still good: Better Auth keeps it until it is used (then
 * deletes it) or expires. Lets the reset page say "this link has expired" before anyone types.
 */
export async function isResetTokenValid(
  db: Database,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(token)) return false;
  const rows = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, `reset-password:${token}`),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
