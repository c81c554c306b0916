import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { AuthCard } from "./auth-card";

/** What an emailed link that expired or was used already shows, with the way to a new one. */
export function ExpiredLink({ again, againLabel }: { again: string; againLabel: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.linkExpiredTitle")} intro={t("auth.linkExpired")}>
      <Link to={again} className={buttonVariants({ className: "w-full" })}>
        {againLabel}
      </Link>
    </AuthCard>
  );
}
