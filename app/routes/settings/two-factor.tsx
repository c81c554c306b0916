import { parseWithZod } from "@conform-to/zod/v4";
import QRCode from "qrcode";
import { data, useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import type { TwoFactorAnswer } from "~/components/settings/two-factor-section";
import { appContext } from "~/context";
import {
  isTwoFactorIntent,
  passwordConfirmSchema,
  twoFactorVerifySchema,
} from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { authErrorCode } from "~/services/auth-errors";
import { passOnHeadersBelowLayout } from "~/route-headers";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/two-factor";
import { backToSettings, withCurrentPassword, type Refusal } from "./replies.server";

/*
 * Two-step verification, in three forms: the password to start turning it on (answered with the
 * authenticator app's setup), the app's first code to finish, and the password to turn it off.
 * Turning it on or off replaces the session: its new cookie must reach the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const { auth, config } = context.get(appContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isTwoFactorIntent(intent)) throw data("Unknown form", { status: 400 });
  const answer = (reply: Omit<TwoFactorAnswer, "intent">, status = 200, headers?: HeadersInit) =>
    data({ intent, ...reply } satisfies TwoFactorAnswer, { status, headers });
  const turnedDown = ({ result, status, headers }: Refusal) => answer({ result }, status, headers);

  if (intent === "two-factor-verify") {
    const submission = parseWithZod(form, { schema: twoFactorVerifySchema() });
    if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
    try {
      const { headers } = await auth.api.verifyTOTP({
        body: { code: submission.value.code },
        headers: request.headers,
        returnHeaders: true,
      });
      const toast = { type: "success", key: "settings.twoFactorOn" } as const;
      return await backToSettings(request, config, toast, headers.getSetCookie());
    } catch (error) {
      if (authErrorCode(error) === undefined) throw error;
      const result = submission.reply({ fieldErrors: { code: ["auth.codeWrong"] } });
      return answer({ result }, 400);
    }
  }

  const submission = parseWithZod(form, { schema: passwordConfirmSchema() });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return answer({ result: submission.reply({ hideFields }) }, 400);
  }
  const { password } = submission.value;
  if (submission.value.intent === "two-factor-enable") {
    const enabled = await withCurrentPassword(
      { request, context },
      submission,
      { field: "password", hideFields, password },
      () => auth.api.enableTwoFactor({ body: { password }, headers: request.headers }),
    );
    if ("refusal" in enabled) return turnedDown(enabled.refusal);
    if (enabled.done.method !== "totp") throw new Error("two-factor: expected a TOTP setup");
    const { totpURI, backupCodes } = enabled.done;
    const qr = await QRCode.toString(totpURI, { type: "svg", margin: 1, width: 192 });
    return answer({
      result: submission.reply({ resetForm: true }),
      setup: { qr, secretUri: totpURI, backupCodes },
    });
  }
  const disabled = await withCurrentPassword(
    { request, context },
    submission,
    { field: "password", hideFields, password },
    () =>
      auth.api.disableTwoFactor({
        body: { password },
        headers: request.headers,
        returnHeaders: true,
      }),
  );
  if ("refusal" in disabled) return turnedDown(disabled.refusal);
  const toast = { type: "success", key: "settings.twoFactorOff" } as const;
  return backToSettings(request, config, toast, disabled.done.headers.getSetCookie());
}

// A refusal for too many attempts says when to try again (Retry-After).
export const headers = passOnHeadersBelowLayout;

export default function TwoFactorSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ twoFactor: actionData }} />;
}
