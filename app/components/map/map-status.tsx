import { useTranslation } from "~/hooks/use-translation";
import type { Language } from "~/lib/i18n";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import type { ViewportStatus } from "./use-viewport-meadows";

/** What the map shows of its meadows, top left: loading, how many are in view, or a retry. */
export function MapStatus({
  status,
  lang,
  onRetry,
  loadingMap,
}: {
  status: ViewportStatus;
  lang: Language;
  onRetry: () => void;
  loadingMap: boolean;
}) {
  const { t } = useTranslation();
  let text: string;
  let incomplete = false;
  if (loadingMap) text = t("mapView.loading");
  else if (status.kind === "loading") text = t("mapView.loadingMeadows");
  else if (status.kind === "failed") text = t("mapView.loadFailed");
  else {
    const { result } = status;
    const count =
      result.kind === "points"
        ? result.points.length
        : result.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    incomplete = result.kind === "clusters" && !result.complete;
    text =
      count === 0
        ? t("mapView.noneInView")
        : count === 1
          ? t("mapView.inViewOne")
          : t(incomplete ? "mapView.inViewAtLeast" : "mapView.inViewMany", {
              formatted: formatNumber(count, lang),
            });
  }
  return (
    <div
      className={cn(
        "pointer-events-none absolute top-2 left-2 z-10 flex max-w-[calc(100%-4.5rem)] flex-wrap items-center gap-2",
      )}
    >
      <p
        role="status"
        className="pointer-events-auto rounded-full border border-border bg-card/95 px-3 py-1.5 text-sm text-card-foreground shadow-md"
      >
        {text}
      </p>
      {status.kind === "ready" && status.result.corrected && !loadingMap ? (
        <p
          data-testid="map-closest-note"
          className="pointer-events-auto rounded-2xl border border-border bg-card/95 px-3 py-1.5 text-sm text-muted-foreground shadow-md"
        >
          {t("mapView.closest", { words: status.result.corrected.join(" ") })}
        </p>
      ) : null}
      {status.kind === "failed" && !loadingMap ? (
        <button
          type="button"
          onClick={onRetry}
          className="pointer-events-auto rounded-full bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t("mapView.retry")}
        </button>
      ) : null}
    </div>
  );
}
