import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";

/** The narrow card the account screens (sign in, register, reset …) sit in. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {intro ? <div className="mt-2 text-muted-foreground">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? (
        <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
      ) : null}
    </main>
  );
}

/** The footer of the screens one reaches from signing in: the way back to it. */
export function BackToSignIn() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link
      to={localePath("/login")}
      className="font-medium text-primary underline underline-offset-4"
    >
      {t("auth.backToSignIn")}
    </Link>
  );
}
