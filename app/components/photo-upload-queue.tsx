import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { AddPhotoIcon, CloseIcon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/hooks/use-translation";
import { cn } from "~/lib/cn";
import {
  PHOTO_ACCEPT,
  PHOTO_CAPTION_MAX,
  type PhotoRefusal,
  type PhotoUploadOutcome,
} from "~/lib/schemas/photo";

/** Uploads running at once: the server processes two photos at a time anyway. */
const PARALLEL_UPLOADS = 2;
/** How long an added file stays in the list before the gallery shows it alone. */
const DONE_LINGER_MS = 2500;

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

/**
 * The upload with JavaScript: files chosen or dropped queue up and go one request each to the
 * upload API, PARALLEL_UPLOADS at a time, each with a preview, a progress bar and a cancel button. An added
 * file reloads the page's data, so the gallery shows it without a page load.
 */
export function EnhancedUpload({
  meadowId,
  maxBytes,
  refusalText,
  chosenEarlier,
}: {
  meadowId: string;
  /** Larger files are refused here: the server would refuse the whole request unread. */
  maxBytes: number;
  refusalText: (reason: PhotoRefusal) => string;
  /** What the plain form held when this took its place: those files are sent at once. */
  chosenEarlier?: () => { files: FileList | null; caption: string };
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

  // Once, when this replaces the plain form: its caption first, so the files carry it.
  const takenOver = useRef(false);
  useEffect(() => {
    if (takenOver.current || !chosenEarlier) return;
    takenOver.current = true;
    const earlier = chosenEarlier();
    if (caption.current && earlier.caption) caption.current.value = earlier.caption;
    add(earlier.files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

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
