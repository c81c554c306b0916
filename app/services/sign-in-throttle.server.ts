import { randomBytes } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/adapters/db.server";
import type { Limits } from "~/adapters/limits.server";
import type { Logger } from "~/adapters/logger.server";
import type { Mailer } from "~/adapters/mail.server";
import { isLanguage, pathInLanguage, type Language } from "~/lib/i18n";
import { PASSWORD_MAX_LENGTH } from "~/lib/schemas/account";
import { LIMITS } from "./account-limits";
import { signInAlertMail } from "./mail-templates";

/*
 * Failed sign-ins are throttled per client address and per account, but the account's lockout
 * holds only for browsers the account never signed in on: a browser that did carries a signed
 * device cookie and has a failure limit of its own. So whoever guesses passwords is stopped, and
 * the owner still gets in from their own devices (OWASP's "device cookies"; ADR 17).
 */

/** A browser an account signed in on: the account's id and a random name for the browser. */
export interface KnownDevice {
  userId: string;
  nonce: string;
}

/** What a sign-in attempt needs of the account behind an address, when there is one. */
export interface SignInAccount {
  id: string;
  name: string;
  email: string;
  locale: Language;
  /** Better Auth's scrypt hash; undefined for an account without a password. */
  passwordHash: string | undefined;
}

export interface SignInAttempt {
  ip: string;
  /** As the sign-in form's schema leaves it: trimmed and lower case. */
  email: string;
  /** The browser's valid device cookie, for whichever account. */
  device: KnownDevice | undefined;
}

/** Whether an attempt may check its password, and what it is checked against. */
export type SignInGate =
  | {
      allowed: false;
      retryAfter: number;
      /** `account`: locked for unknown browsers; `client`: this address or device is. */
      reason: "account" | "client";
    }
  | {
      allowed: true;
      attempt: SignInAttempt;
      account: SignInAccount | undefined;
      /** The device cookie's browser, when it belongs to this account. */
      device: KnownDevice | undefined;
    };

export type OpenSignInGate = Extract<SignInGate, { allowed: true }>;

interface ThrottleDeps {
  db: Database;
  limits: Limits;
  mailer: Mailer;
  logger: Logger;
  /** Public base URL, for the link in the alert mail. */
  appUrl: URL;
}

/**
 * Better Auth's scrypt hash of a random password that was thrown away once hashed. Addresses
 * without an account are checked against it, so a wrong password costs the same work whether or
 * not the account exists.
 */
const DUMMY_PASSWORD_HASH =
  "432dc4c2ca5ddbf22f6ae7f9765747f1:" +
  "a11df453718ead7d681681ae0795b6a8cd3fb3456747cd6cbd5f9d9d7990e37c" +
  "c728f2265b5c051060e03cf41f6be9c6cb315b5eb4dd4bee6f09b8d24515e830";

const keys = {
  ip: (ip: string) => `sign-in:ip:${ip}`,
  account: (email: string) => `sign-in:account:${email}`,
  device: (nonce: string) => `sign-in:device:${nonce}`,
  alert: (email: string) => `sign-in:alert:${email}`,
};

