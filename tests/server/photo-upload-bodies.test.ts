import { request as httpRequest, type ClientRequest } from "node:http";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_NAMED_JPG, webp } from "../fixtures/images/generate";
import { type AppProcess } from "../support/app-process";
import { startAppWithMail } from "../support/app-with-mail";
import { appDatabase, appEngines } from "../support/databases";
import { addMeadow, signedInMember } from "../support/members";
import { type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * Photo upload bodies on the production build: a refused upload is answered before its body is
 * read, one member has at most three uploads in progress, every body goes to a temporary file
 * that is gone when the request is, and a caption over its limit is told as such.
 */

const BOUNDARY = "----plukweide-test-boundary";
const megabyte = 1024 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A multipart upload written by hand: its head and the file part's first `sent` bytes go out at
 * once, the rest only on `finish()`; `abort()` cuts the connection instead.
 */
function slowUpload(
  app: AppProcess,
  member: Visitor,
  target: string,
  options: { field: string; file: Buffer; sent?: number; fields?: Record<string, string> },
) {
  const fields = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const head = Buffer.from(
    `${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${options.field}"; filename="langzaam.webp"\r\nContent-Type: image/webp\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Buffer.concat([head, options.file, tail]);
  const sent = head.length + (options.sent ?? options.file.length);
  let req: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = httpRequest(
      {
        host: "127.0.0.1",
        port: app.port,
        method: "POST",
        path: target,
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(body.length),
          cookie: member.cookie,
          origin: app.url,
          "x-forwarded-for": member.ip,
          "accept-language": "en",
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.write(body.subarray(0, sent));
  });
  return {
    answer,
    /** The bytes the client has written so far, of the body's whole length. */
    sent,
    length: body.length,
    finish: () => req.end(body.subarray(sent)),
    abort: () => {
      // The answer may never come now; nobody waits for it.
      answer.catch(() => undefined);
      req.destroy();
    },
  };
}

/** Waits (a bounded while) until `check` holds; the server's work ends after its answer. */
async function eventually(check: () => boolean, what: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (check()) return;
    await sleep(50);
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(appEngines)("photo upload bodies on $name", (engine) => {
  const database = appDatabase(engine);
  let smtp: TestSmtpServer;
  let app: AppProcess;
  let meadowPath: string;
  const tempRoot = () => path.join(app.dataDir, "tmp", "uploads");
  /** Files of uploads in progress: one folder per request, holding its files. */
  const tempFiles = () =>
    existsSync(tempRoot())
      ? readdirSync(tempRoot(), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [];
  const tempFolders = () => (existsSync(tempRoot()) ? readdirSync(tempRoot()) : []);
  const member = async (name: string) => {
    const browser = new Visitor(() => app.url);
    await signedInMember(browser, smtp, { name });
    return browser;
  };

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail(database.env));
    meadowPath = await addMeadow(await member("Olga Eigenaar"));
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("answers an upload over the hourly limit before its body has come, and the form too", async () => {
    const sender = await member("Vera Veel");
    const text = () => {
      const body = new FormData();
      body.set("photo", new Blob([new Uint8Array(TEXT_NAMED_JPG.bytes)]), TEXT_NAMED_JPG.name);
      return body;
    };
    // Every upload counts, added or not: sixty refused ones use up the hour.
    for (let i = 0; i < 60; i += 1) {
      expect((await sender.postMultipart(`/api${meadowPath}/photos`, text())).status).toBe(415);
    }
    const big = Buffer.alloc(15 * megabyte - 64 * 1024, 0x20);
    const api = slowUpload(app, sender, `/api${meadowPath}/photos`, {
      field: "photo",
      file: big,
      sent: megabyte,
    });
    const answered = await api.answer;
    expect(api.sent).toBeLessThan(api.length / 10);
    expect(answered.status).toBe(429);
    expect(Number(answered.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(answered.body)).toMatchObject({ outcome: { reason: "rateLimited" } });
    api.abort();

    const form = slowUpload(app, sender, `/nl${meadowPath}`, {
      field: "photos",
      file: big,
      sent: megabyte,
      fields: { intent: "upload-photos" },
    });
    const page = await form.answer;
    expect(page.status).toBe(429);
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
    expect(page.body).toContain(
      "Je hebt het afgelopen uur al 60 foto&#x27;s toegevoegd. Probeer het later opnieuw.",
    );
    form.abort();
    await eventually(() => tempFiles().length === 0, "no temporary files left");
  });

  it("takes three uploads at once from a member, answers a fourth at once, and leaves no files", async () => {
    const sender = await member("Sam Snel");
    const photo = await webp(64, 48);
    // The file's bytes have come, its part's end has not: three uploads in progress.
    const pending = [0, 1, 2].map(() =>
      slowUpload(app, sender, `/api${meadowPath}/photos`, { field: "photo", file: photo }),
    );
    await eventually(() => tempFiles().length === 3, "three uploads on disk");

    const fourth = slowUpload(app, sender, `/api${meadowPath}/photos`, {
      field: "photo",
      file: Buffer.alloc(4 * megabyte),
      sent: 1024,
    });
    const refused = await fourth.answer;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ outcome: { reason: "tooManyAtOnce" } });
    fourth.abort();
    const form = slowUpload(app, sender, meadowPath, {
      field: "photos",
      file: Buffer.alloc(4 * megabyte),
      sent: 1024,
      fields: { intent: "upload-photos" },
    });
    const page = await form.answer;
    expect(page.status).toBe(429);
    expect(page.body).toContain(
      "You are already uploading 3 photos at once. Please try again when they are done.",
    );
    form.abort();
    // Another member is not held up by this one.
    const other = new FormData();
    other.set("photo", new Blob([new Uint8Array(await webp(66, 48))]), "ander.webp");
    const others = await (
      await member("Ola Ander")
    ).postMultipart(`/api${meadowPath}/photos`, other);
    expect(others.status).toBe(201);

    // One cut off: its file goes, and its slot is free again.
    pending[0]!.abort();
    await eventually(() => tempFiles().length === 2, "the cut-off upload's file removed");
    await eventually(() => tempFolders().length === 2, "the cut-off upload's folder removed");
    const again = slowUpload(app, sender, `/api${meadowPath}/photos`, {
      field: "photo",
      file: await webp(65, 48),
    });
    await eventually(() => tempFiles().length === 3, "a new upload taken");
    for (const upload of [pending[1]!, pending[2]!, again]) upload.finish();
    const answers = await Promise.all([pending[1]!.answer, pending[2]!.answer, again.answer]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(tempFiles()).toEqual([]);
    expect(tempFolders()).toEqual([]);
  });

  it("leaves no temporary file after a refused photo, and tells a long caption as such", async () => {
    const sender = await member("Cas Lang");
    const text = new FormData();
    text.set("photo", new Blob([new Uint8Array(TEXT_NAMED_JPG.bytes)]), TEXT_NAMED_JPG.name);
    expect((await sender.postMultipart(`/api${meadowPath}/photos`, text)).status).toBe(415);
    expect(tempFiles()).toEqual([]);

    const captioned = new FormData();
    captioned.set("photo", new Blob([new Uint8Array(await webp(67, 48))]), "bijschrift.webp");
    captioned.set("caption", "x".repeat(201));
    const response = await sender.postMultipart(`/api${meadowPath}/photos`, captioned);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      outcome: { name: "bijschrift.webp", added: false, reason: "captionTooLong" },
    });
    expect(tempFiles()).toEqual([]);
  });

  it("adds a tall photo under the pixel limit", async () => {
    const sender = await member("Tom Toren");
    const tall = await sharp({
      create: { width: 1200, height: 16_500, channels: 3, background: { r: 90, g: 140, b: 70 } },
    })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.set("photo", new Blob([new Uint8Array(tall)], { type: "image/jpeg" }), "toren.jpg");
    const response = await sender.postMultipart(`/api${meadowPath}/photos`, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ outcome: { name: "toren.jpg", added: true } });
  });
});
