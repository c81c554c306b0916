import { randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { sessions, users, verifications } from "../../db/schema";
import type { Database } from "~/adapters/db.server";
import type { Limits } from "~/adapters/limits.server";
import type { Mailer } from "~/adapters/mail.server";
import type { Logger } from "~/adapters/logger.server";
import type { Config } from "~/env.server";
import { isLanguage, pathInLanguage, type Language } from "~/lib/i18n";
import { hitEmailChangeLimits } from "./account-limits";
import type { Auth } from "./auth.server";
import { checkCurrentPassword } from "./current-password.server";
import { emailChangedMail, emailTakenMail } from "./mail-templates";
import type { KnownDevice } from "./sign-in-throttle.server";

/*
 * A change of email address is confirmed by a link to the new address (Better Auth's token). Once
 * it is made, the old address gets a link that puts it back and ends every session: whoever
 * changed it with a stolen session and password loses the account again (ADR 17).
 */

/** How long the old address can undo a change: long enough to read mail after a holiday. */
export const UNDO_EMAIL_CHANGE_SECONDS = 7 * 24 * 60 * 60;

const IDENTIFIER = "undo-email-change:";
/** Set by an undo: links to change the address made before it no longer work. */
const UNDONE = "email-change-undone:";
/** As long as a change-email link works (EMAIL_LINK_LIFETIME_SECONDS): no older link is left. */
const UNDONE_KEPT_SECONDS = 60 * 60;

/** What a change-email token says: the address it changes, to which, for whom. */
export interface EmailChangeClaim {
  userId: string;
  oldEmail: string;
  newEmail: string;
  /** When the token was made, in seconds since the epoch. */
  issuedAt: number;
}

/**
 * The claim inside one of Better Auth's email tokens (a JWT), read without checking its
 * signature: only for a token Better Auth has just made or has just accepted.
 */
export function emailChangeClaim(token: string): EmailChangeClaim | undefined {
  const payload = token.split(".")[1];
  if (payload === undefined) return undefined;
  try {
    const claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const { email, updateTo, userId, iat } = claim;
    if (
      typeof email !== "string" ||
      typeof updateTo !== "string" ||
      typeof userId !== "string" ||
      typeof iat !== "number"
    ) {
      return undefined;
    }
    return { userId, oldEmail: email, newEmail: updateTo, issuedAt: iat };
  } catch {
    return undefined;
  }
}

/**
 * Whether a change-email link can no longer be followed although its token is good: another
 * account has the new address by now, or the account undid a change of address after the link
 * was made (following it would make the change again).
 */
export async function isChangeLinkStale(db: Database, claim: EmailChangeClaim): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, claim.newEmail), ne(users.id, claim.userId)))
    .limit(1);
  if (taken) return true;
  const undone = await db
    .select({ createdAt: verifications.createdAt })
    .from(verifications)
    .where(eq(verifications.identifier, `${UNDONE}${claim.userId}`));
  return undone.some((row) => row.createdAt.getTime() >= claim.issuedAt * 1000);
}

/** Keeps the way back for a change just made; the token goes into the mail to the old address. */
export async function rememberEmailChange(
  db: Database,
  change: EmailChangeClaim,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(verifications).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${IDENTIFIER}${token}`,
    value: JSON.stringify(change),
    expiresAt: new Date(now.getTime() + UNDO_EMAIL_CHANGE_SECONDS * 1000),
  });
  return token;
}

function wellFormed(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,200}$/.test(token);
}

/** Whether an undo link still works: it exists, has not expired and was not used. */
export async function isUndoTokenValid(
  db: Database,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!wellFormed(token)) return false;
  const rows = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, `${IDENTIFIER}${token}`), gt(verifications.expiresAt, now)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Puts the old address back and ends every session of the account; the link works once. Refused
 * (`false`) when the link is unknown, expired or used, when the account is gone, or when another
 * account has taken the old address meanwhile.
 */
export async function undoEmailChange(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string } | false> {
  if (!wellFormed(token)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, `${IDENTIFIER}${token}`),
          gt(verifications.expiresAt, now),
        ),
      )
      .returning({ value: verifications.value });
    if (!row) return false;
    const change = JSON.parse(row.value) as EmailChangeClaim;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.oldEmail), ne(users.id, change.userId)))
      .limit(1);
    if (taken) return false;
    const restored = await tx
      .update(users)
      .set({ email: change.oldEmail, emailVerified: true, updatedAt: now })
      .where(eq(users.id, change.userId))
      .returning({ id: users.id });
    if (restored.length === 0) return false;
    await tx.delete(sessions).where(eq(sessions.userId, change.userId));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier: `${UNDONE}${change.userId}`,
      value: change.newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UNDONE_KEPT_SECONDS * 1000),
    });
    return { userId: change.userId, email: change.oldEmail };
  });
}

interface EmailChangeDeps {
  auth: Auth;
  db: Database;
  limits: Limits;
  mailer: Mailer;
  config: Config;
  logger: Logger;
}

export type EmailChangeRequest =
  { outcome: "sent" } | { outcome: "wrong-password" } | { outcome: "too-many"; retryAfter: number };

/**
 * A signed-in member asks to move their account to `newEmail`, giving their current password.
 * Taken and free addresses go the same way and answer the same: Better Auth makes a link in both
 * cases but mails only a free address; the owner of a taken one gets a note instead, so that
 * someone with two accounts learns why no link came. Both mails are queued, sent after the answer.
 */
export async function requestEmailChange(
  { auth, db, limits, mailer, config, logger }: EmailChangeDeps,
  request: {
    user: { id: string; email: string };
    ip: string;
    device: KnownDevice | undefined;
    newEmail: string;
    currentPassword: string;
    headers: Headers;
  },
): Promise<EmailChangeRequest> {
  const { user, ip, newEmail } = request;
  const check = await checkCurrentPassword(
    { db, limits, mailer, logger, appUrl: config.appUrl },
    { ip, email: user.email, device: request.device, password: request.currentPassword },
  );
  if (check.result === "wrong") return { outcome: "wrong-password" };
  if (check.result === "throttled") return { outcome: "too-many", retryAfter: check.retryAfter };
  const limit = await hitEmailChangeLimits(limits, ip, user.id, newEmail);
  if (!limit.allowed) return { outcome: "too-many", retryAfter: limit.retryAfter };
  const [owner] = await db
    .select({ name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.email, newEmail))
    .limit(1);
  await auth.api.changeEmail({ body: { newEmail }, headers: request.headers });
  if (owner) {
    const lang: Language = isLanguage(owner.locale) ? owner.locale : "en";
    const url = new URL(pathInLanguage("/forgot-password", lang), config.appUrl).href;
    await mailer.send(emailTakenMail({ lang, to: newEmail, name: owner.name, url }));
  }
  return { outcome: "sent" };
}

/** After a change is made: the old address hears of it, with the link that undoes it. */
export async function mailUndoLink(
  { db, mailer, config }: Pick<EmailChangeDeps, "db" | "mailer" | "config">,
  change: EmailChangeClaim,
): Promise<void> {
  const [member] = await db
    .select({ name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, change.userId))
    .limit(1);
  if (!member) return;
  const token = await rememberEmailChange(db, change);
  const lang: Language = isLanguage(member.locale) ? member.locale : "en";
  const url = new URL(pathInLanguage("/auth/callback", lang), config.appUrl);
  url.searchParams.set("type", "undo-email-change");
  url.searchParams.set("token", token);
  await mailer.send(
    emailChangedMail({
      lang,
      to: change.oldEmail,
      name: member.name,
      url: url.href,
      newEmail: change.newEmail,
    }),
  );
}
