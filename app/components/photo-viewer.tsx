import { useRef } from "react";
import type { GalleryPhoto } from "~/components/photo-gallery";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { useShellData } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate } from "~/lib/format";

const SWIPE_THRESHOLD_PX = 50;

/** The full-size view: one photo at a time, moved through with arrows, buttons or swipes. */
export function PhotoViewer({
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
