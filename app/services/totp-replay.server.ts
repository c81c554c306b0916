import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { twoFactors } from "../../db/schema";
import type { Database } from "~/adapters/db.server";

/*
 * An authenticator code must work once (RFC 6238 §5.2), but Better Auth's two-step plugin takes a
 * code as often as it is sent within its window (the step before, this one and the next). So
 * before its verify-totp endpoint runs, this finds the step the code belongs to and claims it for
 * the member in one conditional update: a code of the step last used, or of an earlier one, is
 * refused as a wrong code. Backup codes are single-use in Better Auth already.
 */

/** Better Auth's TOTP settings, which createAuth keeps (twoFactor's defaults). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Better Auth accepts the step before and after the current one. */
const WINDOW = 1;
/** Better Auth's name for the signed cookie that carries a sign-in to its second step. */
const TWO_FACTOR_COOKIE = "two_factor";

/** The step within the window whose code `code` is, or undefined. */
export async function totpStepOf(
  key: Uint8Array,
  code: string,
  now = Date.now(),
): Promise<number | undefined> {
  // The same generator Better Auth checks codes with, so both agree on every step's code.
  const otp = createOTP(key, { digits: DIGITS, period: PERIOD_SECONDS });
  const current = Math.floor(now / 1000 / PERIOD_SECONDS);
  const given = Buffer.from(code);
  let found: number | undefined;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(await otp.hotp(step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = step;
  }
  return found;
}

/**
 * Claims `step` for the member's two-step secret: true when no code of this step or a later one
 * was accepted before. One statement, so two requests with the same code cannot both win.
 */
export async function claimTotpStep(db: Database, twoFactorId: string, step: number) {
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactors.id, twoFactorId),
        or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}

/** Better Auth keeps imported secrets as `base32:<secret>`; the ones it makes are used as text. */
function secretBytes(secret: string): Uint8Array {
  return secret.startsWith("base32:")
    ? base32.decode(secret.slice(7).toUpperCase())
    : Buffer.from(secret, "utf8");
}

/** Better Auth's before-hook: refuses a TOTP code whose step the member has used already. */
export function refuseReplayedTotp(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/two-factor/verify-totp") return;
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string") return;
    // Signed in (turning two-step on in settings), or between the two steps of signing in.
    let userId = (await getSessionFromCtx(ctx))?.user.id;
    if (!userId) {
      const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
      const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      if (identifier) {
        userId = (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value;
      }
    }
    // Without a member Better Auth refuses the request itself.
    if (!userId) return;
    const [row] = await db
      .select({ id: twoFactors.id, secret: twoFactors.secret })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .limit(1);
    if (!row) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    const step = await totpStepOf(secretBytes(secret), code);
    // A wrong code is Better Auth's to refuse and count.
    if (step === undefined) return;
    if (!(await claimTotpStep(db, row.id, step))) {
      throw new APIError("UNAUTHORIZED", { message: "Invalid code", code: "INVALID_CODE" });
    }
  });
}
