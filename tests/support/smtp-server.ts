import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for tests: point the app at `server.url` (as `SMTP_URL`) and read
 * what it sends.
 *
 *   const smtp = await startSmtpServer();
 *   const app = spawnApp({ SMTP_URL: smtp.url });
 *   const mail = await smtp.waitForMail((m) => m.to.includes("anna@example.com"));
 *   await smtp.close();
 */

export interface ReceivedMail {
  /** Address of the From header, e.g. `no-reply@localhost`. */
  from: string;
  /** Addresses of the To header. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message as received, headers included. */
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:PORT`: the only credentials the server accepts. */
  url: string;
  port: number;
  /** Every mail received so far, oldest first. */
  mails(): ReceivedMail[];
  /**
   * The oldest mail matching `predicate` that no earlier call has returned, waiting up to
   * `timeoutMs` for it to arrive. Each mail is handed out once, so waiting twice for "a mail to
   * anna" finds her first mail and then her second (a resent link, say).
   */
  waitForMail(
    predicate?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  /** From now on, accepts each recipient only after `ms`, as a slow mail server would. */
  slowDown(ms: number): void;
  /** Stops listening; pending waits fail. */
  close(): Promise<void>;
}

const USER = "user";
const PASS = "pass";

interface Waiter {
  predicate: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface SmtpServerOptions {
  /** A fixed loopback port, for a server started before the app that names it; default any. */
  port?: number;
  /** Called with each mail as it arrives, before the SMTP server acknowledges it. */
  onMail?: (mail: ReceivedMail) => void;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const waiters = new Set<Waiter>();
  let recipientDelayMs = 0;

  function deliver(mail: ReceivedMail) {
    received.push(mail);
    options.onMail?.(mail);
    for (const waiter of waiters) {
      if (!waiter.predicate(mail)) continue;
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      claimed.add(mail);
      waiter.resolve(mail);
      return;
    }
  }

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onRcptTo(_address, _session, callback) {
      if (recipientDelayMs > 0) setTimeout(() => callback(), recipientDelayMs);
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            deliver({
              from: addresses(parsed.from)[0] ?? "",
              to: addresses(parsed.to),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: parsed.html || "",
              raw,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    port,
    mails: () => [...received],
    slowDown(ms) {
      recipientDelayMs = ms;
    },
    waitForMail(predicate = () => true, timeoutMs = 10_000) {
      const waiting = received.find((mail) => !claimed.has(mail) && predicate(mail));
      if (waiting) {
        claimed.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(
              new Error(
                `No matching mail within ${timeoutMs} ms; received: ${
                  received.map((mail) => `"${mail.subject}" to ${mail.to.join(", ")}`).join("; ") ||
                  "none"
                }`,
              ),
            );
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error("SMTP test server closed"));
      }
      waiters.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.address ? [entry.address] : [])),
  );
}
