import type { MiddlewareFunction } from "react-router";
import { answering } from "./lib/after-answer.server";

/**
 * What a request leaves for later (its mail, a password-reset request) runs once its response is
 * rendered (ADR 58): whether a form mailed anyone cannot show in how long it took to answer.
 */
export const afterAnswerMiddleware: MiddlewareFunction<Response> = (_args, next) =>
  answering(() => next());
