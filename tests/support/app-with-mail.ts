import { spawnApp, type AppProcess } from "./app-process";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";
import { freePort } from "./visitor";

/**
 * The production build on a port of its own whose APP_URL names it (links in mails must work),
 * sending its mail to a real SMTP server on loopback.
 */
export async function startAppWithMail(
  env: Record<string, string> = {},
): Promise<{ app: AppProcess; smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer();
  const port = await freePort();
  const app = await spawnApp({
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    ...env,
  }).ready;
  return { app, smtp };
}
