import { useEffect, useRef } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useLocation } from "react-router";
import { ToastAction } from "~/components/ui/toast";
import { toast } from "~/components/ui/toast-store";
import { hasUnsavedInput } from "~/lib/dirty-forms";
import { getWithRetry } from "~/lib/fetch-with-retry";
import { useShellData } from "~/hooks/use-shell-data";

/** How often an open tab asks whether a new version was deployed. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * After a deploy, an open tab still runs the old code. This notices (every few minutes and when
 * the tab becomes visible again), offers a reload in a toast, and on the next page change loads
 * that page fresh from the server, unless a form holds unsaved input.
 */
export function VersionCheck() {
  const { t } = useTranslation();
  const { buildId } = useShellData();
  const runningBuild = useRef(buildId);
  const outdated = useRef(false);
  const location = useLocation();

  useEffect(() => {
    if (!runningBuild.current) return;
    let cancelled = false;
    let offered = false;
    const check = async () => {
      if (cancelled || offered || document.visibilityState !== "visible") return;
      try {
        const response = await getWithRetry("/version.json", { init: { cache: "no-store" } });
        if (!response.ok) return;
        const { buildId: latest } = (await response.json()) as { buildId?: string };
        if (cancelled || !latest || latest === runningBuild.current) return;
        outdated.current = true;
        offered = true;
        toast({
          title: t("version.available"),
          duration: Number.POSITIVE_INFINITY,
          action: (
            <ToastAction altText={t("version.reload")} onClick={() => window.location.reload()}>
              {t("version.reload")}
            </ToastAction>
          ),
        });
      } catch {
        // Offline or the server is restarting: ask again next time.
      }
    };
    const interval = window.setInterval(check, VERSION_CHECK_INTERVAL_MS);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [t]);

  useEffect(() => {
    if (outdated.current && !hasUnsavedInput()) window.location.reload();
  }, [location.pathname]);

  return null;
}
