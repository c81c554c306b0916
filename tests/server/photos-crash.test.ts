import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoJpeg } from "../fixtures/images/generate";
import { freshDataDir, spawnApp, type AppProcess } from "../support/app-process";
import { createFreshPostgresDatabase, testDatabaseUrl } from "../support/databases";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { freePort, Visitor } from "../support/visitor";

/**
 * A process that stops while uploads are under way, killed outright or sent SIGTERM by a
 * deploy, leaves no photo whose files are missing: files are stored before the row commits
 * (ADR 19). On PostgreSQL, which survives a killed client; the app's files stay in DATA_DIR.
 */
describe.runIf(testDatabaseUrl)("photos when the process stops during uploads", () => {
  let smtp: TestSmtpServer;
  let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
  let app: AppProcess;
  let env: Record<string, string>;
  let member: Visitor;
  let jpeg: Buffer;
  const MEADOW = "/meadows/demo-005";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    fresh = await createFreshPostgresDatabase();
    const port = await freePort();
    env = {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      DATA_DIR: freshDataDir(),
      DATABASE_URL: fresh.url,
      SEED_DEMO: "true",
    };
    app = await spawnApp(env).ready;
    member = new Visitor(() => app.url);
    const email = `crash+${Date.now()}@example.org`;
    await member.post("/register", {
      name: "Karel Crash",
      email,
      password: "dahlia-zomer-2026",
      confirmPassword: "dahlia-zomer-2026",
    });
    const mail = await smtp.waitForMail((received) => received.to.includes(email));
    expect((await member.get(/https?:\/\/\S+/.exec(mail.text)![0])).status).toBe(302);
    jpeg = await photoJpeg(12);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await fresh?.drop();
  });

  /** Four uploads at once; each settles with its status, or 0 when the connection broke. */
  function uploadFour(): Promise<number>[] {
    return Array.from({ length: 4 }, async (_, i) => {
      const body = new FormData();
      body.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `veld-${i}.jpg`);
      try {
        return (await member.postMultipart(`/api${MEADOW}/photos`, body)).status;
      } catch {
        return 0;
      }
    });
  }

  /** Every image the meadow page shows answers 200; returns how many photos it shows. */
  async function everyImageLoads(): Promise<number> {
    const html = await (await member.get(MEADOW)).text();
    const urls = new Set(
      [...html.matchAll(/\/images\/photos\/[0-9a-f]{32}\/\d+w-[12]x\.webp/g)].map((m) => m[0]),
    );
    for (const url of urls) expect((await fetch(app.url + url)).status, url).toBe(200);
    return [...html.matchAll(/data-photo-id="/g)].length;
  }

  it("leaves no broken photo when the process is killed mid-upload", async () => {
    const uploads = uploadFour();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    app.child.kill("SIGKILL");
    await app.exited;
    const statuses = await Promise.all(uploads);
    app = await spawnApp(env).ready;
    const shown = await everyImageLoads();
    // Uploads answered 201 before the kill are there; the others may or may not be.
    expect(shown).toBeGreaterThanOrEqual(statuses.filter((status) => status === 201).length);
  }, 60_000);

  it("finishes uploads under way on SIGTERM, and every one answered 201 is shown whole", async () => {
    const before = await everyImageLoads();
    const uploads = uploadFour();
    await new Promise((resolve) => setTimeout(resolve, 800));
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
    const statuses = await Promise.all(uploads);
    app = await spawnApp(env).ready;
    const shown = await everyImageLoads();
    // The same picture four times: rows of their own, one set of files.
    expect(shown - before).toBe(statuses.filter((status) => status === 201).length);
  }, 60_000);
});
