import { Link } from "react-router";
import { useTranslation } from "~/hooks/use-translation";
import { useLocalePath } from "~/hooks/use-shell-data";
import { ProsePage, ProseSection } from "~/components/prose-page";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/about";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  return { meta: { title: `${t("about.title")} · Plukweide`, description: t("about.intro") } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function About() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <ProsePage title={t("about.title")} intro={t("about.intro")}>
      <ProseSection title={t("about.whyTitle")}>
        <p>{t("about.why")}</p>
      </ProseSection>
      <ProseSection title={t("about.howTitle")}>
        <p>{t("about.how")}</p>
      </ProseSection>
      <ProseSection title={t("about.openDataTitle")}>
        <p>{t("about.openData")}</p>
        <p>
          <Link
            to={localePath("/api")}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            {t("about.openDataLink")}
          </Link>
        </p>
      </ProseSection>
      <ProseSection title={t("about.contactTitle")}>
        <p>{t("about.contact")}</p>
      </ProseSection>
    </ProsePage>
  );
}
