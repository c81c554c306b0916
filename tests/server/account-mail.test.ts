import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess } from "../support/app-process";
import { startAppWithMail } from "../support/app-with-mail";
import { appDatabase, appEngines } from "../support/databases";
import { signedInMember, uniqueEmail } from "../support/members";
import { type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * Forgot password on the production build: mail leaves after the answer (app/adapters/
 * mail.server.ts), so an address with an account and one without get the same answer by the same
 * path, and a mail that cannot be sent costs the answer nothing. On the embedded database and,
 * when TEST_DATABASE_URL is set, on PostgreSQL.
 */

/** What may differ between two answers: the per-response nonce and the request's id. */
function comparable(response: Response, body: string, address: string) {
  const headers = [...response.headers]
    .filter(([name]) => !["date", "x-request-id"].includes(name))
    .map(([name, value]) => [name, value.replace(/'nonce-[^']*'/g, "")]);
  return {
    status: response.status,
    headers,
    body: body.replace(/nonce="[^"]*"|'nonce-[^']*'/g, "").replaceAll(address, ""),
  };
}

describe.each(appEngines)("forgot password on the production build, on $name", (engine) => {
  const database = appDatabase(engine);
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail(database.env));
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("answers an address with an account exactly like one without, and mails only the first", async () => {
    const { email } = await signedInMember(visitor(), smtp);
    const unknown = uniqueEmail("nobody");
    const answers = [];
    for (const address of [email, unknown]) {
      const response = await visitor().post("/forgot-password", { email: address });
      answers.push(comparable(response, await response.text(), address));
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    const mail = await smtp.waitForMail(
      (received) =>
        received.to.includes(email) && received.subject === "Reset your Plukweide password",
    );
    expect(new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("type")).toBe(
      "reset-password",
    );
    await sleep(200);
    expect(smtp.mails().some((received) => received.to.includes(unknown))).toBe(false);
  });
});

describe("forgot password with an SMTP server that does not answer", () => {
  let app: AppProcess;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("still answers as for any address, logs the failed mail and keeps serving", async () => {
    const visitor = new Visitor(() => app.url);
    const { email } = await signedInMember(new Visitor(() => app.url), smtp);
    // From now on nothing listens where SMTP_URL points: every mail fails to connect.
    await smtp.close();
    const response = await visitor.post("/forgot-password", { email });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Password reset email sent");
    await expect
      .poll(() => app.logLines().some((line) => line.msg === "mail could not be sent"))
      .toBe(true);
    expect((await visitor.get("/about")).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  });
});

describe("forgot password just before the process stops", () => {
  let app: AppProcess;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("still mails the link: a stopping process finishes what answers left for after", async () => {
    const { email } = await signedInMember(new Visitor(() => app.url), smtp);
    // The link's mail is still on its way when the process is told to stop.
    smtp.slowDown(3_000);
    const response = await new Visitor(() => app.url).post("/forgot-password", { email });
    expect(response.status).toBe(200);
    expect(await app.stop()).toBe(0);
    const mail = await smtp.waitForMail(
      (received) =>
        received.to.includes(email) && received.subject === "Reset your Plukweide password",
      5_000,
    );
    expect(mail.text).toContain("reset-password");
  });
});
