import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess } from "../support/app-process";
import { startAppWithMail } from "../support/app-with-mail";
import { addMeadow, signedInMember } from "../support/members";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * Photos on S3 while the object store is gone: the member is told the upload failed, in their
 * language, the app stays up, and no page shows a photo whose files were never stored.
 */

function photoIds(html: string): string[] {
  return [...html.matchAll(/data-photo-id="([^"]+)"/g)].map((match) => match[1]!);
}

describe("uploading photos while the object store is down", () => {
  let s3: TestS3Server;
  let app: AppProcess;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    s3 = await startS3Server("plukweide-down");
    ({ app, smtp } = await startAppWithMail({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }));
  });

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("says 'Failed to upload photo' and keeps the gallery to the photos that were stored", async () => {
    const member = new Visitor(() => app.url);
    await signedInMember(member, smtp);
    const meadowPath = await addMeadow(member);
    const jpeg = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#c2410c" },
    })
      .jpeg()
      .toBuffer();
    const upload = () => {
      const body = new FormData();
      body.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "veld.jpg");
      return member.postMultipart(`/api${meadowPath}/photos`, body);
    };
    expect((await upload()).status).toBe(201);
    const before = photoIds(await (await member.get(meadowPath)).text());
    expect(before).toHaveLength(1);

    await s3.close();
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ outcome: { added: false, reason: "failed" } });

    // Without JavaScript: the page's own form, answered in the page's language.
    for (const [prefix, message] of [
      ["", "Failed to upload photo"],
      ["/nl", "Het uploaden van de foto is mislukt"],
    ] as const) {
      const body = new FormData();
      body.set("intent", "upload-photos");
      body.append("photos", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "wei.jpg");
      const page = await member.postMultipart(`${prefix}${meadowPath}`, body);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(message);
    }

    expect(photoIds(await (await member.get(meadowPath)).text())).toEqual(before);
    expect((await member.get("/healthz")).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  });
});
