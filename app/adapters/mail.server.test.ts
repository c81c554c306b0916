import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp-server";
import { parseConfig } from "~/env.server";
import { createLogger } from "./logger.server";
import { answering } from "~/lib/after-answer.server";
import { createMailer, queued, type MailMessage } from "./mail.server";

const link = "http://localhost:3000/auth/callback?token=tok3n&type=verify-email";
const message: MailMessage = {
  to: "anna@example.com",
  subject: "Bevestig je e-mailadres",
  text: `Hallo Anna,\n\nBevestig je e-mailadres:\n${link}\n\nVeel plukplezier!`,
  html: `<p>Hallo Anna,</p><p><a href="${link.replaceAll("&", "&amp;")}">Bevestig je e-mailadres</a></p>`,
};

function config(env: Record<string, string>) {
  return parseConfig(
    { DATA_DIR: mkdtempSync(path.join(tmpdir(), "plukweide-mail-")), ...env },
    process.cwd(),
    () => "a-generated-secret-that-is-long-enough",
  );
}

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("info", {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe("SMTP mailer", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it("delivers the mail with both parts to the SMTP server in SMTP_URL", async () => {
    const { logger } = capturedLogger();
    const mailer = createMailer(
      config({ SMTP_URL: smtp.url, MAIL_FROM: "Plukweide <hallo@plukweide.example>" }),
      logger,
    );
    await mailer.send(message);

    const mail = await smtp.waitForMail((received) => received.to.includes("anna@example.com"));
    expect(mail.from).toBe("hallo@plukweide.example");
    expect(mail.raw).toMatch(/^From: Plukweide <hallo@plukweide\.example>\r?$/m);
    expect(mail.to).toEqual(["anna@example.com"]);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text.trim()).toBe(message.text);
    expect(mail.html).toBe(message.html);
  });

  it("logs a mail the server refuses, after the sender has its answer, and sends the next", async () => {
    const { logger, lines } = capturedLogger();
    const wrong = smtp.url.replace("user:pass@", "user:wrong@");
    const mailer = createMailer(config({ SMTP_URL: wrong }), logger);
    // Queued: the sender neither waits for the refusal nor sees it.
    await expect(mailer.send(message)).resolves.toBeUndefined();
    expect(lines).toEqual([]);
    await mailer.idle();
    expect(lines).toMatchObject([
      {
        level: "error",
        msg: "mail could not be sent",
        subject: message.subject,
        err: { message: expect.stringMatching(/Invalid username or password/) },
      },
    ]);
  });

  it("sends queued mail in order, one failure not stopping the rest", async () => {
    const { logger, lines } = capturedLogger();
    let calls = 0;
    const sent: string[] = [];
    const mailer = queued(
      {
        async send(mail) {
          calls += 1;
          if (calls === 1) throw new Error("connection refused");
          sent.push(mail.to);
        },
      },
      logger,
    );
    await mailer.send({ ...message, to: "a@example.com" });
    await mailer.send({ ...message, to: "b@example.com" });
    await mailer.send({ ...message, to: "c@example.com" });
    expect(calls).toBe(0);
    await mailer.idle();
    expect(sent).toEqual(["b@example.com", "c@example.com"]);
    expect(lines.filter((line) => line.level === "error")).toHaveLength(1);
  });
});

describe("outbox mailer (no SMTP_URL)", () => {
  it("writes an .eml file with both parts and logs its link, not its text", async () => {
    const { logger, lines } = capturedLogger();
    const cfg = config({ APP_URL: "https://plukweide.example" });
    const mailer = createMailer(cfg, logger);
    await mailer.send(message);
    await mailer.send({ ...message, to: "bram@example.com" });
    await mailer.idle();

    const outbox = path.join(cfg.dataDir, "mail");
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);

    const first = path.join(outbox, files[0]!);
    expect(statSync(first).mode & 0o777).toBe(0o600);
    const raw = readFileSync(first, "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    const parsed = await simpleParser(raw);
    expect(parsed.from).toMatchObject({
      value: [{ name: "Plukweide", address: "no-reply@plukweide.example" }],
    });
    expect(parsed.to).toMatchObject({ value: [{ address: "anna@example.com" }] });
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toBe(message.html);

    const mailLines = lines.filter((line) => line.msg === "mail written to outbox");
    expect(mailLines).toHaveLength(2);
    expect(mailLines[0]).toMatchObject({
      level: "info",
      to: "anna@example.com",
      subject: message.subject,
      file: first,
      link,
    });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain("Hallo Anna");
    expect(logged).not.toContain("Veel plukplezier");
  });

  it("drops mail to .invalid addresses, such as the demo member's, leaving no link behind", async () => {
    const { logger, lines } = capturedLogger();
    const cfg = config({});
    const mailer = createMailer(cfg, logger);
    await mailer.send({ ...message, to: "demo@plukweide.invalid" });
    await mailer.send({ ...message, to: "Demo@Example.INVALID." });
    await mailer.idle();
    expect(existsSync(path.join(cfg.dataDir, "mail"))).toBe(false);
    expect(JSON.stringify(lines)).not.toContain("tok3n");
    expect(lines.filter((line) => line.msg === "mail to an .invalid address dropped")).toHaveLength(
      2,
    );
  });

  it("warns in production that mails are not delivered", () => {
    const { logger, lines } = capturedLogger();
    createMailer(config({ NODE_ENV: "production" }), logger);
    expect(lines).toMatchObject([{ level: "warn", msg: expect.stringContaining("SMTP_URL") }]);
  });
});

describe("mail queue", () => {
  it("holds a request's mail until its answer has settled, even a failed one", async () => {
    const { logger } = capturedLogger();
    const sent: string[] = [];
    const mailer = queued({ send: async (mail) => void sent.push(mail.to) }, logger);
    const answer = await answering(async () => {
      await mailer.send({ ...message, to: "a@example.com" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sent).toEqual([]);
      return "page";
    });
    expect(answer).toBe("page");
    await expect(
      answering(async () => {
        await mailer.send({ ...message, to: "b@example.com" });
        throw new Error("render failed");
      }),
    ).rejects.toThrow("render failed");
    await mailer.idle();
    expect(sent).toEqual(["a@example.com", "b@example.com"]);
  });
});
