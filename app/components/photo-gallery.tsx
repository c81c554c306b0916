import { useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { ConfirmDelete, DeletePhoto, type PhotoDeleteReply } from "~/components/photo-delete";
import { MeadowDrawingPicture } from "~/components/meadow-drawing";
import { PhotoViewer } from "~/components/photo-viewer";
import { Avatar } from "~/components/ui/avatar";
import { buttonVariants } from "~/components/ui/button";
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

/** Tiles shown at once: two rows of four; the rest fold away (and load when opened). */
const SHOWN_FIRST = 8;
/** Tiles in the first row are above the fold on most screens; the rest load lazily. */
const EAGER_TILES = 4;
const TILE_SIZES = "(min-width: 896px) 13rem, (min-width: 640px) 24vw, 48vw";

/**
 * The meadow's photos in upload order, each with its author and date. A tile opens the photo
 * full size: in a dialog with JavaScript (arrow keys and swipes move, Escape closes, focus goes
 * back to the tile), as the image file itself without.
 */
export function PhotoGallery({
  meadowId,
  meadowName,
  drawnCrops,
  photos,
  actionData,
  invite,
}: {
  meadowId: string;
  meadowName: string;
  /** Without photos, the gallery shows the meadow drawn as its card does (drawnCrops). */
  drawnCrops: string[];
  photos: GalleryPhoto[];
  actionData?: PhotoDeleteReply;
  invite: boolean;
}) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);

  if (photos.length === 0) {
    return (
      <div className="gallery-empty">
        <div>
          <MeadowDrawingPicture seed={meadowId} crops={drawnCrops} />
        </div>
        <p>{invite ? t("photos.emptyInvite") : t("photos.empty")}</p>
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
