import { useTranslation } from "~/hooks/use-translation";
import { ProsePage, ProseSection } from "~/components/prose-page";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/privacy";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  return { meta: { title: `${t("privacy.title")} · Plukweide`, description: t("privacy.intro") } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Privacy() {
  const { t } = useTranslation();
  return (
    <ProsePage title={t("privacy.title")} intro={t("privacy.intro")}>
      <ProseSection title={t("privacy.accountTitle")}>
        <p>{t("privacy.account")}</p>
      </ProseSection>
      <ProseSection title={t("privacy.meadowsTitle")}>
        <p>{t("privacy.meadows")}</p>
      </ProseSection>
      <ProseSection title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookies")}</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("privacy.cookieSession")}</li>
          <li>{t("privacy.cookieLocale")}</li>
          <li>{t("privacy.cookieTheme")}</li>
          <li>{t("privacy.cookieToast")}</li>
        </ul>
      </ProseSection>
      <ProseSection title={t("privacy.logsTitle")}>
        <p>{t("privacy.logs")}</p>
      </ProseSection>
      <ProseSection title={t("privacy.rightsTitle")}>
        <p>{t("privacy.rights")}</p>
      </ProseSection>
    </ProsePage>
  );
}
