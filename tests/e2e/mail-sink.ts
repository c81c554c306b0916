// The browser journeys' mail server: a real SMTP server on loopback (tests/support/smtp-server.ts)
// that the app under test sends to (SMTP_URL), started by playwright.config.ts before the app.
// Every mail it receives becomes a JSON file in E2E_MAIL_DIR, which tests read (./mail.ts): the
// tests run in other processes than this one.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpServer } from "../support/smtp-server.ts";

const port = Number(process.env.E2E_SMTP_PORT);
const dir = process.env.E2E_MAIL_DIR;
if (!port || !dir) throw new Error("mail-sink needs E2E_SMTP_PORT and E2E_MAIL_DIR");
mkdirSync(dir, { recursive: true });

let received = 0;
await startSmtpServer({
  port,
  onMail(mail) {
    const name = `${String(++received).padStart(6, "0")}.json`;
    const { raw: _raw, ...fields } = mail;
    // Written whole, then renamed: a reader never sees half a file.
    writeFileSync(path.join(dir, `.${name}`), JSON.stringify(fields));
    renameSync(path.join(dir, `.${name}`), path.join(dir, name));
  },
});
console.log(`mail sink on smtp://127.0.0.1:${port}, writing to ${dir}`);
