import type { Database } from "~/adapters/db.server";
import type { Limits } from "~/adapters/limits.server";
import type { Logger } from "~/adapters/logger.server";
import type { Mailer } from "~/adapters/mail.server";
import { createSignInThrottle, type KnownDevice } from "./sign-in-throttle.server";

/*
 * A signed-in member's current password, asked again before a change that needs it (a new
 * password or address, two-step verification, deleting the account). Whoever holds a stolen
 * session must not get unlimited guesses there: the check goes through the sign-in throttle
 * (ADR 17), so a wrong password counts exactly as a failed sign-in does, and a locked account
 * or address refuses the check before any password is compared.
 */

export type CurrentPasswordCheck =
  { result: "ok" } | { result: "wrong" } | { result: "throttled"; retryAfter: number };

export interface CurrentPasswordDeps {
  db: Database;
  limits: Limits;
  mailer: Mailer;
  logger: Logger;
  /** Public base URL, for the link in the alert mail of a locked account. */
  appUrl: URL;
}

export interface CurrentPasswordAttempt {
  /** The client address, as the sign-in form counts it. */
  ip: string;
  /** The signed-in member's address, as stored (lower case). */
  email: string;
  /** The browser's valid device cookie, for whichever account. */
  device: KnownDevice | undefined;
  password: string;
}

/**
 * Whether `password` is the member's, counted like a sign-in: from a browser the account signed
 * in on, against that browser; from any other, against the address and the account (whose lock
 * also stops sign-ins from unknown browsers, and mails the owner). Right answers start the
 * account's count again, as a right password at sign-in does.
 */
export async function checkCurrentPassword(
  deps: CurrentPasswordDeps,
  { ip, email, device, password }: CurrentPasswordAttempt,
): Promise<CurrentPasswordCheck> {
  const throttle = createSignInThrottle(deps);
  const gate = await throttle.admit({ ip, email, device });
  if (!gate.allowed) return { result: "throttled", retryAfter: gate.retryAfter };
  if (!(await throttle.passwordMatches(gate, password))) {
    await throttle.failed(gate);
    return { result: "wrong" };
  }
  await throttle.succeeded(gate);
  return { result: "ok" };
}
