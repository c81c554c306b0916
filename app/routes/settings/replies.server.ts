import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Config } from "~/env.server";
import { serializeToast } from "~/cookies.server";
import type { ToastMessage } from "~/lib/toast";
import { pagePath } from "~/lib/page-url";
import { authErrorCode } from "~/services/auth-errors";

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
  headers.append("Set-Cookie", await serializeToast(toast, config));
  return redirect(pagePath(request, "/settings"), { headers });
}

export function refused(result: SubmissionResult<string[]>, status = 400) {
  return data({ result }, { status });
}

/**
 * A Better Auth call that takes the member's current password. A wrong password is one answer for
 * every settings form: the form's reply with "that is not your current password" beside `field`
 * and no password sent back. Any other failure is not the member's and goes on.
 */
export async function withCurrentPassword<T>(
  submission: {
    reply(options: {
      hideFields: string[];
      fieldErrors: Record<string, string[]>;
    }): SubmissionResult<string[]>;
  },
  field: string,
  hideFields: string[],
  call: () => Promise<T>,
): Promise<{ done: T } | { wrongPassword: SubmissionResult<string[]> }> {
  try {
    return { done: await call() };
  } catch (error) {
    if (authErrorCode(error) !== "INVALID_PASSWORD") throw error;
    const fieldErrors = { [field]: ["settings.currentPasswordWrong"] };
    return { wrongPassword: submission.reply({ hideFields, fieldErrors }) };
  }
}
