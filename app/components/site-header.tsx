import { useEffect, useRef } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { buttonVariants } from "~/components/ui/button";
import { useDetailsMenu } from "~/hooks/use-details-menu";
import { ColourModeSwitch } from "./colour-mode-switch";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** Goes to sign in first: never the page shown, even on the sign-in page itself. */
  viaSignIn?: boolean;
  /** Whether it is the current section, where its own path's children are not all of it. */
  current?: (pathname: string) => boolean;
}

/** The list and each meadow's page are "Meadows"; the add form is "Add a meadow". */
export function inMeadows(pathname: string): boolean {
  return /^(\/nl)?\/meadows(\/(?!add(\/|$))[^/]+)?\/?$/.test(pathname);
}

function useNavItems(): NavItem[] {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user } = useShellData();
  const addMeadow = localePath("/meadows/add");
  const items: NavItem[] = [
    { to: localePath("/"), label: t("nav.home"), end: true },
    { to: localePath("/meadows"), label: t("nav.meadows"), current: inMeadows },
    { to: localePath("/map"), label: t("nav.map") },
    // Visitors go to sign in first and come back to the form afterwards.
    user
      ? { to: addMeadow, label: t("nav.addMeadow") }
      : {
          to: `${localePath("/login")}?redirectTo=${encodeURIComponent(addMeadow)}`,
          label: t("nav.addMeadow"),
          viaSignIn: true,
        },
  ];
  if (user) {
    items.push(
      { to: localePath("/favorites"), label: t("nav.favorites") },
      { to: localePath(`/profile/${user.id}`), label: t("nav.profile") },
      { to: localePath("/settings"), label: t("nav.settings") },
    );
  }
  return items;
}

/** Signing out is a POST (a link could be triggered by any page); works without JavaScript. */
function SignOutForm({ className, block }: { className?: string; block?: boolean }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Form method="post" action="/resources/logout" className={className}>
      <input type="hidden" name="redirectTo" value={localePath("/")} />
      <button
        type="submit"
        className={cn(
          block
            ? cn(linkClass({ isActive: false }), "w-full text-left")
            : buttonVariants({ variant: "outline", size: "sm" }),
        )}
      >
        {t("nav.signOut")}
      </button>
    </Form>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn("nav-link", isActive ? "text-primary" : "text-foreground/80");

/** A header link, marked as the current page where it is one. */
function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  const { pathname } = useLocation();
  if (item.current) {
    const isActive = item.current(pathname);
    return (
      <Link
        to={item.to}
        aria-current={isActive ? "page" : undefined}
        className={cn(linkClass({ isActive }), className)}
        prefetch="intent"
      >
        {item.label}
      </Link>
    );
  }
  if (item.viaSignIn) {
    return (
      <Link to={item.to} className={cn(linkClass({ isActive: false }), className)}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) => cn(linkClass({ isActive }), className)}
      prefetch="intent"
    >
      {item.label}
    </NavLink>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { user } = useShellData();
  const localePath = useLocalePath();
  const items = useNavItems();
  const location = useLocation();
  const signIn = `${localePath("/login")}?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link
          to={localePath("/")}
          className="mr-2 flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo className="size-8" />
          <span>Plukweide</span>
        </Link>
        {/* A member's seven links need a wide screen; a visitor's four a laptop's. */}
        <nav aria-label={t("nav.main")} className={user ? "hidden xl:block" : "hidden lg:block"}>
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className="whitespace-nowrap max-xl:px-2" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitch className="hidden sm:block" />
          <ColourModeSwitch />
          {user ? (
            <SignOutForm className="hidden sm:block" />
          ) : (
            <Link
              to={signIn}
              className="hidden rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:inline-flex"
            >
              {t("nav.signIn")}
            </Link>
          )}
          <MobileMenu items={items} signIn={signIn} />
        </div>
      </div>
    </header>
  );
}

/**
 * The small-screen menu is a <details> element: it opens with Enter or Space on its summary and
 * works without JavaScript. With JavaScript it also closes on Escape and after navigating.
 */
function MobileMenu({ items, signIn }: { items: NavItem[]; signIn: string }) {
  const { t } = useTranslation();
  const { user } = useShellData();
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);
  useDetailsMenu(ref);
  return (
    <details ref={ref} className={cn("group relative", user ? "xl:hidden" : "lg:hidden")}>
      <summary
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden"
        aria-label={t("nav.menu")}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path className="group-open:hidden" d="M4 6h16M4 12h16M4 18h16" />
          <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <div className="absolute right-0 top-12 w-64 rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-lg">
        <nav aria-label={t("nav.main")}>
          <ul className="flex flex-col">
            {items.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className="block" />
              </li>
            ))}
            <li>
              {user ? (
                <SignOutForm block />
              ) : (
                <Link to={signIn} className={cn(linkClass({ isActive: false }), "block")}>
                  {t("nav.signIn")}
                </Link>
              )}
            </li>
          </ul>
        </nav>
        <div className="mt-2 border-t border-border pt-2 sm:hidden">
          <LanguageSwitch />
        </div>
      </div>
    </details>
  );
}
