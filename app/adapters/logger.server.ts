import { pino, type Logger as PinoLogger, type DestinationStream } from "pino";
import type { LogLevel } from "~/env.server";

export type Logger = PinoLogger;

/**
 * JSON lines on stdout. Request lines carry method, path, status and duration only: never
 * headers, cookies, query strings or bodies, which is where tokens and passwords travel.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "secret",
          "*.secret",
          "cookie",
          "*.cookie",
          "authorization",
          "*.authorization",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
