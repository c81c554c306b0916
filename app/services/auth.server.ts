// The minimal entry leaves out Kysely (about 280 modules at every start), which only Better Auth's
// own database connections and migrations use; the app gives it the Drizzle adapter.
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { authSchema } from "../../db/schema";
import type { Database } from "~/adapters/db.server";
import type { Logger } from "~/adapters/logger.server";
import type { Mailer } from "~/adapters/mail.server";
import type { Config } from "~/env.server";
import { isLanguage, pathInLanguage, type Language } from "~/lib/i18n";
import {
  changeEmailMail,
  emailInUseMail,
  resetPasswordMail,
  verifyEmailMail,
} from "./mail-templates";
import { emailChangeClaim } from "./email-change.server";
import { refuseReplayedTotp } from "./totp-replay.server";

/** How long an emailed link works. */
export const EMAIL_LINK_LIFETIME_SECONDS = 60 * 60;
/** Sessions last 30 days and renew themselves (sliding) at most once a day while in use. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

export type EmailLinkType = "verify-email" | "change-email" | "reset-password";

interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** Runs before a member's row is deleted: files that no foreign key can remove. */
  beforeDeleteUser?: (userId: string) => Promise<void>;
}

/** The address of an emailed link: every one is finished by /auth/callback in the member's language. */
export function emailLinkUrl(
  config: Config,
  lang: Language,
  type: EmailLinkType,
  token: string,
): string {
  const url = new URL(pathInLanguage("/auth/callback", lang), config.appUrl);
  url.searchParams.set("type", type);
  url.searchParams.set("token", token);
  return url.href;
}

/** Mails go out in the language the member used last (stored on sign-up and on each visit). */
function languageOf(user: object): Language {
  const locale = (user as { locale?: unknown }).locale;
  return isLanguage(locale) ? locale : "en";
}

/**
 * Better Auth does the security-critical parts: password hashing (scrypt), sessions, tokens,
 * email verification, reset, email change, two-factor. We own the mails, the links and the pages.
 */
export function createAuth({
  config,
  db,
  mailer,
  logger,
  beforeDeleteUser = async () => {},
}: AuthDeps) {
  return betterAuth({
    appName: "Plukweide",
    baseURL: config.appUrl.origin,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.appUrl.origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    logger: {
      level: "warn",
      log: (level, message) => logger[level]({ component: "auth" }, message),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: EMAIL_LINK_LIFETIME_SECONDS,
      async sendResetPassword({ user, token }) {
        const lang = languageOf(user);
        await mailer.send(
          resetPasswordMail({
            lang,
            to: user.email,
            name: user.name,
            url: emailLinkUrl(config, lang, "reset-password", token),
          }),
        );
      },
      // Registering with an address that has an account answers like a new registration
      // (nobody learns who is a member); the owner hears that someone tried.
      async onExistingUserSignUp({ user }) {
        const lang = languageOf(user);
        const url = new URL(pathInLanguage("/forgot-password", lang), config.appUrl).href;
        await mailer.send(emailInUseMail({ lang, to: user.email, name: user.name, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in before verifying sends a fresh link (and the sign-in page says so).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_LIFETIME_SECONDS,
      async sendVerificationEmail({ user, token }) {
        const lang = languageOf(user);
        // Better Auth also sends this mail to confirm a new address: then its token names the
        // address it changes to. Read from the token, not the database, so that asking for a
        // free address costs no more than asking for a taken one (which sends nothing here).
        const changing = emailChangeClaim(token) !== undefined;
        const url = emailLinkUrl(config, lang, changing ? "change-email" : "verify-email", token);
        const mail = changing ? changeEmailMail : verifyEmailMail;
        await mailer.send(mail({ lang, to: user.email, name: user.name, url }));
      },
    },
    user: {
      additionalFields: {
        bio: { type: "string", required: false, input: false },
        website: { type: "string", required: false, input: false },
        location: { type: "string", required: false, input: false },
        avatarKey: { type: "string", required: false, input: false },
        locale: { type: "string", required: false, defaultValue: "en", input: true },
      },
      changeEmail: { enabled: true },
      deleteUser: { enabled: true, beforeDelete: (user) => beforeDeleteUser(user.id) },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
    },
    // Our own limits (app/adapters/limits.server.ts) guard the forms; Better Auth's apply only to
    // its HTTP handler, which we do not expose.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "plukweide",
      useSecureCookies: config.appUrl.protocol === "https:",
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
    },
    // An authenticator code works once (app/services/totp-replay.server.ts).
    hooks: { before: refuseReplayedTotp(db) },
    plugins: [twoFactor({ issuer: "Plukweide" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
