import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPlainLogger, LOG_EVENTS, plainLine } from "./logger.server";

describe("plain lines", () => {
  it("say where the site runs and where mail goes, in words", () => {
    expect(
      plainLine({ level: "info", msg: LOG_EVENTS.listening, url: "http://localhost:3000/" }),
    ).toBe("Plukweide is running at http://localhost:3000");
    expect(
      plainLine({ level: "warn", msg: LOG_EVENTS.noSmtp, dir: path.resolve("data/mail") }),
    ).toBe("Mail is written to data/mail, not sent; set SMTP_URL to send it.");
    expect(
      plainLine({
        level: "info",
        msg: LOG_EVENTS.outboxMail,
        to: "mila@example.org",
        subject: "Confirm your email address",
        file: "/srv/mail/a.eml",
        link: "http://localhost:3000/auth/callback?token=x",
      }),
    ).toBe(
      'Mail to mila@example.org, "Confirm your email address": /srv/mail/a.eml\n' +
        "  http://localhost:3000/auth/callback?token=x",
    );
  });

  it("keep warnings and errors with their details, and leave requests and steps out", () => {
    expect(
      plainLine({
        level: "warn",
        pid: 1,
        time: "t",
        reqId: "r",
        msg: "geocoder could not be reached",
        provider: "nominatim",
        err: { message: "ECONNREFUSED", stack: "…" },
      }),
    ).toBe("Warning: geocoder could not be reached (provider: nominatim, err: ECONNREFUSED)");
    expect(plainLine({ level: "error", msg: "closing the database failed" })).toBe(
      "Error: closing the database failed",
    );
    expect(plainLine({ level: "info", msg: "request", status: 200, path: "/" })).toBeUndefined();
    expect(plainLine({ level: "info", msg: "database ready" })).toBeUndefined();
  });

  it("are what the plain logger writes", () => {
    const written: string[] = [];
    const logger = createPlainLogger((text) => written.push(text));
    logger.info({ method: "GET", status: 200 }, "request");
    logger.info({ port: 3000, url: "http://localhost:3000/" }, LOG_EVENTS.listening);
    logger.warn({ password: "hunter2" }, "odd");
    logger.debug("hidden");
    expect(written).toEqual([
      "Plukweide is running at http://localhost:3000\n",
      "Warning: odd (password: [redacted])\n",
    ]);
  });
});
