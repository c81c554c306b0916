import { randomBytes } from "node:crypto";
import { renderToString } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { appContext } from "./context";
import { contentSecurityPolicy } from "./lib/content-security-policy";
import { withScriptsAfterFirstPaint } from "./lib/script-preloads.server";
import { settleServerHandoff } from "./server-handoff.server";
import { getI18n } from "./i18n.server";

/** How long React Router waits for a loader's promise before it sends the page without it. */
export const streamTimeout = 5_000;

/**
 * Every page is rendered whole, as one string, once its data is in (ADR 53): no part of a page
 * waits for anything after its loaders, and React's string renderer costs a page less CPU than
 * its stream, which encodes each of a page's thousands of small pieces on its own.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = randomBytes(16).toString("base64");
  // Vite's development server injects inline scripts of its own; the policy is for production.
  if (!import.meta.env.DEV)
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, {
        mapStyleUrl: loadContext.get(appContext).config.mapStyleUrl,
      }),
    );
  // A HEAD is answered with the headers its GET would carry, without rendering the page.
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  await settleServerHandoff(routerContext);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={getI18n(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // React's stream writes the doctype before `<html>`; its string renderer leaves it out.
  return new Response(withScriptsAfterFirstPaint(`<!DOCTYPE html>${html}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/**
 * Unexpected errors in loaders, actions and rendering go to the structured log. Error responses
 * the app throws on purpose (404, 405, 403 …) are answers, not faults, and stay out of it.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const path = new URL(request.url).pathname;
  // The context is missing only when React Router fails before it could create one.
  const logger = context?.get(appContext).logger;
  if (!logger) {
    console.error(error);
  } else if (isRefusedCrossSitePost(error)) {
    // React Router's own Origin check refused the post and answered 400: an answer, not a fault.
    logger.warn({ method: request.method, path }, "cross-site request refused");
  } else {
    logger.error({ err: error, method: request.method, path }, "unhandled error");
  }
};

/** The errors React Router's CSRF check throws (`throwIfPotentialCSRFAttack`) before an action. */
function isRefusedCrossSitePost(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.message.startsWith("The `request.url` origin does not match `origin` header") ||
      error.message.startsWith("`origin` header is not a valid URL"))
  );
}
