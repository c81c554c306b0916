import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../tests/support/s3-server";
import { parseConfig } from "~/env.server";
import {
  createDiskStorage,
  createS3Storage,
  createStorage,
  InvalidStorageKeyError,
  isValidStorageKey,
  type ObjectStorage,
  type StoredObject,
} from "./storage.server";

async function bodyText(stored: StoredObject | undefined): Promise<string | undefined> {
  if (stored === undefined) return undefined;
  return Buffer.isBuffer(stored.body) ? stored.body.toString() : text(stored.body);
}

const INVALID_KEYS = [
  "",
  "../secret.webp",
  "photos/../../etc/passwd",
  "photos/./a.webp",
  "/etc/passwd",
  "photos//a.webp",
  "photos/",
  ".hidden.webp",
  "photos/.a.webp.123.tmp",
  "Photos/A.webp",
  "photos\\..\\a.webp",
  "photos/%2e%2e/a.webp",
  "photos/a b.webp",
  "photos/a\0.webp",
  "photos/é.webp",
  `photos/${"a".repeat(520)}.webp`,
];

describe("storage keys", () => {
  it("accepts lower-case letters, digits, _ . - and / between segments", () => {
    expect(isValidStorageKey("avatars/0123abcd/96w-2x.webp")).toBe(true);
    expect(isValidStorageKey("a_b-c.d")).toBe(true);
  });

  it.each(INVALID_KEYS)("refuses %j", (key) => {
    expect(isValidStorageKey(key)).toBe(false);
  });
});

describe("disk storage", () => {
  let dir: string;
  let storage: ObjectStorage;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "plukweide-storage-"));
    storage = createDiskStorage(path.join(dir, "uploads"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("is what the default configuration chooses, under $DATA_DIR/uploads", async () => {
    const config = parseConfig({ DATA_DIR: dir }, "/", () => "x".repeat(32));
    const fromConfig = createStorage(config);
    expect(fromConfig.kind).toBe("disk");
    await fromConfig.put("photos/abc/1w-1x.webp", Buffer.from("pixels"), "image/webp");
    expect(await readdir(path.join(dir, "uploads", "photos", "abc"))).toEqual(["1w-1x.webp"]);
  });

  it("stores, reads back and deletes objects", async () => {
    const key = "photos/0123/160w-1x.webp";
    expect(await storage.get(key)).toBeUndefined();

    await storage.put(key, Buffer.from("first version"), "image/webp");
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.size).toBe(13);
    expect(await bodyText(stored)).toBe("first version");

    await storage.delete([key]);
    expect(await storage.get(key)).toBeUndefined();
  });

  it("replaces an object whole and leaves no temporary files", async () => {
    const key = "photos/0123/160w-1x.webp";
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        storage.put(key, Buffer.from(`version ${index}`.repeat(1000)), "image/webp"),
      ),
    );
    const content = await bodyText(await storage.get(key));
    expect(content).toMatch(/^(version \d)+$/);
    expect(new Set(content!.match(/version \d/g)).size).toBe(1);
    expect(await readdir(path.join(dir, "uploads", "photos", "0123"))).toEqual(["160w-1x.webp"]);
  });

  it("lists the keys below a folder, and only those", async () => {
    for (const key of ["photos/aa/1w-1x.webp", "photos/aa/1w-2x.webp", "photos/ab/1w-1x.webp"]) {
      await storage.put(key, Buffer.from(key), "image/webp");
    }
    expect(await storage.list("photos/aa")).toEqual([
      "photos/aa/1w-1x.webp",
      "photos/aa/1w-2x.webp",
    ]);
    expect(await storage.list("photos/zz")).toEqual([]);
    expect(await storage.list("photos")).toHaveLength(3);
  });

  it("skips missing keys when deleting and removes folders left empty", async () => {
    await storage.put("photos/aa/1w-1x.webp", Buffer.from("a"), "image/webp");
    await storage.put("photos/bb/1w-1x.webp", Buffer.from("b"), "image/webp");
    await storage.delete(["photos/aa/1w-1x.webp", "photos/aa/never-stored.webp"]);
    expect(await readdir(path.join(dir, "uploads", "photos"))).toEqual(["bb"]);
    await storage.delete(["photos/bb/1w-1x.webp"]);
    expect(await readdir(path.join(dir, "uploads"))).toEqual([]);
  });

  it.each(INVALID_KEYS)(
    "refuses to write, delete or list %j, and reads nothing for it",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(storage.delete([key])).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.list(key)).rejects.toThrow(InvalidStorageKeyError);
      expect(await storage.get(key)).toBeUndefined();
    },
  );

  it("never reads outside its folder, even through a planted symlink", async () => {
    await writeFile(path.join(dir, "secret.webp"), "secret");
    await mkdir(path.join(dir, "uploads", "photos"), { recursive: true });
    await symlink(path.join(dir, "secret.webp"), path.join(dir, "uploads", "photos", "link.webp"));
    expect(await storage.get("photos/link.webp")).toBeUndefined();
    expect(await storage.get("../secret.webp")).toBeUndefined();
  });

  it("answers undefined for a folder", async () => {
    await storage.put("photos/aa/1w-1x.webp", Buffer.from("a"), "image/webp");
    expect(await storage.get("photos/aa")).toBeUndefined();
  });

  it("serves objects through the app's /images/ route", () => {
    expect(storage.publicUrl("photos/aa/1w-1x.webp")).toBe("/images/photos/aa/1w-1x.webp");
    expect(() => storage.publicUrl("../x")).toThrow(InvalidStorageKeyError);
  });
});

