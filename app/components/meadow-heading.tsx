import type { ReactNode } from "react";
import { Link } from "react-router";
import { FavoriteButton, FavoriteCount } from "~/components/favorite-button";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/hooks/use-translation";
import { useLocalePath } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";

/**
 * The top of a meadow's page: its name and place, whether it is open and what is in season
 * (`status`), the edit link for the member who added it, and the favorite button with its count.
 * A demo meadow says so first.
 */
export function MeadowHeading({
  meadow,
  canEdit,
  favorite,
  status,
}: {
  meadow: { id: string; name: string; city: string; country: string; isDemo: boolean };
  canEdit: boolean;
  favorite: { kept: boolean; count: number };
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <>
      {meadow.isDemo ? (
        <p className="mb-4 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("meadow.demo")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{meadow.name}</h1>
        {canEdit ? (
          <Link
            to={localePath(`/meadows/${meadow.id}/edit`)}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "shrink-0")}
          >
            {t("meadow.edit")}
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-muted-foreground">
        {meadow.city}, {meadow.country}
      </p>
      {status ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">{status}</div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <FavoriteButton
          meadowId={meadow.id}
          meadowName={meadow.name}
          kept={favorite.kept}
          variant="labelled"
        />
        <FavoriteCount meadowId={meadow.id} kept={favorite.kept} count={favorite.count} />
      </div>
    </>
  );
}
