import { useTranslation } from "~/hooks/use-translation";
import { data, useActionData, useLoaderData } from "react-router";
import { MeadowForm } from "~/components/meadow-form";
import { appContext } from "~/context";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { pagePath } from "~/lib/page-url";
import { passOnHeaders } from "~/route-headers";
import { LIMITS } from "~/services/account-limits";
import { createMeadow } from "~/services/meadows/records.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/add";
import { handleMeadowForm, type MeadowFormReply } from "./meadow-form.server";
import { redirectWithToast } from "~/cookies.server";
import { readForm } from "~/lib/read-form.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const { config } = context.get(appContext);
  const { t } = getI18n(context);
  return data(
    {
      styleUrl: config.mapStyleUrl,
      meta: {
        title: `${t("meadowForm.addTitle")} · Plukweide`,
        description: t("meadowForm.addIntro"),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db, limits, config } = context.get(appContext);
  return handleMeadowForm({
    context,
    formData: await readForm(request),
    memberId: user.id,
    async save(input) {
      const limit = await limits.hit(`meadows:member:${user.id}`, LIMITS.meadowsPerMember);
      if (!limit.allowed) {
        return data<MeadowFormReply>(
          { result: { status: "error", error: { "": ["meadowForm.tooMany"] } } },
          { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
        );
      }
      const meadow = await createMeadow(db, user.id, input);
      return redirectWithToast(
        pagePath(request, `/meadows/${meadow.id}`),
        { type: "success", key: "messages.meadowAdded" },
        config,
      );
    },
  });
}

export default function AddMeadow() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { styleUrl } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("meadowForm.addTitle")}</h1>
      <p className="mt-2 text-muted-foreground">{t("meadowForm.addIntro")}</p>
      <div className="mt-8 rounded-2xl border border-border bg-card p-5 sm:p-8">
        <MeadowForm
          id="add-meadow"
          result={reply?.result}
          found={reply?.located}
          styleUrl={styleUrl}
          saveLabel={t("meadowForm.addButton")}
          cancelTo={localePath("/meadows")}
        />
      </div>
    </main>
  );
}