export function createSignInThrottle({ db, limits, mailer, logger, appUrl }: ThrottleDeps) {
  /** One query whether or not the account exists, so both take the same time. */
  async function findAccount(email: string): Promise<SignInAccount | undefined> {
    const [row] = await queryRows<{
      id: string;
      name: string;
      email: string;
      locale: string;
      password: string | null;
    }>(
      db,
      sql`select users.id, users.name, users.email, users.locale, accounts.password
          from users
          left join accounts on accounts.user_id = users.id and accounts.provider_id = 'credential'
          where users.email = ${email}
          limit 1`,
    );
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      locale: isLanguage(row.locale) ? row.locale : "en",
      passwordHash: row.password ?? undefined,
    };
  }

  function sendAlert(account: SignInAccount) {
    const lang = account.locale;
    const url = new URL(pathInLanguage("/forgot-password", lang), appUrl).href;
    // Not awaited: the answer to the attempt must not wait for (or reveal) a mail.
    void mailer.send(signInAlertMail({ lang, to: account.email, name: account.name, url })).then(
      () => logger.info({ userId: account.id }, "sign-in alert mailed"),
      (error: unknown) => logger.error({ err: error, userId: account.id }, "sign-in alert failed"),
    );
  }

  return {
    /** Looks the account up and decides whether this attempt may check a password at all. */
    async admit(attempt: SignInAttempt): Promise<SignInGate> {
      const account = await findAccount(attempt.email);
      const device = account && attempt.device?.userId === account.id ? attempt.device : undefined;
      if (device) {
        const byDevice = await limits.peek(
          keys.device(device.nonce),
          LIMITS.signInFailuresPerDevice,
        );
        if (!byDevice.allowed) {
          return { allowed: false, retryAfter: byDevice.retryAfter, reason: "client" };
        }
        return { allowed: true, attempt, account, device };
      }
      const [byIp, byAccount] = await Promise.all([
        limits.peek(keys.ip(attempt.ip), LIMITS.signInFailuresPerIp),
        limits.peek(keys.account(attempt.email), LIMITS.signInFailuresPerAccount),
      ]);
      if (!byIp.allowed) return { allowed: false, retryAfter: byIp.retryAfter, reason: "client" };
      if (!byAccount.allowed) {
        return { allowed: false, retryAfter: byAccount.retryAfter, reason: "account" };
      }
      return { allowed: true, attempt, account, device: undefined };
    },

    /**
     * Whether the password is the account's. Without an account it is checked against a dummy
     * hash all the same, and fails. `verifyPassword` is Better Auth's default, which createAuth
     * keeps: if it ever gets a password hasher of its own, this must use that one too.
     */
    async passwordMatches(gate: OpenSignInGate, password: string): Promise<boolean> {
      const hash = gate.account?.passwordHash;
      const matches = await verifyPassword({ hash: hash ?? DUMMY_PASSWORD_HASH, password });
      return matches && hash !== undefined && password.length <= PASSWORD_MAX_LENGTH;
    },

    /**
     * Counts a wrong password: against the device when it is the account's own, else against the
     * address and the account. The attempt that locks the account mails its owner (at most once
     * a day); unknown addresses go through the same counting and get no mail.
     */
    async failed(gate: OpenSignInGate): Promise<void> {
      const { attempt, account, device } = gate;
      if (device) {
        await limits.hit(keys.device(device.nonce), LIMITS.signInFailuresPerDevice);
        return;
      }
      await Promise.all([
        limits.hit(keys.ip(attempt.ip), LIMITS.signInFailuresPerIp),
        limits.hit(keys.account(attempt.email), LIMITS.signInFailuresPerAccount),
      ]);
      const next = await limits.peek(keys.account(attempt.email), LIMITS.signInFailuresPerAccount);
      if (next.allowed) return;
      const alert = await limits.hit(keys.alert(attempt.email), LIMITS.signInAlertsPerAccount);
      if (alert.allowed && account) sendAlert(account);
    },

    /**
     * The password was right (a second step may follow): from an unknown browser, the account's
     * count of failures starts again. A known device's count starts again once it is signed in
     * (`deviceSignedIn`), after any second step.
     */
    async succeeded(gate: OpenSignInGate): Promise<void> {
      if (!gate.device) await limits.reset(keys.account(gate.attempt.email));
    },

    /**
     * The browser that has just signed in to `userId`: the one its cookie names when that is
     * this account's (its failures forgotten), else a new one.
     */
    async deviceSignedIn(userId: string, presented: KnownDevice | undefined): Promise<KnownDevice> {
      if (presented?.userId === userId) {
        await limits.reset(keys.device(presented.nonce));
        return presented;
      }
      return { userId, nonce: randomBytes(18).toString("base64url") };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
