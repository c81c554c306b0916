import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { appContext, clientIpContext } from "~/context";
import { readForm } from "~/lib/read-form.server";
import { emailOnlySchema } from "~/lib/schemas/account";
import { hitMailLimits } from "~/services/account-limits";

/*
 * The forms that only ask for an address and send it a mail (a reset link, a new verification
 * link) answer alike: the form's errors with 400, "too many attempts" with 429 and Retry-After
 * once the address or the client has had its mails, or "sent" whether or not the address has an
 * account. Only what is sent differs.
 */

/**
 * Answers an email-only form. `send` is called with the address once the mail limit allows it;
 * `resetForm` says whether the field is emptied after sending.
 */
export async function answerMailLimitedForm(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { resetForm }: { resetForm: boolean },
  send: (email: string) => Promise<void> | void,
) {
  const { limits } = context.get(appContext);
  const ip = context.get(clientIpContext);
  const submission = parseWithZod(await readForm(request), { schema: emailOnlySchema() });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  const { email } = submission.value;
  const limit = await hitMailLimits(limits, ip, email);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["auth.tooManyAttempts"] }), sent: false },
      {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfter) },
      },
    );
  }
  await send(email);
  return { result: submission.reply({ resetForm }), sent: true };
}
