import { useTranslation } from "~/hooks/use-translation";
import { data, redirect, useLoaderData } from "react-router";
import { ExpiredLink } from "~/components/expired-link";
import { appContext } from "~/context";
import { serializeToast } from "~/cookies.server";
import { useLocalePath } from "~/hooks/use-shell-data";
import { splitPrefix, withPrefix } from "~/lib/i18n";
import { authErrorCode } from "~/services/auth-errors";
import { isResetTokenValid } from "~/services/email-links.server";
import type { Route } from "./+types/callback";
import { pageUrl } from "~/lib/page-url";
import { forwardCookies, passOnHeaders } from "~/route-headers";
import { pageMeta } from "~/lib/page-meta";

const LINK_TYPES = ["verify-email", "change-email", "reset-password"] as const;
type LinkType = (typeof LINK_TYPES)[number];

/** Finishes every emailed link: verify an address, confirm a new one, or open the reset form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, config, db } = context.get(appContext);
  const url = pageUrl(request);
  const { prefix } = splitPrefix(url.pathname);
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token") ?? "";
  if (!LINK_TYPES.includes(type as LinkType) || token.length === 0 || token.length > 2000) {
    throw data("Unknown link", { status: 404 });
  }
  const linkType = type as LinkType;
  const expired = () =>
    data({ type: linkType }, { status: 410, headers: { "Referrer-Policy": "no-referrer" } });

  if (linkType === "reset-password") {
    if (!(await isResetTokenValid(db, token))) return expired();
    throw redirect(`${withPrefix(prefix, "/reset-password")}?${new URLSearchParams({ token })}`);
  }

  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token },
      headers: request.headers,
      returnHeaders: true,
    });
    const responseHeaders = forwardCookies(headers);
    const changed = linkType === "change-email";
    responseHeaders.append(
      "Set-Cookie",
      await serializeToast(
        { type: "success", key: changed ? "messages.emailUpdated" : "auth.emailVerified" },
        config,
      ),
    );
    throw redirect(withPrefix(prefix, changed ? "/settings" : "/"), { headers: responseHeaders });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_TOKEN" || code === "TOKEN_EXPIRED" || code === "USER_NOT_FOUND")
      return expired();
    throw error;
  }
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = () => pageMeta(undefined, { index: false });

export default function AuthCallback() {
  const { t } = useTranslation();
  const { type } = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
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
