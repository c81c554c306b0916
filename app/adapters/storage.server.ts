import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readdir, rename, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { Config } from "~/env.server";
import { deletionsAllowed } from "./deletion-hold.server";

/**
 * Where uploaded images live. Keys name immutable content (the image pipeline derives them from a
 * content hash), so a key is never rewritten with different bytes and may be cached forever.
 */
export interface ObjectStorage {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * undefined when nothing is stored under the key (or the key is not a valid key). A stream body
   * holds a file or connection open until it is read to the end or destroyed.
   */
  get(key: string): Promise<StoredObject | undefined>;
  /** Deletes the keys; keys that do not exist are skipped. */
  delete(keys: string[]): Promise<void>;
  /** Every key below the folder `prefix` (a valid key, without the trailing slash). */
  list(prefix: string): Promise<string[]>;
  /** The same keys with the time each was last written, for finding files left behind. */
  listWithDates(prefix: string): Promise<StoredKey[]>;
  /** The URL a browser loads the object from: the app's `/images/` route or the public bucket. */
  publicUrl(key: string): string;
}

export interface StoredKey {
  key: string;
  lastModified: Date;
}

export interface StoredObject {
  body: Buffer | Readable;
  contentType: string;
  size: number;
}

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

/** The path under which the app serves stored objects itself (see image-route.server.ts). */
export const IMAGE_ROUTE_PREFIX = "/images/";

const MAX_KEY_LENGTH = 512;
// Segments start with a letter or digit: no "." or "..", and no hidden names, which the disk
// driver keeps for its temporary files.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(`invalid storage key: ${key}`);
}

export function createStorage(config: Config): ObjectStorage {
  const { storage } = config;
  if (storage.driver === "disk") return createDiskStorage(storage.dir);
  return createS3Storage(storage);
}

const CONTENT_TYPES_BY_EXTENSION: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

/**
 * Files under `dir`, one per key. A key's segments become directories, so a key can never name a
 * file outside `dir`; writes go to a hidden temporary file first and are renamed into place, so a
 * reader sees the whole file or none.
 */
export function createDiskStorage(dir: string): ObjectStorage {
  const root = path.resolve(dir);

  const fileFor = (key: string): string => {
    assertValidKey(key);
    const file = path.join(root, ...key.split("/"));
    // Unreachable with a valid key; kept so a future change to the key rules cannot open the door.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(`invalid key: ${key}`);
    return file;
  };

  const removeEmptyParents = async (file: string) => {
    for (let parent = path.dirname(file); parent !== root; parent = path.dirname(parent)) {
      try {
        await rmdir(parent);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
    }
  };

  return {
    kind: "disk",

    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`,
      );
      const handle = await open(temporary, "wx", 0o644);
      try {
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      if (!isValidStorageKey(key)) return undefined;
      const file = fileFor(key);
      let handle;
      try {
        // O_NOFOLLOW: a symlink planted in the upload folder is not followed out of it.
        handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ELOOP" || code === "ENOTDIR") return undefined;
        throw error;
      }
      const stats = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        // The stream owns the file handle: reading it to the end, or destroying it, closes it.
        body: handle.createReadStream(),
        contentType: CONTENT_TYPES_BY_EXTENSION[path.extname(file)] ?? "application/octet-stream",
        size: stats.size,
      };
    },

    async delete(keys) {
      const files = keys.map(fileFor);
      await deletionsAllowed(root);
      for (const file of files) {
        try {
          await unlink(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
        await removeEmptyParents(file);
      }
    },

    async listWithDates(prefix) {
      const keys = await this.list(prefix);
      const dated: StoredKey[] = [];
      for (const key of keys) {
        try {
          dated.push({ key, lastModified: (await stat(fileFor(key))).mtime });
        } catch (error) {
          // Removed between the listing and now: nothing left to report.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
      return dated;
    },

    async list(prefix) {
      const folder = fileFor(prefix);
      let entries;
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
        )
        .filter(isValidStorageKey)
        .sort();
    },

    publicUrl(key) {
      assertValidKey(key);
      return IMAGE_ROUTE_PREFIX + key;
    },
  };
}

type S3Settings = Extract<Config["storage"], { driver: "s3" }>;

/** S3's limit on keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

/** Any S3-compatible store (see newS3Client for stores other than AWS). */
export function createS3Storage(settings: Omit<S3Settings, "driver">): ObjectStorage {
  // The SDK costs about 30 MB of memory once loaded: a server storing on disk never loads it.
  let connection: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }>;
  const connect = () =>
    (connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: newS3Client(sdk, settings),
    })));
  const bucket = settings.bucket;
  const publicBase =
    settings.publicUrl === undefined ? undefined : settings.publicUrl.replace(/\/*$/, "/");

  return {
    kind: "s3",

    async put(key, bytes, contentType) {
      assertValidKey(key);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          // Keys name immutable content; a CDN in front of S3_PUBLIC_URL may keep them forever.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },

    async get(key) {
      if (!isValidStorageKey(key)) return undefined;
      const { client, sdk } = await connect();
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = response.Body;
        if (!(body instanceof Readable)) {
          throw new Error("S3 answered with a body that is not a Node stream");
        }
        return {
          body,
          contentType: response.ContentType ?? "application/octet-stream",
          size: response.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(keys) {
      keys.forEach(assertValidKey);
      const { client, sdk } = await connect();
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const response = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = response.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `S3 could not delete ${failed.length} object(s): ${failed
              .map((failure) => `${failure.Key} (${failure.Code})`)
              .join(", ")}`,
          );
        }
      }
    },

    async list(prefix) {
      return (await this.listWithDates(prefix)).map((stored) => stored.key);
    },

    async listWithDates(prefix) {
      assertValidKey(prefix);
      const { client, sdk } = await connect();
      const stored: StoredKey[] = [];
      let continuationToken: string | undefined;
      do {
        const response = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}/`,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of response.Contents ?? []) {
          if (object.Key !== undefined) {
            stored.push({ key: object.Key, lastModified: object.LastModified ?? new Date(0) });
          }
        }
        continuationToken = response.IsTruncated ? response.NextContinuationToken : undefined;
      } while (continuationToken !== undefined);
      return stored.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    publicUrl(key) {
      assertValidKey(key);
      return (publicBase ?? IMAGE_ROUTE_PREFIX) + key;
    },
  };
}

/**
 * With an endpoint (MinIO, Garage, Ceph, R2, …) requests use path-style addressing and send
 * checksums only where the API requires them, which such stores accept.
 */
function newS3Client(sdk: typeof S3Sdk, settings: Omit<S3Settings, "driver">): S3Sdk.S3Client {
  return new sdk.S3Client({
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    ...(settings.endpoint === undefined
      ? {}
      : {
          endpoint: settings.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: "WHEN_REQUIRED" as const,
          responseChecksumValidation: "WHEN_REQUIRED" as const,
        }),
  });
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}
