import { useTranslation } from "~/hooks/use-translation";
import { Form, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useShellData } from "~/hooks/use-shell-data";

/**
 * A plain form, so it works without JavaScript. The whole document reloads: the other language's
 * catalogue and the page's own texts arrive together.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const location = useLocation();
  const other = lang === "nl" ? "en" : "nl";
  return (
    <Form method="post" action="/resources/locale" reloadDocument className={className}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="lang"
        value={other}
        lang={other}
        title={t("language.switchToHint")}
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5")}
      >
        <GlobeIcon />
        <span>{t("language.switchTo")}</span>
      </button>
    </Form>
  );
}

function GlobeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}
