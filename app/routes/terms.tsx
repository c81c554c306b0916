import { useTranslation } from "~/hooks/use-translation";
import { ProsePage, ProseSection } from "~/components/prose-page";
import { getI18n } from "~/i18n.server";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/page-meta";
import { useShellData } from "~/hooks/use-shell-data";
import { DATA_LICENCE } from "~/lib/open-data";
import type { Route } from "./+types/terms";

/** When these terms last changed; shown on the page. */
const TERMS_UPDATED = "2026-11-25";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  return { meta: { title: `${t("terms.title")} · Plukweide`, description: t("terms.intro") } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Terms() {
  const { t } = useTranslation();
  const { lang } = useShellData();
  return (
    <ProsePage title={t("terms.title")} intro={t("terms.intro")}>
      <ProseSection title={t("terms.contentTitle")}>
        <p>{t("terms.content")}</p>
      </ProseSection>
      <ProseSection title={t("terms.conductTitle")}>
        <p>{t("terms.conduct")}</p>
      </ProseSection>
      <ProseSection title={t("terms.accuracyTitle")}>
        <p>{t("terms.accuracy")}</p>
      </ProseSection>
      <ProseSection title={t("terms.dataTitle")}>
        <p>{t("terms.data")}</p>
        <p>
          <a
            href={DATA_LICENCE.url}
            rel="license"
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            {t("apiPage.licenceLink")}
          </a>
        </p>
      </ProseSection>
      <ProseSection title={t("terms.changesTitle")}>
        <p>{t("terms.changes")}</p>
        <p className="text-sm text-muted-foreground">
          {t("terms.updated", { date: formatDate(TERMS_UPDATED, lang) })}
        </p>
      </ProseSection>
    </ProsePage>
  );
}
