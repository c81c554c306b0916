import path from "node:path";
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

/** Messages the plain lines put in words of their own; their JSON lines keep these as `msg`. */
export const LOG_EVENTS = {
  listening: "listening",
  stopped: "stopped",
  outboxMail: "mail written to outbox",
  noSmtp: "SMTP_URL is not set: mails are written to the outbox, not delivered",
} as const;

type LogEntry = Record<string, unknown> & { level?: string; msg?: string };

const PLAIN_EVENTS: Record<string, (entry: LogEntry) => string> = {
  [LOG_EVENTS.listening]: (entry) =>
    `Plukweide is running at ${String(entry.url).replace(/(\/\/[^/]+)\/$/, "$1")}`,
  [LOG_EVENTS.stopped]: () => "Plukweide has stopped.",
  [LOG_EVENTS.noSmtp]: (entry) =>
    `Mail is written to ${shortPath(entry.dir)}, not sent; set SMTP_URL to send it.`,
  [LOG_EVENTS.outboxMail]: (entry) =>
    `Mail to ${String(entry.to)}, "${String(entry.subject)}": ${shortPath(entry.file)}` +
    (entry.link ? `\n  ${String(entry.link)}` : ""),
};

/** Fields every line has, or that only tie lines together: not worth a person's reading. */
const PLAIN_LEFT_OUT = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "requestId"]);

/**
 * A line for a person, or none: the events above in words, warnings and errors with their
 * details, and nothing else (request lines, start-up steps).
 */
export function plainLine(entry: LogEntry): string | undefined {
  const render = entry.msg === undefined ? undefined : PLAIN_EVENTS[entry.msg];
  if (render) return render(entry);
  if (entry.level !== "warn" && entry.level !== "error" && entry.level !== "fatal")
    return undefined;
  const details = Object.entries(entry)
    .filter(([key]) => !PLAIN_LEFT_OUT.has(key))
    .map(([key, value]) => `${key}: ${detail(value)}`);
  const label = entry.level === "warn" ? "Warning" : "Error";
  return `${label}: ${entry.msg ?? ""}${details.length > 0 ? ` (${details.join(", ")})` : ""}`;
}

function detail(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "message" in value) return String(value.message);
  return JSON.stringify(value);
}

/** A path under the working directory as a relative one, as a person would type it. */
function shortPath(value: unknown): string {
  const full = String(value);
  const relative = path.relative(process.cwd(), full);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : full;
}

/**
 * The logger for a person at a terminal (LOG_LEVEL unset, ADR 64): plain lines from plainLine,
 * written to `write` (stdout).
 */
export function createPlainLogger(
  write: (text: string) => void = (text) => process.stdout.write(text),
): Logger {
  return createLogger("info", {
    write(json: string) {
      const line = plainLine(JSON.parse(json) as LogEntry);
      if (line !== undefined) write(`${line}\n`);
    },
  });
}
