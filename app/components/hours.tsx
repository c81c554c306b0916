import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { countryTimeZone } from "~/lib/crops";
import {
  decodeTimeline,
  hoursText,
  nextChangeAfter,
  segmentAt,
  type HoursTimeline,
} from "~/lib/hours-text";
import { Kept } from "~/lib/kept";

/** The longest a browser timer waits (about 24.8 days); later changes are waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Timelines and the text of their first stretch, by their string: the server works a meadow's
 * hours out once per ten minutes, so the cards of many pages carry the same strings, and telling
 * them afresh on every page (zones, dates, words) cost more than the rest of a card.
 */
const keptTimelines = new Kept<string, HoursTimeline | undefined>(2_000);
const keptFirstTexts = new Kept<string, string>(2_000);

/**
 * "Open now · closes 18:00", "Opens Saturday 10:00": what the hours say now. The server's page
 * shows the stretch of time it was made in; in the browser the text follows the clock, switching
 * at each change and each midnight the server sent, and disappears once they run out rather than
 * stay wrong.
 */
export function HoursStatus({
  timeline: encoded,
  country,
  className,
}: {
  /** As encodeTimeline writes it. */
  timeline: string;
  /** The meadow's country, whose clock tells the times when the timeline names none. */
  country?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const timeline = useMemo(() => {
    const zone = country ? countryTimeZone(country) : undefined;
    return keptTimelines.get(`${zone}|${encoded}`, () => decodeTimeline(encoded, zone));
  }, [encoded, country]);
  const { lang } = useShellData();
  // Null until hydrated: the first render matches the server's, whatever the browser's clock.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!timeline) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      clearTimeout(timer);
      const current = Date.now();
      setNow(current);
      const next = nextChangeAfter(timeline, current);
      if (next !== undefined)
        timer = setTimeout(tick, Math.min(next - current + 100, MAX_TIMER_MS));
    };
    tick();
    // A sleeping laptop or a hidden tab lets timers run late: look again when it comes back.
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [timeline]);
  if (!timeline) return null;
  const segment = now === null ? timeline.segments[0] : segmentAt(timeline, now);
  if (!segment) return null;
  const text = () =>
    hoursText(segment, timeline.timeZone, lang, (key, options) =>
      String(t(key as never, options as never)),
    );
  return (
    // Short attributes: every card of a list carries them (its HTML budget).
    <p className={className} data-hours={segment.state === "open" ? "open" : ""}>
      {now === null ? keptFirstTexts.get(`${lang}|${timeline.timeZone}|${encoded}`, text) : text()}
    </p>
  );
}

/**
 * The "Open now" filter: a box that sends `open=now` with its form. It keeps its own state;
 * give it a key of `checked` so it follows the address (back button, links).
 */
export function OpenNowCheckbox({
  checked,
  onChange,
  className,
}: {
  checked: boolean;
  onChange?: (checked: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={cn("flex items-center gap-2 text-sm font-medium", className)}>
      <input
        type="checkbox"
        name="open"
        value="now"
        defaultChecked={checked}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
        className="size-4 accent-primary"
      />
      {t("hours.openNow")}
    </label>
  );
}
