import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { appContext, clientIpContext } from "~/context";
import type { Config } from "~/env.server";
import { readDeviceCookie, redirectWithToast } from "~/cookies.server";
import type { ToastMessage } from "~/lib/toast";
import { pagePath } from "~/lib/page-url";
import { authErrorCode } from "~/services/auth-errors";
import { checkCurrentPassword } from "~/services/current-password.server";
import { requireUser } from "~/session.server";

/*
 * What every settings form answers: done, back on the settings page with a toast; or refused, the
 * page again with the form's errors beside its fields.
 */

/** Back to the settings page in the request's language, with a toast and any session cookies. */
export async function backToSettings(
  request: Request,
  config: Config,
  toast: ToastMessage,
  cookies: string[] = [],
) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(pagePath(request, "/settings"), toast, config, { headers });
}

export function refused(result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data({ result }, { status, headers });
}

/** A settings form turned down: its reply, the status to answer it with and any headers. */
export interface Refusal {
  result: SubmissionResult<string[]>;
  status: number;
  headers?: Record<string, string>;
}

/**
 * A Better Auth call that takes the member's current password, asked first through the sign-in
 * throttle (app/services/current-password.server.ts). One answer for every settings form: a
 * wrong password puts "that is not your current password" beside `field`; too many wrong ones
 * put "too many attempts" there with 429 and Retry-After, and the password is not checked. The
 * password is never sent back. Any other failure of the call is not the member's and goes on.
 */
export async function withCurrentPassword<T>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  submission: {
    reply(options: {
      hideFields: string[];
      fieldErrors: Record<string, string[]>;
    }): SubmissionResult<string[]>;
  },
  { field, hideFields, password }: { field: string; hideFields: string[]; password: string },
  call: () => Promise<T>,
): Promise<{ done: T } | { refusal: Refusal }> {
  const { db, limits, mailer, logger, config } = context.get(appContext);
  const user = requireUser(context, request);
  const check = await checkCurrentPassword(
    { db, limits, mailer, logger, appUrl: config.appUrl },
    {
      ip: context.get(clientIpContext),
      email: user.email,
      device: await readDeviceCookie(request, config),
      password,
    },
  );
  const refuse = (message: string, status: number, headers?: Record<string, string>) => ({
    refusal: {
      result: submission.reply({ hideFields, fieldErrors: { [field]: [message] } }),
      status,
      headers,
    },
  });
  if (check.result === "throttled") {
    return refuse("auth.tooManyAttempts", 429, { "Retry-After": String(check.retryAfter) });
  }
  if (check.result === "wrong") return refuse("settings.currentPasswordWrong", 400);
  try {
    return { done: await call() };
  } catch (error) {
    // The password changed between the two checks.
    if (authErrorCode(error) !== "INVALID_PASSWORD") throw error;
    return refuse("settings.currentPasswordWrong", 400);
  }
}