describe("S3 storage URLs", () => {
  const settings = {
    endpoint: "http://127.0.0.1:9",
    bucket: "plukweide",
    region: "eu-west-1",
    accessKeyId: "id",
    secretAccessKey: "secret",
  };

  it("uses S3_PUBLIC_URL when set, else the app's /images/ route", () => {
    const direct = createS3Storage({ ...settings, publicUrl: "https://cdn.example.org/media" });
    expect(direct.publicUrl("photos/aa/1w-1x.webp")).toBe(
      "https://cdn.example.org/media/photos/aa/1w-1x.webp",
    );
    const proxied = createS3Storage({ ...settings, publicUrl: undefined });
    expect(proxied.publicUrl("photos/aa/1w-1x.webp")).toBe("/images/photos/aa/1w-1x.webp");
  });

  it("is what STORAGE_DRIVER=s3 chooses", () => {
    const config = parseConfig(
      {
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "b",
        S3_REGION: "r",
        S3_ACCESS_KEY_ID: "i",
        S3_SECRET_ACCESS_KEY: "s",
      },
      "/",
      () => "x".repeat(32),
    );
    expect(createStorage(config).kind).toBe("s3");
  });
});

// Runs against a real S3-compatible store: the one TEST_S3_* names (MinIO, Garage, AWS …:
// TEST_S3_ENDPOINT, optional for AWS, TEST_S3_BUCKET, existing, TEST_S3_REGION,
// TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY), else an S3 server the test starts on
// loopback (tests/support/s3-server.ts, ADR 19).
const named = {
  endpoint: process.env.TEST_S3_ENDPOINT || undefined,
  bucket: process.env.TEST_S3_BUCKET ?? "",
  region: process.env.TEST_S3_REGION || "us-east-1",
  accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "",
  secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "",
  publicUrl: undefined,
};
const namedServer = Boolean(named.bucket && named.accessKeyId && named.secretAccessKey);

describe("S3 storage against a real S3-compatible server (integration)", () => {
  const prefix = `test-${randomBytes(6).toString("hex")}`;
  let storage: ObjectStorage;
  let local: TestS3Server | undefined;
  let s3: typeof named;

  beforeAll(async () => {
    if (namedServer) s3 = named;
    else {
      local = await startS3Server();
      s3 = { ...local, publicUrl: undefined };
    }
  });
  afterAll(() => local?.close());

  beforeEach(() => {
    storage = createS3Storage(s3);
  });
  afterEach(async () => {
    const left = await storage.list(prefix);
    if (left.length > 0) await storage.delete(left);
  });

  it("stores, lists, reads back and deletes objects", async () => {
    const keys = [`${prefix}/aa/1w-1x.webp`, `${prefix}/aa/1w-2x.webp`, `${prefix}/ab/1w-1x.webp`];
    for (const key of keys) await storage.put(key, Buffer.from(`bytes of ${key}`), "image/webp");

    const stored = await storage.get(keys[0]!);
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.size).toBe(`bytes of ${keys[0]}`.length);
    expect(stored?.body).toBeInstanceOf(Readable);
    expect(await bodyText(stored)).toBe(`bytes of ${keys[0]}`);

    expect(await storage.list(`${prefix}/aa`)).toEqual(keys.slice(0, 2));
    await storage.delete([...keys.slice(0, 2), `${prefix}/aa/never-stored.webp`]);
    expect(await storage.list(`${prefix}/aa`)).toEqual([]);
    expect(await storage.get(keys[0]!)).toBeUndefined();
    expect(await storage.list(prefix)).toEqual([keys[2]]);
  });

  it("answers undefined for keys that were never stored, or are invalid", async () => {
    expect(await storage.get(`${prefix}/missing.webp`)).toBeUndefined();
    expect(await storage.get("../missing.webp")).toBeUndefined();
  });
});
