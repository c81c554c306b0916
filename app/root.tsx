import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-neutral-900 antialiased dark:bg-neutral-950 dark:text-neutral-100">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it; browser journeys wait for this.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const description =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : error instanceof Error && import.meta.env.DEV
        ? error.message
        : undefined;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{notFound ? "Page Not Found" : "Internal Server Error"}</title>
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">
        {notFound ? "Page Not Found" : "Internal Server Error"}
      </h1>
      {description ? (
        <p className="mt-2 text-neutral-600 dark:text-neutral-300">{description}</p>
      ) : null}
      <a className="mt-6 inline-block text-primary underline" href="/">
        Home
      </a>
    </main>
  );
}
