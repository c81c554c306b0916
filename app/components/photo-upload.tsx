import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { PictureFileField } from "~/components/picture-file-field";
import { Button, SubmitButton } from "~/components/ui/button";
import { AddPhotoIcon, CloseIcon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import {
  PHOTO_ACCEPT,
  PHOTO_CAPTION_MAX,
  type PhotoRefusal,
  type PhotoUploadOutcome,
} from "~/lib/schemas/photo";

/** The limits the page states; they come from the server's constants through the loader. */
export interface PhotoLimits {
  megabytes: number;
  megapixels: number;
  perMeadow: number;
  perHour: number;
  filesPerForm: number;
}

export type PhotoUploadReply =
  | { intent: "upload-photos"; outcomes: PhotoUploadOutcome[]; error?: undefined }
  | {
      intent: "upload-photos";
      error: "photos.noFiles" | "photos.tooManyFiles" | "photos.captionTooLong";
      outcomes?: undefined;
    };

/** Uploads running at once: the server processes two photos at a time anyway. */
const PARALLEL_UPLOADS = 2;
/** How long an added file stays in the list before the gallery shows it alone. */
const DONE_LINGER_MS = 2500;

/** A refused file's reason, in the page's language. */
export function useRefusalText(limits: PhotoLimits) {
  const { t } = useTranslation();
  return (reason: PhotoRefusal) =>
    reason === "failed"
      ? t("messages.photoUploadFailed")
      : t(`photos.refused.${reason}`, {
          megabytes: limits.megabytes,
          megapixels: limits.megapixels,
          max: reason === "rateLimited" ? limits.perHour : limits.perMeadow,
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
    <section
      aria-labelledby="photo-upload-title"
      className="mt-6 rounded-2xl border border-border bg-card p-4 sm:p-5"
    >
      <h3 id="photo-upload-title" className="text-base font-semibold">
        {t("photos.uploadTitle")}
      </h3>
      <p id="photo-upload-hint" className="mt-1 text-sm text-muted-foreground">
        {hint}
      </p>
      {hydrated ? (
        <EnhancedUpload
          meadowId={meadowId}
          maxBytes={limits.megabytes * 1024 * 1024}
          refusalText={refusalText}
        />
      ) : (
        <PlainUploadForm limits={limits} />
      )}
      <UploadReply reply={actionData} refusalText={refusalText} limits={limits} />
    </section>
  );
}

function CaptionField({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t("photos.caption")}</Label>
      <Input
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

function PlainUploadForm({ limits }: { limits: PhotoLimits }) {
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
      />
      <CaptionField id="photo-caption" />
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
        {t(reply.error, { max: limits.filesPerForm })}
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

interface QueuedFile {
  key: number;
  file: File;
  preview: string;
  status: "waiting" | "uploading" | "added" | "refused" | "cancelled";
  /** 0 to 1, of the bytes sent. */
  progress: number;
  reason?: PhotoRefusal;
  request?: XMLHttpRequest;
  /** The browser could not show the file (not an image, or a format it does not know). */
  previewFailed?: boolean;
}

/** Sends one file; resolves with the server's outcome, or "failed" when no answer came. */
function sendPhoto(
  url: string,
  file: File,
  caption: string,
  onStart: (request: XMLHttpRequest) => void,
  onProgress: (fraction: number) => void,
): Promise<PhotoUploadOutcome | "cancelled"> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const failed = (): PhotoUploadOutcome => ({ name: file.name, added: false, reason: "failed" });
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { outcome?: PhotoUploadOutcome } | null;
      resolve(body?.outcome ?? failed());
    };
    request.onerror = () => resolve(failed());
    request.ontimeout = () => resolve(failed());
    request.onabort = () => resolve("cancelled");
    const body = new FormData();
    body.append("photo", file);
    if (caption) body.append("caption", caption);
    onStart(request);
    request.send(body);
  });
}

