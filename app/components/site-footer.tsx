import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { useLocalePath } from "~/hooks/use-shell-data";

export function SiteFooter() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const links = [
    { to: localePath("/about"), label: t("nav.about") },
    { to: localePath("/privacy"), label: t("nav.privacy") },
    { to: localePath("/terms"), label: t("nav.terms") },
    { to: localePath("/api"), label: t("nav.openData") },
  ];
  return (
    <footer className="mt-16 border-t border-border bg-muted/50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-semibold text-foreground">Plukweide</span> · {t("meta.tagline")}
        </p>
        <nav aria-label={t("nav.footer")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
