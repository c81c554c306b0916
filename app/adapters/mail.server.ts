import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "~/env.server";
import type { Logger } from "./logger.server";

/** One mail to one person, already rendered in their language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the mail is handed to the SMTP server (or written to the outbox). */
  send(message: MailMessage): Promise<void>;
}

export type MailConfig = Pick<Config, "smtpUrl" | "mailFrom" | "dataDir" | "production">;

/**
 * SMTP when `SMTP_URL` is set; otherwise an outbox of `.eml` files under `$DATA_DIR/mail`, so the
 * embedded setup works offline: the log names each file and the link inside it.
 */
export function createMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.smtpUrl !== undefined) {
    return withoutUndeliverable(createSmtpMailer(config.smtpUrl, config.mailFrom), logger);
  }
  const dir = path.join(config.dataDir, "mail");
  if (config.production) {
    logger.warn({ dir }, "SMTP_URL is not set: mails are written to the outbox, not delivered");
  }
  return withoutUndeliverable(createOutboxMailer(dir, config.mailFrom, logger), logger);
}

/**
 * Drops mail to `.invalid` addresses (RFC 6761: that domain never exists), such as the demo
 * member's. Nobody could receive it, and a password-reset link for the demo member written to the
 * outbox would let whoever reads the log take that account over.
 */
export function withoutUndeliverable(mailer: Mailer, logger: Logger): Mailer {
  return {
    async send(message) {
      if (/\.invalid\.?$/i.test(message.to.trim().split("@").at(-1) ?? "")) {
        logger.info({ subject: message.subject }, "mail to an .invalid address dropped");
        return;
      }
      await mailer.send(message);
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      // Mails are sent while a request waits; nodemailer's defaults (2 min to connect, 10 min idle)
      // would hold it far too long. Query parameters in SMTP_URL override these.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

export function createOutboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const composer = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: "windows" },
    { from },
  );
  return {
    async send(message) {
      const info = await composer.sendMail(message);
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(new Date()));
      // The links inside carry single-use tokens: readable by the app's user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: "wx" });
      logger.info(
        { to: message.to, subject: message.subject, file, link: firstLink(message.text) },
        "mail written to outbox",
      );
    },
  };
}

/** `2026-11-22T02-47-04-178Z-1a2b3c4d.eml`: sorts by time, never collides. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
}

function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
}
