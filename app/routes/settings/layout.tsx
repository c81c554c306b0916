import { data, useOutlet } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { passOnHeaders } from "~/route-headers";
import { avatarSources, getAccountSettings } from "~/services/profiles.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/layout";

/*
 * The settings page: every section on one page. Each section's form posts to a route of its own
 * below /settings (profile, password, …) with its own action; that route shows this same page
 * with its form's answer, and a form that did its work comes back here.
 */

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const account = await getAccountSettings(db, user.id);
  if (!account) throw data("Account not found", { status: 404 });
  const { avatarKey: _key, avatarWidth: _width, ...shown } = account;
  return data(
    {
      account: { ...shown, avatar: avatarSources(storage, account, 96) },
      confirmWord: t("settings.deleteConfirmWord"),
      meta: { title: `${t("nav.settings")} · Plukweide`, description: t("settings.intro") },
    } satisfies SettingsData & { meta: unknown },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { account, confirmWord } = loaderData;
  const settings: SettingsData = { account, confirmWord };
  // A section's route, after its form was sent, shows the page with that form's answer.
  return useOutlet(settings) ?? <SettingsPage {...settings} />;
}
