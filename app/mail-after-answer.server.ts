import type { MiddlewareFunction } from "react-router";
import type { Mailer, QueuedMailer } from "./adapters/mail.server";
import { appContext } from "./context";

function isQueued(mailer: Mailer): mailer is QueuedMailer {
  return "afterAnswer" in mailer;
}

/**
 * Mail a request sends leaves once its response is rendered (ADR 55): whether a form mailed
 * anyone cannot show in how long it took to answer.
 */
export const mailAfterAnswerMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const { mailer } = context.get(appContext);
  return isQueued(mailer) ? mailer.afterAnswer(() => next()) : next();
};
