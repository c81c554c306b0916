import { cn } from "~/lib/cn";

/**
 * What stands in a map's place until MapLibre has drawn it: a calm field in the map's own
 * colours, the same size, so nothing jumps when the map arrives. `children` (a MapNote) may say
 * why: loading, or no JavaScript.
 */
export function MapPlaceholder({
  className,
  children,
}: {
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex h-full w-full items-center justify-center bg-[#d3e5e8] p-6 text-center text-sm text-foreground dark:bg-[#081824]",
        className,
      )}
      data-testid="map-placeholder"
    >
      {children}
    </div>
  );
}

/** A short note on the placeholder: why there is no map yet. */
export function MapNote({ children }: { children: React.ReactNode }) {
  return (
    <div className="max-w-sm rounded-xl border border-border bg-card/95 px-4 py-3 shadow-sm">
      {children}
    </div>
  );
}
