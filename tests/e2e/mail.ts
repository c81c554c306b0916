import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ReceivedMail } from "../support/smtp-server";

/**
 * The mails the app under test sent, as the mail sink (./mail-sink.ts) received them over SMTP.
 * Each is handed out once per test process, so waiting twice for a mail to one address finds the
 * first mail and then the second.
 */
export type Mail = Omit<ReceivedMail, "raw">;

const claimed = new Set<string>();

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error("E2E_MAIL_DIR is not set: run the journeys through playwright.config.ts");
  return dir;
}

export async function waitForMail(to: string, subject: string, timeoutMs = 10_000): Promise<Mail> {
  const dir = mailDir();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith(".json") && !file.startsWith("."))
      .sort();
    const mails = files.map((file) => ({
      file,
      mail: JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Mail,
    }));
    const found = mails.find(
      ({ file, mail }) => !claimed.has(file) && mail.to.includes(to) && mail.subject === subject,
    );
    if (found) {
      claimed.add(found.file);
      return found.mail;
    }
    if (Date.now() > deadline) {
      const seen = mails.filter(({ mail }) => mail.to.includes(to)).map(({ mail }) => mail.subject);
      throw new Error(
        `No mail "${subject}" to ${to} within ${timeoutMs} ms; to that address: ${
          seen.map((each) => `"${each}"`).join(", ") || "none"
        }`,
      );
    }
    await sleep(100);
  }
}

/** The link in a mail's plain-text part. */
export function linkIn(mail: Mail): URL {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in "${mail.subject}"`);
  return new URL(link);
}
