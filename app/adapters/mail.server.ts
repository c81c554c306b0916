import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "~/env.server";
import { afterAnswer } from "~/lib/after-answer.server";
import { LOG_EVENTS, type Logger } from "./logger.server";

/** One mail to one person, already rendered in their language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Resolves once the mail is handed to the SMTP server (or written to the outbox); the app's
   * mailer (`createMailer`) resolves once the mail is queued, and sends it after.
   */
  send(message: MailMessage): Promise<void>;
}

export interface QueuedMailer extends Mailer {
  /** Resolves once every mail queued so far has been sent or given up. */
  idle(): Promise<void>;
}

export type MailConfig = Pick<Config, "smtpUrl" | "mailFrom" | "dataDir" | "production">;

/**
 * SMTP when `SMTP_URL` is set; otherwise an outbox of `.eml` files under `$DATA_DIR/mail`, so the
 * embedded setup works offline: the log names each file and the link inside it.
 */
export function createMailer(config: MailConfig, logger: Logger): QueuedMailer {
  if (config.smtpUrl !== undefined) {
    return queued(
      withoutUndeliverable(createSmtpMailer(config.smtpUrl, config.mailFrom), logger),
      logger,
    );
  }
  const dir = path.join(config.dataDir, "mail");
  if (config.production) {
    logger.warn({ dir }, LOG_EVENTS.noSmtp);
  }
  return queued(
    withoutUndeliverable(createOutboxMailer(dir, config.mailFrom, logger), logger),
    logger,
  );
}

/**
 * Hands mail over after the request that asked for it has its answer: `send` only queues, so a
 * form that mails some addresses and not others (forgot password, change of address) takes the
 * same time for both. A mail sent while a request is answered joins the queue once the response is
 * rendered (`afterAnswer`). One mail at a time, in order; a mail that
 * fails is logged and dropped, and never reaches the request. The queue lives in memory: a
 * stopping process waits for `idle()`, and mail still queued when a process is killed is lost
 * (ADR 58).
 */
export function queued(mailer: Mailer, logger: Logger): QueuedMailer {
  const waiting: MailMessage[] = [];
  let draining: Promise<void> | undefined;

  async function drain() {
    for (let message = waiting.shift(); message; message = waiting.shift()) {
      try {
        await mailer.send(message);
      } catch (error) {
        logger.error({ err: error, subject: message.subject }, "mail could not be sent");
      }
    }
    draining = undefined;
  }

  return {
    send(message) {
      afterAnswer(() => {
        waiting.push(message);
        draining ??= drain();
      });
      return Promise.resolve();
    },
    async idle() {
      // Mail handed over outside a request joins the queue a macrotask later.
      await new Promise((resolve) => setImmediate(resolve));
      while (draining) await draining;
    },
  };
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
      // nodemailer's defaults (2 min to connect, 10 min idle) would hold the mail queue far too
      // long behind one unreachable server. Query parameters in SMTP_URL override these.
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
        LOG_EVENTS.outboxMail,
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
