import { useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
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
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonVariants, SubmitButton } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { ChevronLeftIcon, ChevronRightIcon, TrashIcon } from "~/components/ui/icons";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/format";

/** A photo as the meadow page's loader sends it. */
export interface GalleryPhoto {
  id: string;
  caption: string | null;
  /** `YYYY-MM-DD`. */
  addedOn: string;
  image: { src: string; srcSet: string; width: number; height: number; placeholder: string };
  /** The full-size file: where a tile links without JavaScript. */
  fullSrc: string;
  author: { id: string; name: string; avatar: { src: string; srcSet: string } | null };
  canDelete: boolean;
}

export type PhotoDeleteReply =
  | { intent: "delete-photo"; confirm: string; error?: undefined }
  | { intent: "delete-photo"; error: "photos.notYours" | "photos.notFound"; photoId: string };

/** Tiles shown at once: two rows of four; the rest fold away (and load when opened). */
const SHOWN_FIRST = 8;
/** Tiles in the first row are above the fold on most screens; the rest load lazily. */
const EAGER_TILES = 4;
const TILE_SIZES = "(min-width: 896px) 13rem, (min-width: 640px) 24vw, 48vw";
const SWIPE_THRESHOLD_PX = 50;

/**
 * The meadow's photos in upload order, each with its author and date. A tile opens the photo
 * full size: in a dialog with JavaScript (arrow keys and swipes move, Escape closes, focus goes
 * back to the tile), as the image file itself without.
 */
export function PhotoGallery({
  meadowName,
  photos,
  actionData,
  invite,
}: {
  meadowName: string;
  photos: GalleryPhoto[];
  actionData?: PhotoDeleteReply;
  invite: boolean;
}) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);

  if (photos.length === 0) {
    return (
      <div className="grid place-items-center rounded-2xl border border-dashed border-primary/40 bg-accent/40 px-6 py-10 text-center text-sm text-muted-foreground">
        {invite ? t("photos.emptyInvite") : t("photos.empty")}
      </div>
    );
  }

  const open = (index: number, event: React.MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep their meaning (a new tab with the file).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpenIndex(index);
  };
  const tile = (photo: GalleryPhoto, index: number) => (
    <PhotoTile
      key={photo.id}
      photo={photo}
      index={index}
      total={photos.length}
      onOpen={open}
      reply={
        actionData && "photoId" in actionData
          ? actionData.photoId === photo.id
            ? actionData
            : undefined
          : actionData?.confirm === photo.id
            ? actionData
            : undefined
      }
    />
  );
  const first = photos.slice(0, SHOWN_FIRST);
  const rest = photos.slice(SHOWN_FIRST);
  return (
    <>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-4" data-testid="photo-grid">
        {first.map(tile)}
      </ul>
      {rest.length > 0 ? (
        <details className="group/more mt-5">
          <summary
            className={cn(
              buttonVariants({ variant: "outline", size: "sm" }),
              "cursor-pointer list-none group-open/more:hidden",
            )}
          >
            {t("photos.showAll", { count: photos.length })}
          </summary>
          <ul className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-4">
            {rest.map((photo, index) => tile(photo, SHOWN_FIRST + index))}
          </ul>
        </details>
      ) : null}
      <PhotoViewer
        meadowName={meadowName}
        photos={photos}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClosed={() => opener.current?.focus()}
      />
    </>
  );
}

