import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { type AppProcess } from "../support/app-process";
import { UTRECHT_MEADOW } from "../../db/factories/meadow-form";
import { addMeadow, signedInMember } from "../support/members";
import { type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * How large a request may be: a body over the limit is refused from its length alone (413), a
 * field over its own limit gets the form back with a message in the page's language (400).
 */

/** Sends only the request's head, announcing `length` bytes, and returns the status. */
async function announce(port: number, path: string, length: number): Promise<number> {
  return (await announced(port, path, length)).status;
}

/** Sends only the request's head, announcing `length` bytes, and returns the answer. */
function announced(
  port: number,
  path: string,
  length: number,
  accept = "*/*",
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(length),
          accept,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"]),
            body,
          });
          req.destroy();
        });
      },
    );
    req.on("error", reject);
    req.flushHeaders();
  });
}

describe("request limits", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  let member: Visitor;
  let meadowPath: string;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
    member = visitor();
    await signedInMember(member, smtp);
    meadowPath = await addMeadow(member);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("refuses a body over the limit from its length, before reading it", async () => {
    const megabyte = 1024 * 1024;
    expect(await announce(app.port, "/login", 16 * megabyte + 1)).toBe(413);
    expect(await announce(app.port, "/nl/settings/avatar", 17 * megabyte)).toBe(413);
    expect(await announce(app.port, "/api/meadows/x/photos", 17 * megabyte)).toBe(413);
    // The meadow page's photo form without JavaScript may carry several photos.
    expect(await announce(app.port, `${meadowPath}`, 65 * megabyte)).toBe(413);
  });

  it("tells a browser whose form sent too much how much fits, in the page's language", async () => {
    const megabyte = 1024 * 1024;
    const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const dutch = await announced(app.port, `/nl${meadowPath}`, 65 * megabyte, browser);
    expect(dutch.status).toBe(413);
    expect(dutch.type).toMatch(/^text\/html/);
    expect(dutch.body).toContain('<html lang="nl">');
    expect(dutch.body).toContain("Te veel tegelijk");
    expect(dutch.body).toContain("maximaal 64 MB");
    expect(dutch.body).toContain('href="/nl"');
    const english = await announced(app.port, "/settings/avatar", 17 * megabyte, browser);
    expect(english.body).toContain("Too Much at Once");
    expect(english.body).toContain("up to 16 MB");
    // A script's upload under /api gets a problem, as every refusal there; elsewhere a plain line.
    const script = await announced(app.port, "/api/meadows/x/photos", 17 * megabyte);
    expect(script).toMatchObject({ status: 413, type: "application/problem+json; charset=utf-8" });
    const form = await announced(app.port, "/settings/avatar", 17 * megabyte);
    expect(form).toMatchObject({ status: 413, type: expect.stringMatching(/^text\/plain/) });
  });

  it("answers a field over its limit with the form and a message in the page's language", async () => {
    const tooLongName = "D".repeat(101);
    const register = (path: string) =>
      visitor().post(path, {
        name: tooLongName,
        email: "lang@example.org",
        password: "dahlia-zomer-2026",
        confirmPassword: "dahlia-zomer-2026",
      });
    const english = await register("/register");
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("Name can be at most 100 characters");
    const dutch = await register("/nl/register");
    expect(dutch.status).toBe(400);
    expect(await dutch.text()).toContain("De naam mag maximaal 100 tekens lang zijn");

    const meadow = await member.post("/nl/meadows/add", {
      ...UTRECHT_MEADOW,
      description: "Zinnia's. ".repeat(600),
      intent: "locate",
    });
    expect(meadow.status).toBe(400);
    expect(await meadow.text()).toContain("Deze tekst mag maximaal 5.000 tekens lang zijn");

    const profile = await member.post("/settings/profile", { name: tooLongName });
    expect(profile.status).toBe(400);
    expect(await profile.text()).toContain("Name can be at most 100 characters");

    const caption = new FormData();
    caption.set("intent", "upload-photos");
    caption.set("caption", "b".repeat(201));
    caption.append("photos", new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), "wei.jpg");
    const photos = await member.postMultipart(meadowPath, caption);
    expect(photos.status).toBe(400);
    expect(await photos.text()).toContain("A caption can be at most 200 characters");
  });

  it("answers a meadow form with a field sent twice with the form, not a server error", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(UTRECHT_MEADOW)) form.set(name, value);
    form.append("street", "Oudegracht");
    form.append("city", "Utrecht");
    form.set("intent", "locate");
    const answer = await member.postMultipart("/meadows/add", form);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("refuses over-long sign-in fields with a message, not a server error", async () => {
    const longEmail = await visitor().post("/login", {
      email: `${"a".repeat(300)}@example.org`,
      password: "dahlia-zomer-2026",
    });
    expect(longEmail.status).toBe(400);
    expect(await longEmail.text()).toContain("Please enter a valid email address");
    const longPassword = await visitor().post("/nl/login", {
      email: "niemand@example.org",
      password: "p".repeat(1024 * 1024),
    });
    expect(longPassword.status).toBeGreaterThanOrEqual(400);
    expect(longPassword.status).toBeLessThan(500);
  });

  it("keeps a connection usable after answering a post before reading its body", async () => {
    // A visitor's post is sent to sign in before the form is read; the browser then sends its
    // next request on the same connection, which must be answered.
    for (let round = 0; round < 5; round += 1) {
      const sent = await fetch(`${app.url}/meadows/add`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: `name=${"ß".repeat(750_000)}`,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await sent.arrayBuffer();
      expect(sent.status).toBe(302);
      const next = await fetch(`${app.url}/about`, { signal: AbortSignal.timeout(10_000) });
      await next.arrayBuffer();
      expect(next.status).toBe(200);
    }
  });
});
