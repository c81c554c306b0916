import { spawn } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../app/adapters/db.server";
import { meadows, photos, users } from "../../db/schema";
import { webp } from "../fixtures/images/generate";
import { freshDataDir, spawnApp, type AppProcess } from "../support/app-process";
import { startAppWithMail } from "../support/app-with-mail";
import { addMeadow, signedInMember } from "../support/members";
import type { TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * `npm run backup` while the production build serves members' writes, then `npm run restore`
 * into an empty directory and the app started on it: every member, meadow and photo the site had
 * before the backup is there, and every photo row's files are there, byte for byte.
 */

function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

function photoUpload(bytes: Buffer, name: string) {
  const body = new FormData();
  body.set("photo", new Blob([new Uint8Array(bytes)], { type: "image/webp" }), name);
  return body;
}

function photoIds(html: string): string[] {
  return [...html.matchAll(/data-photo-id="([^"]+)"/g)].map((match) => match[1]!);
}

/** Members, meadows and photos of a stopped app's data directory, and its photos' files. */
async function siteIn(dataDir: string) {
  const database = await openPglite(path.join(dataDir, "db"));
  try {
    const { db } = database;
    const photoRows = await db.select().from(photos).orderBy(asc(photos.id));
    // Each photo's files by name, as its folder in the store holds them.
    const files = new Map<string, Map<string, Buffer>>();
    for (const photo of photoRows) {
      const folder = path.join(dataDir, "uploads", photo.keyPrefix);
      const names = await readdir(folder).catch(() => []);
      const contents = new Map<string, Buffer>();
      for (const name of names) contents.set(name, await readFile(path.join(folder, name)));
      files.set(photo.keyPrefix, contents);
    }
    return {
      users: await db.select().from(users).orderBy(asc(users.id)),
      meadows: await db.select().from(meadows).orderBy(asc(meadows.id)),
      photos: photoRows,
      files,
    };
  } finally {
    await database.close();
  }
}

describe("backup and restore of the embedded setup", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  let restored: AppProcess | undefined;
  const dataDir = freshDataDir();
  const restoredDir = freshDataDir();
  const archive = path.join(path.dirname(dataDir), "site.tar.gz");

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail({ DATA_DIR: dataDir }));
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await restored?.stop();
    await smtp?.close();
  });

  it("backs up while members write, restores into an empty directory, and the site is whole", async () => {
    const visitor = () => new Visitor(() => app.url);
    const owner = visitor();
    await signedInMember(owner, smtp, { name: "Olga Eigenaar" });
    const author = visitor();
    await signedInMember(author, smtp, { name: "Anna Fotograaf" });
    const meadowPath = await addMeadow(owner);
    for (const [index, size] of [[64, 48] as const, [80, 60] as const].entries()) {
      const added = await author.postMultipart(
        `/api${meadowPath}/photos`,
        photoUpload(await webp(...size), `veld-${index}.webp`),
      );
      expect(added.status).toBe(201);
    }
    const churnPath = await addMeadow(author);

    const before = await siteBefore(app.url, meadowPath);
    // Members keep adding and deleting photos and adding meadows while the backup is made.
    let writing = true;
    const failures: string[] = [];
    let writes = 0;
    const writer = (async () => {
      for (let round = 0; writing; round++) {
        const upload = await author.postMultipart(
          `/api${churnPath}/photos`,
          photoUpload(await webp(40 + (round % 200), 30), `churn-${round}.webp`),
        );
        if (upload.status !== 201) failures.push(`upload ${upload.status}`);
        const ids = photoIds(await (await author.get(churnPath)).text());
        for (const id of ids.slice(0, -1)) {
          const deleted = await author.post(churnPath, {
            intent: "delete-photo",
            photoId: id,
            confirm: "yes",
          });
          if (deleted.status !== 302) failures.push(`delete ${deleted.status}`);
        }
        if (round % 3 === 0) await addMeadow(owner);
        writes += 1;
      }
    })();
    const backup = await runScript("scripts/backup.ts", [archive], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(backup.output).toContain("by the running app");
    expect(backup.code).toBe(0);
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(0);

    // Into the running site's own directory: refused, and the site is untouched.
    const refused = await runScript("scripts/restore.ts", [archive], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `Restore failed: ${dataDir} is not empty; restore into an empty or new directory (set DATA_DIR)`,
    );
    const restore = await runScript("scripts/restore.ts", [archive], { DATA_DIR: restoredDir });
    expect(restore.output).toContain(`into ${restoredDir}`);
    expect(restore.code).toBe(0);

    // The restored site serves the meadow and its photos, and the owner's session still holds,
    // as the archive carries the session secret.
    restored = await spawnApp({ DATA_DIR: restoredDir }).ready;
    const page = await (await fetch(restored.url + meadowPath)).text();
    expect(photoIds(page)).toEqual(before.photoIds);
    for (const src of before.imageUrls) {
      const served = await fetch(restored.url + src);
      expect(served.status, src).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(before.images.get(src));
    }
    const account = await fetch(`${restored.url}/settings`, {
      headers: { cookie: owner.cookie },
      redirect: "manual",
    });
    expect(account.status).toBe(200);
    await restored.stop();
    restored = undefined;
    await app.stop();

    const original = await siteIn(dataDir);
    const copy = await siteIn(restoredDir);
    // No member joined during the backup: every one is there as they were.
    expect(copy.users).toEqual(original.users);
    // Meadows were only added: the copy holds those from before and some added during.
    const originalMeadows = new Map(original.meadows.map((meadow) => [meadow.id, meadow]));
    for (const meadow of copy.meadows) expect(meadow).toEqual(originalMeadows.get(meadow.id));
    const meadowIds = [meadowPath, churnPath].map((where) => where.split("/").pop());
    expect(copy.meadows.map((meadow) => meadow.id)).toEqual(expect.arrayContaining(meadowIds));
    // Every photo row has every file, byte for byte as the original site stored it.
    const beforeIds = new Set(before.photoIds);
    expect(copy.photos.filter((photo) => beforeIds.has(photo.id))).toHaveLength(beforeIds.size);
    for (const photo of copy.photos) {
      const copied = copy.files.get(photo.keyPrefix)!;
      expect(copied.has("320w-1x.webp"), photo.keyPrefix).toBe(true);
      const stored = original.files.get(photo.keyPrefix);
      if (stored) expect(copied, photo.keyPrefix).toEqual(stored);
    }
    // The storage's temporary files are not carried over.
    const restoredFiles = await readdir(path.join(restoredDir, "uploads"), { recursive: true });
    expect(restoredFiles.filter((file) => path.basename(file).startsWith("."))).toEqual([]);
  }, 120_000);

  it("is refused for PostgreSQL, whose own tools make backups", async () => {
    const refused = await runScript("scripts/backup.ts", [archive + ".pg"], {
      DATA_DIR: restoredDir,
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      "Backup failed: DATABASE_URL is set; back up PostgreSQL with its own tools (README, Backups).",
    );
  });
});

/** What the meadow page shows before the backup: its photos and their files' bytes. */
async function siteBefore(url: string, meadowPath: string) {
  const page = await (await fetch(url + meadowPath)).text();
  const imageUrls = [...new Set(page.match(/\/images\/photos\/[0-9a-f]{32}\/[\w-]+\.webp/g))];
  const images = new Map<string, Buffer>();
  for (const src of imageUrls) {
    images.set(src, Buffer.from(await (await fetch(url + src)).arrayBuffer()));
  }
  return {
    photoIds: photoIds(page),
    imageUrls,
    images,
  };
}
