import type { LimitResult, LimitRule, Limits } from "~/adapters/limits.server";

/** Rate limits on the account forms: generous for people, tight for scripts. */
export const LIMITS = {
  signInFailuresPerIp: { max: 20, windowMs: 15 * 60_000 },
  // Counts failures from browsers the account never signed in on; past it, only those browsers
  // are refused (ADR 17).
  signInFailuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
  // A browser the account signed in on before has a limit of its own, so a copied cookie cannot
  // guess passwords either.
  signInFailuresPerDevice: { max: 5, windowMs: 15 * 60_000 },
  // The mail saying someone is trying to sign in: once a day at most, however long it lasts.
  signInAlertsPerAccount: { max: 1, windowMs: 24 * 60 * 60_000 },
  registrationsPerIp: { max: 5, windowMs: 60 * 60_000 },
  mailsPerIp: { max: 10, windowMs: 15 * 60_000 },
  mailsPerAddress: { max: 3, windowMs: 15 * 60_000 },
  // Asking to change one's address mails two addresses each time it is done: a few a day is
  // plenty for someone who mistyped.
  emailChangesPerMember: { max: 5, windowMs: 24 * 60 * 60_000 },
  twoFactorAttemptsPerIp: { max: 10, windowMs: 15 * 60_000 },
  // Generous for someone entering the meadows they know in one evening, low enough to stop a
  // script from filling the site or using it as a free geocoding service.
  meadowsPerMember: { max: 30, windowMs: 24 * 60 * 60_000 },
  geocodesPerMember: { max: 60, windowMs: 60 * 60_000 },
  geocodesPerIp: { max: 120, windowMs: 60 * 60_000 },
  // Place searches on the meadows list, when an outside geocoder answers them (answers are
  // cached, but each page of a search asks again).
  placeSearchesPerIp: { max: 300, windowMs: 15 * 60_000 },
  // A visit's worth of photos of several meadows in one go; a script filling the store, not.
  photoUploadsPerMember: { max: 60, windowMs: 60 * 60_000 },
  // The open data API (/api/v1): ten requests a second on average is more than a map or an app
  // built on it asks for; a crawler wanting everything has the exports.
  apiRequestsPerIp: { max: 600, windowMs: 60_000 },
} satisfies Record<string, LimitRule>;

/** Counts one mail sent on someone's request, per IP and per address; both must be within limits. */
export async function hitMailLimits(
  limits: Limits,
  ip: string,
  email: string,
): Promise<LimitResult> {
  const [byIp, byAddress] = await Promise.all([
    limits.hit(`mail:ip:${ip}`, LIMITS.mailsPerIp),
    limits.hit(`mail:address:${email}`, LIMITS.mailsPerAddress),
  ]);
  return {
    allowed: byIp.allowed && byAddress.allowed,
    retryAfter: Math.max(byIp.retryAfter, byAddress.retryAfter),
  };
}

/**
 * Counts one request to change a member's address: as a mail (per IP and per new address, as for
 * forgot password) and per member.
 */
export async function hitEmailChangeLimits(
  limits: Limits,
  ip: string,
  userId: string,
  newEmail: string,
): Promise<LimitResult> {
  const [mail, byMember] = await Promise.all([
    hitMailLimits(limits, ip, newEmail),
    limits.hit(`email-change:member:${userId}`, LIMITS.emailChangesPerMember),
  ]);
  return {
    allowed: mail.allowed && byMember.allowed,
    retryAfter: Math.max(mail.retryAfter, byMember.retryAfter),
  };
}

/** Counts one request to the open data API from `ip` (ADR 38), also one answered from a copy. */
export function hitApiLimit(limits: Limits, ip: string): Promise<LimitResult> {
  return limits.hit(`api:ip:${ip}`, LIMITS.apiRequestsPerIp);
}
