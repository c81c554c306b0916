import { useTranslation } from "~/hooks/use-translation";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { MeadowForm } from "~/components/meadow-form";
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
import { appContext } from "~/context";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n } from "~/i18n.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/page-meta";
import { pagePath } from "~/lib/page-url";
import { cropsFromColumns } from "~/lib/crops";
import { addressFingerprint, cropFormValues, typedFields } from "~/lib/schemas/meadow";
import { passOnHeaders } from "~/route-headers";
import { deleteMeadowWithPhotos } from "~/services/photos.server";
import { ForbiddenError, NotFoundError } from "~/services/meadows/errors";
import { getMeadow, updateMeadow } from "~/services/meadows/records.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/edit";
import { handleMeadowForm } from "./meadow-form.server";
import { redirectWithToast } from "~/cookies.server";
import { readForm } from "~/lib/read-form.server";

/** The meadow, when the signed-in member may change it; 404 or 403 otherwise. */
async function ownMeadow(context: Route.LoaderArgs["context"], request: Request, id: string) {
  const user = requireUser(context, request);
  const { db } = context.get(appContext);
  const { t } = getI18n(context);
  const meadow = await getMeadow(db, id);
  if (!meadow) throw data(t("meadow.notFound"), { status: 404 });
  if (meadow.ownerId !== user.id) throw data(t("meadowForm.notYours"), { status: 403 });
  return { user, meadow };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { meadow } = await ownMeadow(context, request, params.id);
  const { config } = context.get(appContext);
  const { t } = getI18n(context);
  return data(
    {
      styleUrl: config.mapStyleUrl,
      meadow: {
        id: meadow.id,
        ...typedFields(meadow),
        ...cropFormValues(cropsFromColumns(meadow.crops, meadow.cropMonths)),
      },
      // The saved pin belongs to the saved address: the form can save without finding it again.
      found: {
        lat: meadow.lat,
        lng: meadow.lng,
        label: `${meadow.postalCode} ${meadow.city}`,
        precision: "address" as const,
        fingerprint: addressFingerprint(meadow),
      },
      meta: {
        title: `${t("meadowForm.editTitle", { name: meadow.name })} · Plukweide`,
        description: t("meadowForm.editIntro"),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export async function action({ context, request, params }: Route.ActionArgs) {
  // Before the form is read: someone else's meadow is refused whatever the form asks, finding
  // an address included.
  const { user } = await ownMeadow(context, request, params.id);
  const { db, storage, config } = context.get(appContext);
  const { t } = getI18n(context);
  const formData = await readForm(request);
  try {
    if (formData.get("intent") === "delete") {
      // Without JavaScript there is no dialog: the first press asks, the second one deletes.
      if (formData.get("confirm") !== "yes") {
        return data<{ confirmDelete: true; result?: undefined; located?: undefined }>({
          confirmDelete: true,
        });
      }
      await deleteMeadowWithPhotos(db, storage, user.id, params.id);
      return redirectWithToast(
        pagePath(request, "/meadows"),
        { type: "success", key: "meadowForm.deleted" },
        config,
      );
    }
    return await handleMeadowForm({
      context,
      formData,
      memberId: user.id,
      async save(input) {
        await updateMeadow(db, user.id, params.id, input);
        return redirectWithToast(
          pagePath(request, `/meadows/${params.id}`),
          { type: "success", key: "meadowForm.saved" },
          config,
        );
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(t("meadow.notFound"), { status: 404 });
    if (error instanceof ForbiddenError) throw data(t("meadowForm.notYours"), { status: 403 });
    throw error;
  }
}

export default function EditMeadow() {
  const { t } = useTranslation();
  const { meadow, found, styleUrl } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const detailPath = useLocalePath()(`/meadows/${meadow.id}`);
  const formReply = reply?.result ? reply : undefined;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <p>
        <Link to={detailPath} className="text-sm text-primary underline underline-offset-4">
          {t("meadowForm.backToMeadow", { name: meadow.name })}
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">
        {t("meadowForm.editTitle", { name: meadow.name })}
      </h1>
      <p className="mt-2 text-muted-foreground">{t("meadowForm.editIntro")}</p>
      <div className="mt-8 rounded-2xl border border-border bg-card p-5 sm:p-8">
        <MeadowForm
          id="edit-meadow"
          defaultValue={meadow}
          result={formReply?.result}
          found={formReply?.located ?? found}
          styleUrl={styleUrl}
          saveLabel={t("meadowForm.saveButton")}
          cancelTo={detailPath}
        />
      </div>
      <DeleteSection
        name={meadow.name}
        confirming={Boolean(reply && "confirmDelete" in reply)}
        cancelTo={detailPath}
      />
    </main>
  );
}

/**
 * Deleting asks first: in a dialog with JavaScript, on the page itself without (the server
 * answers the first press with the question).
 */
function DeleteSection({
  name,
  confirming,
  cancelTo,
}: {
  name: string;
  confirming: boolean;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const confirmForm = (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="confirm" value="yes" />
      <SubmitButton variant="destructive">{t("meadowForm.deleteConfirm")}</SubmitButton>
    </Form>
  );
  return (
    <section
      aria-labelledby="delete-title"
      className="mt-10 rounded-2xl border border-destructive/40 p-5 sm:p-8"
    >
      <h2 id="delete-title" className="text-lg font-semibold">
        {t("meadowForm.deleteTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("meadowForm.deleteIntro")}</p>
      {confirming ? (
        <div role="alert" className="mt-4 grid gap-3">
          <p className="font-medium">{t("meadowForm.deleteQuestion", { name })}</p>
          <div className="flex flex-wrap gap-3">
            {confirmForm}
            <Link to={cancelTo} className={cn(buttonVariants({ variant: "outline" }))}>
              {t("common.cancel")}
            </Link>
          </div>
        </div>
      ) : hydrated ? (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" className="mt-4">
              {t("meadowForm.deleteButton")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("meadowForm.deleteQuestion", { name })}</AlertDialogTitle>
              <AlertDialogDescription>{t("meadowForm.deleteIntro")}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
              {confirmForm}
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="delete" />
          <SubmitButton variant="destructive">{t("meadowForm.deleteButton")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