function EnhancedUpload({
  meadowId,
  maxBytes,
  refusalText,
}: {
  meadowId: string;
  /** Larger files are refused here: the server would refuse the whole request unread. */
  maxBytes: number;
  refusalText: (reason: PhotoRefusal) => string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const caption = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const update = useCallback(
    (key: number, change: Partial<QueuedFile>) =>
      setQueue((files) => files.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );
  const remove = useCallback((key: number) => {
    setQueue((files) => files.filter((entry) => entry.key !== key));
  }, []);

  // The files still to send and how many are on their way: read by event handlers only.
  const waiting = useRef<QueuedFile[]>([]);
  const running = useRef(0);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const shown = previews.current;
    return () => shown.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const pump = () => {
    while (running.current < PARALLEL_UPLOADS) {
      const item = waiting.current.shift();
      if (!item) return;
      running.current += 1;
      update(item.key, { status: "uploading" });
      void sendPhoto(
        `/api/meadows/${encodeURIComponent(meadowId)}/photos`,
        item.file,
        caption.current?.value.trim() ?? "",
        (request) => update(item.key, { request }),
        (progress) => update(item.key, { progress }),
      ).then((outcome) => {
        running.current -= 1;
        if (outcome === "cancelled") {
          update(item.key, { status: "cancelled", request: undefined });
        } else if (outcome.added) {
          update(item.key, { status: "added", progress: 1, request: undefined });
          void revalidator.revalidate();
          setTimeout(() => remove(item.key), DONE_LINGER_MS);
        } else {
          update(item.key, { status: "refused", reason: outcome.reason, request: undefined });
        }
        pump();
      });
    }
  };

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = [...files].map((file): QueuedFile => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const entry = { key: nextKey.current++, file, preview, progress: 0 };
      return file.size > maxBytes
        ? { ...entry, status: "refused", reason: "tooLarge" }
        : { ...entry, status: "waiting" };
    });
    setQueue((current) => [...current, ...added]);
    waiting.current.push(...added.filter((item) => item.status === "waiting"));
    pump();
  };

  const cancel = (item: QueuedFile) => {
    if (item.request) {
      item.request.abort();
      return;
    }
    waiting.current = waiting.current.filter((entry) => entry.key !== item.key);
    update(item.key, { status: "cancelled" });
  };

  return (
    <div className="mt-4 grid gap-4">
      <div
        data-testid="photo-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        }}
        className={cn(
          "grid place-items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors motion-reduce:transition-none",
          dragging ? "border-primary bg-accent" : "border-primary/40 bg-accent/40",
        )}
      >
        <AddPhotoIcon className="size-8 text-primary" />
        <p className="text-muted-foreground">{t("photos.dropHere")}</p>
        <Button type="button" variant="default" onClick={() => input.current?.click()}>
          {t("photos.choose")}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t("photos.choose")}
          aria-describedby="photo-upload-hint"
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="photo-caption-js">{t("photos.caption")}</Label>
        <Input
          ref={caption}
          id="photo-caption-js"
          maxLength={PHOTO_CAPTION_MAX}
          autoComplete="off"
          aria-describedby="photo-caption-js-hint"
        />
        <p id="photo-caption-js-hint" className="text-xs text-muted-foreground">
          {t("photos.captionHint", { max: PHOTO_CAPTION_MAX })}
        </p>
      </div>
      {queue.length > 0 ? (
        <ul className="grid gap-2" aria-live="polite" data-testid="upload-queue">
          {queue.map((item) => (
            <li
              key={item.key}
              data-status={item.status}
              className="flex items-center gap-3 rounded-lg border border-border p-2 text-sm"
            >
              {item.previewFailed ? (
                <span className="grid size-12 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground">
                  <AddPhotoIcon className="size-5" />
                </span>
              ) : (
                <img
                  src={item.preview}
                  alt=""
                  width={48}
                  height={48}
                  onError={() => update(item.key, { previewFailed: true })}
                  className="size-12 shrink-0 rounded-md bg-muted object-cover"
                />
              )}
              <div className="grid min-w-0 flex-1 gap-1">
                <span className="truncate font-medium">{item.file.name}</span>
                {item.status === "waiting" || item.status === "uploading" ? (
                  <progress
                    max={1}
                    value={item.progress}
                    aria-label={t("photos.progress", { name: item.file.name })}
                    className="h-2 w-full overflow-hidden rounded-full accent-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
                  />
                ) : (
                  <span
                    className={cn(
                      "text-xs",
                      item.status === "added" && "text-success",
                      item.status === "refused" && "text-destructive",
                      item.status === "cancelled" && "text-muted-foreground",
                    )}
                  >
                    {item.status === "added"
                      ? t("photos.uploadDone")
                      : item.status === "cancelled"
                        ? t("photos.uploadCancelled")
                        : refusalText(item.reason ?? "failed")}
                  </span>
                )}
              </div>
              {item.status === "waiting" || item.status === "uploading" ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t("photos.cancelUpload", { name: item.file.name })}
                  onClick={() => cancel(item)}
                >
                  <CloseIcon />
                </Button>
              ) : item.status !== "added" ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t("common.close")}
                  onClick={() => remove(item.key)}
                >
                  <CloseIcon />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
