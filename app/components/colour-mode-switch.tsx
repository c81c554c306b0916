import { useTranslation } from "~/hooks/use-translation";
import { useFetcher, useFetchers, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { isColourMode, nextColourMode, type ColourMode } from "~/lib/colour-mode";
import { useShellData } from "~/hooks/use-shell-data";

const FETCHER_KEY = "colour-mode";

/** The colour mode to render: a pending switch wins over the cookie, so the change is instant. */
export function useColourMode(): ColourMode {
  const { colourMode } = useShellData();
  const pending = useFetchers()
    .find((fetcher) => fetcher.key === FETCHER_KEY)
    ?.formData?.get("mode");
  return isColourMode(pending) ? pending : colourMode;
}

/** Cycles light → dark → system. A form underneath, so it works without JavaScript too. */
export function ColourModeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const location = useLocation();
  const mode = useColourMode();
  const next = nextColourMode(mode);
  const label = t("theme.current", { mode: t(`theme.${mode}`) });
  return (
    <fetcher.Form method="post" action="/resources/colour-mode" className={className}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="mode"
        value={next}
        aria-label={label}
        title={label}
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }))}
      >
        <ModeIcon mode={mode} />
      </button>
    </fetcher.Form>
  );
}

function ModeIcon({ mode }: { mode: ColourMode }) {
  const common = {
    viewBox: "0 0 24 24",
    className: "size-5",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
  };
  if (mode === "light") {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    );
  }
  if (mode === "dark") {
    return (
      <svg {...common}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="2" y="3" width="20" height="14" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </svg>
  );
}
