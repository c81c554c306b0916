import { useRef } from "react";
import { CropCheckbox, cropName } from "~/components/crops";
import { inputClassName } from "~/components/ui/input";
import { useDetailsMenu } from "~/hooks/use-details-menu";
import { useShellData } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";
import { cn } from "~/lib/cn";
import { CROPS } from "~/lib/crops";

/**
 * The crops to look for, any of them, in a search form with little room (the map's bar, home):
 * a menu button ("All crops", the crop, or "2 crops") that opens a checkbox per crop by name.
 * Named `crop`, they go out with a plain GET form without JavaScript. The menu closes on Escape
 * or a click outside it (useDetailsMenu). `className` places the menu, `panelClassName` its open
 * box (positioned absolutely, below the nearest positioned element). With `limit`, once its `max`
 * crops are ticked the others wait, under its `note`.
 */
export function CropMenu({
  chosen,
  onChange,
  className,
  buttonClassName,
  panelClassName,
  limit,
}: {
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  limit?: { max: number; note: string };
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(ref, { clickOutside: true });
  const crops = CROPS.map(({ id }) => ({ id, name: cropName(t, id) })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );
  const picked = new Set(chosen);
  const full = limit !== undefined && chosen.length >= limit.max;
  const [first] = chosen;
  const shown =
    first === undefined
      ? t("crops.allCrops")
      : chosen.length === 1
        ? cropName(t, first)
        : t("crops.count", { count: chosen.length });
  return (
    <details ref={ref} className={className}>
      <summary
        className={cn(
          inputClassName,
          "flex cursor-pointer list-none items-center justify-between gap-1 whitespace-nowrap [&::-webkit-details-marker]:hidden",
          buttonClassName,
        )}
      >
        <span className="truncate">
          <span className="sr-only">{t("crops.filterLabel")}: </span>
          {shown}
        </span>
        <svg
          viewBox="0 0 24 24"
          className="size-3.5 shrink-0 opacity-60"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <fieldset
        className={cn(
          "absolute top-full z-30 mt-1 grid max-h-72 gap-0.5 overflow-y-auto rounded-md border border-border bg-popover p-2 text-sm text-popover-foreground shadow-lg",
          panelClassName,
        )}
      >
        <legend className="sr-only">{t("crops.filterLabel")}</legend>
        {/* Read out as it appears, when the last crop the limit allows is ticked. */}
        <p aria-live="polite" className="empty:hidden px-1 pb-1 text-xs text-muted-foreground">
          {full ? limit.note : ""}
        </p>
        {crops.map(({ id }) => (
          <CropCheckbox
            key={id}
            id={id}
            name="crop"
            checked={picked.has(id)}
            disabled={full && !picked.has(id)}
            onChange={(checked) =>
              onChange(checked ? [...chosen, id] : chosen.filter((chosenId) => chosenId !== id))
            }
            dot={false}
          />
        ))}
      </fieldset>
    </details>
  );
}
