import { Form, Link, useFetcher, useLocation } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonVariants, SubmitButton } from "~/components/ui/button";
import { TrashIcon } from "~/components/ui/icons";
import { useHydrated } from "~/hooks/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";
import { cn } from "~/lib/cn";

/** What the meadow page answers the delete form with when the photo is not gone yet. */
export type PhotoDeleteReply =
  | { intent: "delete-photo"; confirm: string; error?: undefined }
  | { intent: "delete-photo"; error: "photos.notYours" | "photos.notFound"; photoId: string };

/**
 * Deleting asks first: in a dialog with JavaScript (the photo goes without a page load), on the
 * page itself without (the server answers the first press with the question).
 */
export function DeletePhoto({ photoId }: { photoId: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<PhotoDeleteReply>();
  const fields = (
    <>
      <input type="hidden" name="intent" value="delete-photo" />
      <input type="hidden" name="photoId" value={photoId} />
    </>
  );
  const iconButton = cn(
    buttonVariants({ variant: "ghost", size: "icon" }),
    "-mt-1 size-8 shrink-0 text-muted-foreground hover:text-destructive",
  );
  const failed = fetcher.state === "idle" && fetcher.data?.error;

  if (!hydrated) {
    return (
      <Form method="post" preventScrollReset>
        {fields}
        <button type="submit" className={iconButton} aria-label={t("photos.delete")}>
          <TrashIcon />
        </button>
      </Form>
    );
  }
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            aria-label={t("photos.delete")}
            loading={fetcher.state !== "idle"}
          >
            <TrashIcon />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("photos.deleteQuestion")}</AlertDialogTitle>
            <AlertDialogDescription>{t("photos.deleteIntro")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
            <fetcher.Form method="post" preventScrollReset className="contents">
              {fields}
              <input type="hidden" name="confirm" value="yes" />
              <SubmitButton variant="destructive" pending={fetcher.state !== "idle"}>
                {t("photos.deleteConfirm")}
              </SubmitButton>
            </fetcher.Form>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {failed ? (
        <p role="alert" className="sr-only">
          {t("messages.photoDeleteFailed")}
        </p>
      ) : null}
    </>
  );
}

/** Without JavaScript, the server's question after the first press, under the photo. */
export function ConfirmDelete({ photoId }: { photoId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div
      role="alert"
      className="mt-2 grid gap-2 rounded-lg border border-destructive/40 p-2 text-xs"
    >
      <p className="font-medium">{t("photos.deleteQuestion")}</p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete-photo" />
          <input type="hidden" name="photoId" value={photoId} />
          <input type="hidden" name="confirm" value="yes" />
          <SubmitButton variant="destructive" size="sm">
            {t("photos.deleteConfirm")}
          </SubmitButton>
        </Form>
        <Link
          to={`${pathname}#photos`}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
        >
          {t("common.cancel")}
        </Link>
      </div>
    </div>
  );
}
