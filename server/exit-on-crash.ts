import type { Logger } from "../app/adapters/logger.server";

let installed = false;

/**
 * An error nothing caught leaves the process in a state no one can vouch for: it is logged as
 * fatal and the process exits non-zero, so its supervisor (systemd, Docker, Kubernetes) starts a
 * clean one. Errors inside a request are caught where the request is handled and answered 500.
 */
export function exitOnUncaughtErrors(logger: Logger) {
  if (installed) return;
  installed = true;
  const crash = (message: string) => (error: unknown) => {
    logger.fatal({ err: error }, message);
    logger.flush();
    process.exit(1);
  };
  process.on("uncaughtException", crash("uncaught exception"));
  process.on("unhandledRejection", crash("unhandled rejection"));
}
