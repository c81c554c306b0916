import { Link } from "react-router";
import { CopyableCommand } from "~/components/copyable-command";
import { ProsePage, ProseSection } from "~/components/prose-page";
import { appContext } from "~/context";
import { useTranslation } from "~/hooks/use-translation";
import { getI18n } from "~/i18n.server";
import { API_BASE_PATH, DATA_LICENCE, EXPORT_PATHS, OPENAPI_PATH } from "~/lib/open-data";
import { pageMeta } from "~/lib/page-meta";
import { API_QUERY_PARAMETERS } from "~/lib/schemas/open-data";
import { LIMITS } from "~/services/account-limits";
import { exampleMeadowId } from "~/services/open-data/meadows.server";
import type { Route } from "./+types/api-reference";

/** The open data API's reference (DESIGN.md "Routes": /api), in the visitor's language. */
export async function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  const { db, config } = context.get(appContext);
  return {
    meta: { title: `${t("apiPage.title")} · Plukweide`, description: t("apiPage.intro") },
    site: config.appUrl.origin,
    meadowId: (await exampleMeadowId(db)) ?? "k3Xq9PzA2b",
    maxPerMinute: LIMITS.apiRequestsPerIp.max,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

const PROBLEMS = [
  ["invalid-parameter", 400, "apiPage.problemInvalidParameter"],
  ["not-found", 404, "apiPage.problemNotFound"],
  ["too-many-requests", 429, "apiPage.problemTooManyRequests"],
  ["bad-request", 400, "apiPage.problemBadRequest"],
  ["cross-site", 403, "apiPage.problemCrossSite"],
  ["method-not-allowed", 405, "apiPage.problemMethodNotAllowed"],
  ["request-timeout", 408, "apiPage.problemRequestTimeout"],
  ["too-large", 413, "apiPage.problemTooLarge"],
  ["unavailable", 503, "apiPage.problemUnavailable"],
] as const;

const linkClass = "font-medium text-primary underline underline-offset-4 hover:no-underline";

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site, meadowId, maxPerMinute } = loaderData;
  const api = `${site}${API_BASE_PATH}`;
  const examples = [
    ["apiPage.exampleNearest", `curl '${api}/meadows?near=52.09,5.12&radius=25&limit=10'`],
    ["apiPage.exampleList", `curl '${api}/meadows?country=NL&crop=dahlia&limit=100'`],
    ["apiPage.exampleView", `curl '${api}/meadows?bbox=4.8,52.0,5.4,52.2&zoom=11'`],
    [
      "apiPage.exampleGeojson",
      `curl -H 'Accept: application/geo+json' '${api}/meadows?season=now&limit=100'`,
    ],
    ["apiPage.exampleOne", `curl '${api}/meadows/${meadowId}'`],
  ] as const;
  return (
    <ProsePage title={t("apiPage.title")} intro={t("apiPage.intro")}>
      <ProseSection title={t("apiPage.licenceTitle")}>
        <p>{t("apiPage.licence")}</p>
        <p>{t("apiPage.attribution", { site })}</p>
        <p>
          <a href={DATA_LICENCE.url} className={linkClass} rel="license">
            {t("apiPage.licenceLink")}
          </a>
        </p>
      </ProseSection>
      <ProseSection title={t("apiPage.examplesTitle")}>
        {examples.map(([key, command]) => (
          <div key={key}>
            <p>{t(key)}</p>
            <CopyableCommand command={command} label={t(key)} />
          </div>
        ))}
      </ProseSection>
      <ProseSection title={t("apiPage.parametersTitle")}>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t("apiPage.parameterColumn")}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t("apiPage.meaningColumn")}
                </th>
              </tr>
            </thead>
            <tbody>
              {API_QUERY_PARAMETERS.map((name) => (
                <tr key={name} className="border-b border-border/60 align-top">
                  <th scope="row" className="py-2 pr-4 font-mono font-normal">
                    {name}
                  </th>
                  <td className="py-2">{t(`apiPage.params.${name}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ProseSection>
      <ProseSection title={t("apiPage.answersTitle")}>
        <p>{t("apiPage.answers")}</p>
      </ProseSection>
      <ProseSection title={t("apiPage.cachingTitle")}>
        <p>{t("apiPage.caching")}</p>
      </ProseSection>
      <ProseSection title={t("apiPage.limitsTitle")}>
        <p>{t("apiPage.limits", { max: maxPerMinute })}</p>
      </ProseSection>
      <ProseSection title={t("apiPage.errorsTitle")}>
        <p>{t("apiPage.errors")}</p>
        <dl className="space-y-2">
          {PROBLEMS.map(([kind, status, key]) => (
            <div key={kind} id={`problem-${kind}`}>
              <dt className="font-mono text-sm">
                {kind} ({status})
              </dt>
              <dd>{t(key)}</dd>
            </div>
          ))}
        </dl>
      </ProseSection>
      <ProseSection title={t("apiPage.downloadsTitle")}>
        <p>{t("apiPage.downloads")}</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <a href={EXPORT_PATHS.geojson} className={linkClass}>
              {t("apiPage.downloadGeojson")}
            </a>
          </li>
          <li>
            <a href={EXPORT_PATHS.csv} className={linkClass}>
              {t("apiPage.downloadCsv")}
            </a>
          </li>
        </ul>
      </ProseSection>
      <ProseSection title={t("apiPage.openApiTitle")}>
        <p>
          {t("apiPage.openApi")}{" "}
          <Link to={OPENAPI_PATH} reloadDocument className={linkClass}>
            {t("apiPage.openApiLink")}
          </Link>
        </p>
      </ProseSection>
    </ProsePage>
  );
}
