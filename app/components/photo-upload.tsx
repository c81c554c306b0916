import { useRef, type Ref } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLocation } from "react-router";
import { EnhancedUpload } from "~/components/photo-upload-queue";
import { PictureFileField } from "~/components/picture-file-field";
import { buttonVariants, SubmitButton } from "~/components/ui/button";
import { AddPhotoIcon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { PHOTO_CAPTION_MAX, type PhotoRefusal, type PhotoUploadOutcome } from "~/lib/schemas/photo";

/** The limits the page states; they come from the server's constants through the loader. */
export interface PhotoLimits {
  megabytes: number;
  megapixels: number;
  perMeadow: number;
  perHour: number;
  /** Uploads one member may have in progress at once. */
  atOnce: number;
  filesPerForm: number;
}

export type PhotoUploadReply =
  | { intent: "upload-photos"; outcomes: PhotoUploadOutcome[]; error?: undefined }
  | {
      intent: "upload-photos";
      error:
        | "photos.noFiles"
        | "photos.tooManyFiles"
        | "photos.captionTooLong"
        | "photos.uploadsRateLimited"
        | "photos.uploadsAtOnce"
        | "photos.uploadsBusy";
      outcomes?: undefined;
    };

/** A refused file's reason, in the page's language. */
export function useRefusalText(limits: PhotoLimits) {
  const { t } = useTranslation();
  const maxOf: Partial<Record<PhotoRefusal, number>> = {
    rateLimited: limits.perHour,
    tooManyAtOnce: limits.atOnce,
  };
  return (reason: PhotoRefusal) =>
    reason === "failed"
      ? t("messages.photoUploadFailed")
      : reason === "captionTooLong"
        ? t("photos.captionTooLong")
        : t(`photos.refused.${reason}`, {
            megabytes: limits.megabytes,
            megapixels: limits.megapixels,
            max: maxOf[reason] ?? limits.perMeadow,
          });
}

/**
 * Adding photos. Without JavaScript: a multipart form of several files, answered by the page
 * with each refused file's reason. With JavaScript: files chosen or dropped upload one request
 * each, with a preview, a progress bar and a cancel button, and appear in the gallery without a
 * page load. Visitors get a sign-in link that brings them back.
 */
export function PhotoUpload({
  meadowId,
  canUpload,
  room,
  limits,
  actionData,
}: {
  meadowId: string;
  canUpload: boolean;
  room: number;
  limits: PhotoLimits;
  actionData?: PhotoUploadReply;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const hydrated = useHydrated();
  const refusalText = useRefusalText(limits);
  // The plain form's fields, kept after it gives way to the enhanced upload: files chosen and a
  // caption typed before the scripts arrived go on there rather than being dropped.
  const plainFields = useRef<PlainFields>({});

  if (!canUpload) {
    const login = `${localePath("/login")}?redirectTo=${encodeURIComponent(location.pathname)}`;
    return (
      <p className="mt-4 text-sm text-muted-foreground">
        <Link to={login} className="font-medium text-primary underline underline-offset-4">
          {t("messages.signInForPhotos")}
        </Link>
      </p>
    );
  }
  const hint = t("photos.uploadHint", {
    megabytes: limits.megabytes,
    megapixels: limits.megapixels,
  });
  if (room <= 0) {
    return (
      <p className="mt-4 text-sm text-muted-foreground">
        {t("photos.refused.meadowFull", { max: limits.perMeadow })}
      </p>
    );
  }
  return (
    // Folded behind a button: the facts come before a form most visitors never use. Open when
    // the page answers a plain form, so the answer is seen.
    <details className="mt-8" open={actionData ? true : undefined}>
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <AddPhotoIcon />
        {t("photos.uploadTitle")}
      </summary>
      <section
        aria-label={t("photos.uploadTitle")}
        className="mt-4 rounded-2xl border border-border bg-card p-4 sm:p-5"
      >
        <p id="photo-upload-hint" className="text-sm text-muted-foreground">
          {hint}
        </p>
        {hydrated ? (
          <EnhancedUpload
            meadowId={meadowId}
            maxBytes={limits.megabytes * 1024 * 1024}
            refusalText={refusalText}
            chosenEarlier={() => ({
              files: plainFields.current.files?.files ?? null,
              caption: plainFields.current.caption?.value ?? "",
            })}
          />
        ) : (
          <PlainUploadForm
            limits={limits}
            filesRef={(element) => {
              if (element) plainFields.current.files = element;
            }}
            captionRef={(element) => {
              if (element) plainFields.current.caption = element;
            }}
          />
        )}
        <UploadReply reply={actionData} refusalText={refusalText} limits={limits} />
      </section>
    </details>
  );
}

/** The plain form's inputs; each element is kept when it leaves the page (its ref is not cleared). */
interface PlainFields {
  files?: HTMLInputElement;
  caption?: HTMLInputElement;
}

function CaptionField({ id, inputRef }: { id: string; inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t("photos.caption")}</Label>
      <Input
        ref={inputRef}
        id={id}
        name="caption"
        maxLength={PHOTO_CAPTION_MAX}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("photos.captionHint", { max: PHOTO_CAPTION_MAX })}
      </p>
    </div>
  );
}

function PlainUploadForm({
  limits,
  filesRef,
  captionRef,
}: {
  limits: PhotoLimits;
  filesRef: Ref<HTMLInputElement>;
  captionRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value="upload-photos" />
      <PictureFileField
        id="photo-files"
        name="photos"
        label={t("photos.choose")}
        multiple
        describedBy="photo-upload-hint"
        hint={t("photos.tooManyFiles", { max: limits.filesPerForm })}
        inputRef={filesRef}
      />
      <CaptionField id="photo-caption" inputRef={captionRef} />
      <SubmitButton className="justify-self-start">{t("photos.upload")}</SubmitButton>
    </Form>
  );
}

/** What the page answered a plain form with: a form error, or the files it refused. */
function UploadReply({
  reply,
  refusalText,
  limits,
}: {
  reply?: PhotoUploadReply;
  refusalText: (reason: PhotoRefusal) => string;
  limits: PhotoLimits;
}) {
  const { t } = useTranslation();
  if (!reply) return null;
  if (reply.error) {
    return (
      <p role="alert" className="mt-3 text-sm font-medium text-destructive">
        {t(reply.error, {
          max:
            reply.error === "photos.uploadsRateLimited"
              ? limits.perHour
              : reply.error === "photos.uploadsAtOnce"
                ? limits.atOnce
                : limits.filesPerForm,
        })}
      </p>
    );
  }
  const added = reply.outcomes.filter((outcome) => outcome.added).length;
  return (
    <div role="alert" className="mt-3 grid gap-1 text-sm">
      {added > 0 ? (
        <p className="font-medium text-success">
          {t("photos.addedSome", { added, total: reply.outcomes.length })}
        </p>
      ) : null}
      <ul className="grid gap-1 text-destructive">
        {reply.outcomes.map((outcome, index) =>
          outcome.added ? null : (
            <li key={`${outcome.name}-${index}`}>
              <span className="font-medium">{outcome.name}</span>: {refusalText(outcome.reason)}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
