import { useEffect } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useRouteLoaderData } from "react-router";
import { Toaster } from "~/components/ui/toast";
import { toast } from "~/components/ui/toast-store";
import type { loader as rootLoader } from "~/root";
import { SessionSync } from "./session-sync";
import { VersionCheck } from "./version-check";

/** The page's toasts, including the one a server action left for this page (flash cookie). */
export function AppToaster() {
  const { t, i18n } = useTranslation();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  useEffect(() => {
    if (!flash || !i18n.exists(flash.key)) return;
    toast({
      // The key was checked against the catalogue just above.
      title: t(flash.key as never),
      variant: flash.type === "error" ? "error" : flash.type === "success" ? "success" : "default",
    });
  }, [flash, t, i18n]);
  return (
    <>
      {flash && i18n.exists(flash.key) ? (
        // Without JavaScript no toast appears: the message shows as a plain notice instead.
        <noscript>
          <p
            role="status"
            className="fixed right-4 bottom-4 z-50 max-w-sm rounded-md border border-border bg-card px-4 py-3 text-sm font-medium shadow-lg"
          >
            {t(flash.key as never)}
          </p>
        </noscript>
      ) : null}
      <Toaster
        label={t("toast.region")}
        viewportLabel={`${t("toast.region")} ({hotkey})`}
        closeLabel={t("toast.close")}
      />
      <VersionCheck />
      <SessionSync />
    </>
  );
}
