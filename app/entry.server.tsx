import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
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
import { createCoalescingStream } from "./lib/coalescing-stream.server";
import { contentSecurityPolicy } from "./lib/content-security-policy";
import { withScriptsAfterFirstPaint } from "./lib/script-preloads.server";
import { getI18n } from "./i18n.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = randomBytes(16).toString("base64");
  // Vite's development server injects inline scripts of its own; the policy is for production.
  if (!import.meta.env.DEV)
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, {
        mapStyleUrl: loadContext.get(appContext).config.mapStyleUrl,
      }),
    );

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link previews get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    let ended = false;

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={getI18n(loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = createCoalescingStream(() => {
            ended = true;
            clearTimeout(timeoutId);
          }, withScriptsAfterFirstPaint);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          ended = true;
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell rejects and reach handleError; these come after it.
          if (shellRendered)
            loadContext.get(appContext).logger.error({ err: error }, "render failed");
        },
      },
    );
    // Set once `abort` exists: a render that fails at once must not leave a timer that calls it.
    if (!ended) timeoutId = setTimeout(abort, streamTimeout + 1000);
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
