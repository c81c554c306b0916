import { useTranslation } from "~/hooks/use-translation";
import { data, Form, redirect, useLoaderData } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { ExpiredLink } from "~/components/expired-link";
import { SubmitButton } from "~/components/ui/button";
import { appContext } from "~/context";
import { redirectWithToast } from "~/cookies.server";
import { useLocalePath } from "~/hooks/use-shell-data";
import { splitPrefix, withPrefix } from "~/lib/i18n";
import { authErrorCode } from "~/services/auth-errors";
import {
  emailChangeClaim,
  isChangeLinkStale,
  isUndoTokenValid,
  mailUndoLink,
  undoEmailChange,
} from "~/services/email-change.server";
import { isResetTokenValid } from "~/services/email-links.server";
import type { Route } from "./+types/callback";
import { pageUrl } from "~/lib/page-url";
import { forwardCookies, passOnHeaders } from "~/route-headers";
import { pageMeta } from "~/lib/page-meta";

const LINK_TYPES = ["verify-email", "change-email", "reset-password", "undo-email-change"] as const;
type LinkType = (typeof LINK_TYPES)[number];

/** The link's type and token, or a 404 for anything else. */
function readLink(request: Request) {
  const url = pageUrl(request);
  const { prefix } = splitPrefix(url.pathname);
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token") ?? "";
  if (!LINK_TYPES.includes(type as LinkType) || token.length === 0 || token.length > 2000) {
    throw data("Unknown link", { status: 404 });
  }
  const linkType = type as LinkType;
  const expired = () =>
    data(
      { type: linkType, confirm: false },
      { status: 410, headers: { "Referrer-Policy": "no-referrer" } },
    );
  return { prefix, linkType, token, expired };
}

/** Whether `error`, or what it wraps, is PostgreSQL's unique violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Finishes every emailed link: verify an address, confirm a new one, or open the reset form. The
 * link that undoes a change of address asks first (a mail scanner opening it must not undo it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, config, db, mailer } = context.get(appContext);
  const { prefix, linkType, token, expired } = readLink(request);

  if (linkType === "reset-password") {
    if (!(await isResetTokenValid(db, token))) return expired();
    throw redirect(`${withPrefix(prefix, "/reset-password")}?${new URLSearchParams({ token })}`);
  }
  if (linkType === "undo-email-change") {
    if (!(await isUndoTokenValid(db, token))) return expired();
    return data(
      { type: linkType, confirm: true },
      { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
    );
  }

  // The token is checked by Better Auth below; its claim only says what it would change.
  const change = linkType === "change-email" ? emailChangeClaim(token) : undefined;
  if (change && (await isChangeLinkStale(db, change))) return expired();

  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token },
      headers: request.headers,
      returnHeaders: true,
    });
    const responseHeaders = forwardCookies(headers);
    const changed = linkType === "change-email";
    if (change) await mailUndoLink({ db, mailer, config }, change);
    throw await redirectWithToast(
      withPrefix(prefix, changed ? "/settings" : "/"),
      { type: "success", key: changed ? "messages.emailUpdated" : "auth.emailVerified" },
      config,
      { headers: responseHeaders },
    );
  } catch (error) {
    const code = authErrorCode(error);
    // INVALID_USER: signed in as another member than the one the link is for.
    if (
      code === "INVALID_TOKEN" ||
      code === "TOKEN_EXPIRED" ||
      code === "USER_NOT_FOUND" ||
      code === "INVALID_USER"
    )
      return expired();
    // The new address was taken between the check above and the change.
    if (linkType === "change-email" && isUniqueViolation(error)) return expired();
    throw error;
  }
}

/** Undoes a change of address: the old one back, every session ended, then a new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(appContext);
  const { prefix, linkType, token, expired } = readLink(request);
  if (linkType !== "undo-email-change") throw data("Method not allowed", { status: 405 });
  if (!(await undoEmailChange(db, token))) return expired();
  throw await redirectWithToast(
    withPrefix(prefix, "/forgot-password"),
    { type: "success", key: "messages.emailRestored" },
    config,
  );
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = () => pageMeta(undefined, { index: false });

export default function AuthCallback() {
  const { t } = useTranslation();
  const { type, confirm } = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  if (type === "undo-email-change") {
    if (confirm) {
      return (
        <AuthCard title={t("auth.undoEmailTitle")} intro={t("auth.undoEmailIntro")}>
          <Form method="post">
            <SubmitButton className="w-full">{t("auth.undoEmailButton")}</SubmitButton>
          </Form>
        </AuthCard>
      );
    }
    return (
      <ExpiredLink again={localePath("/forgot-password")} againLabel={t("auth.requestNewReset")} />
    );
  }
  if (type === "reset-password") {
    return (
      <ExpiredLink again={localePath("/forgot-password")} againLabel={t("auth.requestNewReset")} />
    );
  }
  if (type === "change-email") {
    return <ExpiredLink again={localePath("/settings")} againLabel={t("auth.backToSettings")} />;
  }
  return (
    <ExpiredLink
      again={localePath("/verify-email")}
      againLabel={t("auth.requestNewVerification")}
    />
  );
}
