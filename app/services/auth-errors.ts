import { isAPIError } from "better-auth/api";

/** Better Auth's error code (`INVALID_EMAIL_OR_PASSWORD`, `TOKEN_EXPIRED` …), if it is one of its errors. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === "string" ? body.code : undefined;
}
