import type { KnownDevice, SignInThrottle } from "./sign-in-throttle.server";

/*
 * A settings form that asks for the current password checks it like a sign-in (ADR 17): a stolen
 * session can guess no more often than a stranger at the sign-in form, and the same lockouts and
 * alert mail apply.
 */

export type CurrentPasswordCheck =
  | { ok: true }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "throttled"; retryAfter: number };

export async function checkCurrentPassword(
  throttle: SignInThrottle,
  check: { ip: string; email: string; device: KnownDevice | undefined; password: string },
): Promise<CurrentPasswordCheck> {
  const gate = await throttle.admit({ ip: check.ip, email: check.email, device: check.device });
  if (!gate.allowed) return { ok: false, reason: "throttled", retryAfter: gate.retryAfter };
  if (!(await throttle.passwordMatches(gate, check.password))) {
    await throttle.failed(gate);
    return { ok: false, reason: "wrong" };
  }
  await throttle.succeeded(gate);
  return { ok: true };
}