function PhotoTile({
  photo,
  index,
  total,
  onOpen,
  reply,
}: {
  photo: GalleryPhoto;
  index: number;
  total: number;
  onOpen: (index: number, event: React.MouseEvent<HTMLAnchorElement>) => void;
  reply?: PhotoDeleteReply;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const alt = photo.caption ?? t("photos.photoBy", { name: photo.author.name });
  return (
    <li className="min-w-0" data-photo-id={photo.id}>
      <figure>
        <a
          href={photo.fullSrc}
          onClick={(event) => onOpen(index, event)}
          className="block overflow-hidden rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
          aria-label={`${alt} · ${t("photos.open", { number: index + 1, total })}`}
        >
          <img
            src={photo.image.src}
            srcSet={photo.image.srcSet}
            sizes={TILE_SIZES}
            width={photo.image.width}
            height={photo.image.height}
            alt={alt}
            loading={index < EAGER_TILES ? "eager" : "lazy"}
            decoding="async"
            style={{ backgroundColor: photo.image.placeholder }}
            className="aspect-[4/3] w-full object-cover transition-transform duration-300 motion-reduce:transition-none hover:scale-[1.02]"
          />
        </a>
        <figcaption className="mt-2 flex items-start gap-2 text-xs leading-snug">
          <Avatar
            alt={photo.author.name}
            src={photo.author.avatar?.src}
            srcSet={photo.author.avatar?.srcSet}
            size="sm"
            locale={lang}
            className="size-6 text-[0.625rem]"
          />
          <span className="grid min-w-0 flex-1">
            <Link
              to={localePath(`/profile/${photo.author.id}`)}
              className="truncate font-medium text-foreground underline-offset-4 hover:underline"
            >
              {photo.author.name}
            </Link>
            <time dateTime={photo.addedOn} className="text-muted-foreground">
              {formatDate(photo.addedOn, lang, "medium")}
            </time>
            {photo.caption ? (
              <span className="mt-1 text-muted-foreground">{photo.caption}</span>
            ) : null}
          </span>
          {photo.canDelete ? <DeletePhoto photoId={photo.id} /> : null}
        </figcaption>
        {reply && "confirm" in reply ? <ConfirmDelete photoId={photo.id} /> : null}
        {reply?.error ? (
          <p role="alert" className="mt-1 text-xs font-medium text-destructive">
            {t("messages.photoDeleteFailed")}: {t(reply.error)}
          </p>
        ) : null}
      </figure>
    </li>
  );
}

/**
 * Deleting asks first: in a dialog with JavaScript (the photo goes without a page load), on the
 * page itself without (the server answers the first press with the question).
 */
function DeletePhoto({ photoId }: { photoId: string }) {
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
function ConfirmDelete({ photoId }: { photoId: string }) {
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

/** The full-size view: one photo at a time, moved through with arrows, buttons or swipes. */
function PhotoViewer({
  meadowName,
  photos,
  index,
  onIndexChange,
  onClosed,
}: {
  meadowName: string;
  photos: GalleryPhoto[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const swipeStart = useRef<number | null>(null);
  const photo = index === null ? undefined : photos[index];
  const total = photos.length;
  const move = (step: number) => {
    if (index === null || total === 0) return;
    onIndexChange((index + step + total) % total);
  };
  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      {photo && index !== null ? (
        <DialogContent
          closeLabel={t("common.close")}
          className="max-w-[min(96vw,80rem)] gap-3 bg-background p-3 sm:p-4"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") move(1);
            else if (event.key === "ArrowLeft") move(-1);
            else return;
            event.preventDefault();
          }}
          onPointerDown={(event) => {
            if (event.pointerType !== "mouse") swipeStart.current = event.clientX;
          }}
          onPointerUp={(event) => {
            const start = swipeStart.current;
            swipeStart.current = null;
            if (start === null) return;
            const distance = event.clientX - start;
            if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) move(distance < 0 ? 1 : -1);
          }}
        >
          <DialogTitle className="pr-10 text-base">
            {t("photos.viewer", { name: meadowName })}
          </DialogTitle>
          <div className="relative grid touch-pan-y place-items-center">
            <img
              key={photo.id}
              src={photo.fullSrc}
              srcSet={photo.image.srcSet}
              sizes="min(94vw, 78rem)"
              width={photo.image.width}
              height={photo.image.height}
              alt={photo.caption ?? t("photos.photoBy", { name: photo.author.name })}
              style={{ backgroundColor: photo.image.placeholder }}
              className="max-h-[calc(100dvh-11rem)] w-auto max-w-full rounded-lg object-contain"
            />
            {total > 1 ? (
              <>
                <Button
                  variant="secondary"
                  size="icon"
                  onClick={() => move(-1)}
                  aria-label={t("photos.previous")}
                  className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90 shadow-md"
                >
                  <ChevronLeftIcon />
                </Button>
                <Button
                  variant="secondary"
                  size="icon"
                  onClick={() => move(1)}
                  aria-label={t("photos.next")}
                  className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90 shadow-md"
                >
                  <ChevronRightIcon />
                </Button>
              </>
            ) : null}
          </div>
          <DialogDescription className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <span>
              {photo.caption ? (
                <span className="font-medium text-foreground">{photo.caption} · </span>
              ) : null}
              {t("photos.photoBy", { name: photo.author.name })} ·{" "}
              <time dateTime={photo.addedOn}>{formatDate(photo.addedOn, lang)}</time>
            </span>
            <span aria-live="polite">{t("photos.position", { number: index + 1, total })}</span>
          </DialogDescription>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
