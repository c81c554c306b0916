import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import type { SharedAnswerHandle } from "~/lib/shared-answer";
import { suggestionsLanguage, type SuggestionsAnswer } from "~/lib/schemas/suggestions";
import { suggest } from "~/services/meadows/suggestions.server";
import type { Route } from "./+types/suggestions";

/** The same for every client asking the same address: kept briefly by the page cache (ADR 40). */
export const handle: SharedAnswerHandle = { sharedAnswer: true };

/**
 * The search boxes' suggestions as the visitor types (docs/search.md): places, crops and
 * meadows for `q`, in the language `lang` names. The answer depends on the address alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, places } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const language = suggestionsLanguage(params.get("lang"));
  if (!language) {
    const { t } = getI18n(context);
    return Response.json(
      { error: t("suggestions.errors.language") },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const answer: SuggestionsAnswer = {
    suggestions: await suggest({ db, places }, params.get("q") ?? "", language),
  };
  return Response.json(answer, { headers: { "Cache-Control": "public, max-age=60" } });
}
