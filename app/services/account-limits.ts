import type { LimitRule } from "../adapters/limits.server";

/** Rate limits on the account forms: generous for people, tight for scripts. */
export const LIMITS = {
  signInFailuresPerIp: { max: 20, windowMs: 15 * 60_000 },
  signInFailuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
  registrationsPerIp: { max: 5, windowMs: 60 * 60_000 },
  mailsPerIp: { max: 10, windowMs: 15 * 60_000 },
  mailsPerAddress: { max: 3, windowMs: 15 * 60_000 },
  twoFactorAttemptsPerIp: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;
