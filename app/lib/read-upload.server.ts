import busboy from "busboy";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/*
 * A multipart upload read as it arrives: each file goes to a temporary file of its own, never
 * into memory, and every temporary file is removed when the request is done, whether it worked,
 * was refused, failed or was cut off. Fields are plain text, NUL taken out as readForm does.
 */

/**
 * Where uploads wait to be processed: in the data folder, which is on disk wherever the app
 * runs (a system's temporary folder may be in memory, the very thing this is to spare).
 */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, "tmp", "uploads");
}

export interface ReceivedFile<Refusal> {
  field: string;
  /** The name the browser sent, unchecked. */
  name: string;
  /** The temporary file holding its bytes; absent when it was empty or refused. */
  path?: string;
  size: number;
  /** Larger than `maxFileBytes`: only that much was kept, so it must be refused. */
  tooLarge: boolean;
  /** What `admit` answered for it instead of keeping it. */
  refusal?: Refusal;
}

export interface ReceivedUpload<Refusal> {
  /** Each field's first value. */
  fields: Map<string, string>;
  /** Non-empty files of the expected fields, in the order they came. */
  files: ReceivedFile<Refusal>[];
  /** More files came than `maxFiles`: the rest were dropped unread. */
  tooManyFiles: boolean;
}

export interface ReadUploadOptions<Refusal> {
  /** The folder (uploadTempDir) that holds each request's files while it is handled. */
  tempDir: string;
  fileFields: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  /**
   * Asked once per non-empty file when its first bytes arrive: a refusal (the member's limit,
   * say) drops the file's bytes as they come instead of keeping them.
   */
  admit?: (file: { field: string; name: string }) => Promise<Refusal | undefined>;
}

const FIELD_LIMITS = { fields: 20, fieldSize: 16 * 1024, parts: 64 } as const;

/**
 * Reads `request`'s multipart body and hands it to `handle`, then removes its temporary files.
 * Throws a 415 Response for another type, a 400 one for a body that is not a whole multipart
 * form (malformed, or cut off before its end).
 */
export async function readUpload<Refusal, Result>(
  request: Request,
  options: ReadUploadOptions<Refusal>,
  handle: (upload: ReceivedUpload<Refusal>) => Promise<Result>,
): Promise<Result> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type) || !request.body) {
    throw new Response(null, { status: isFormType(type) ? 400 : 415 });
  }
  await mkdir(options.tempDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.tempDir, "upload-"));
  try {
    let upload: ReceivedUpload<Refusal>;
    try {
      upload = await receive(request.body, type, dir, options);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw new Response(null, { status: 400 });
    }
    return await handle(upload);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the request's body is a multipart form (by its type; the body is not looked at). */
export function isMultipart(request: Request): boolean {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return type === "multipart/form-data";
}

function isFormType(type: string): boolean {
  const bare = type.split(";")[0]?.trim().toLowerCase();
  return bare === "multipart/form-data" || bare === "application/x-www-form-urlencoded";
}

function receive<Refusal>(
  body: ReadableStream<Uint8Array>,
  type: string,
  dir: string,
  options: ReadUploadOptions<Refusal>,
): Promise<ReceivedUpload<Refusal>> {
  const fields = new Map<string, string>();
  const files: ReceivedFile<Refusal>[] = [];
  const writes: Promise<void>[] = [];
  let tooManyFiles = false;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { ...FIELD_LIMITS, files: options.maxFiles, fileSize: options.maxFileBytes },
    });
  } catch {
    // No boundary, or one busboy cannot use.
    return Promise.reject(new Response(null, { status: 400 }));
  }
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);

  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      parser.destroy(error instanceof Error ? error : new Error("upload failed"));
      // Files being written stop with the parser; wait for them so none is open when the
      // folder is removed.
      void Promise.allSettled(writes).then(() => reject(error));
    };
    parser.on("field", (name, value) => {
      const clean = name.replaceAll("\0", "");
      if (!fields.has(clean)) fields.set(clean, value.replaceAll("\0", ""));
    });
    parser.on("file", (field, stream, info) => {
      if (!options.fileFields.includes(field)) {
        stream.resume();
        return;
      }
      const file: ReceivedFile<Refusal> = {
        field,
        name: info.filename ?? "",
        size: 0,
        tooLarge: false,
      };
      const target = path.join(dir, String(writes.length));
      writes.push(keep(stream, file, target, options).catch((error: unknown) => fail(error)));
      files.push(file);
    });
    parser.on("filesLimit", () => (tooManyFiles = true));
    parser.on("error", fail);
    parser.on("close", () => {
      void Promise.all(writes).then(() => {
        if (failed) return;
        resolve({ fields, files: files.filter((file) => file.size > 0), tooManyFiles });
      }, fail);
    });
    source.on("error", fail);
    source.pipe(parser);
  });
}

/** Writes one file part to `target` as it arrives, unless it is empty or `admit` refuses it. */
async function keep<Refusal>(
  stream: Readable & { truncated?: boolean },
  file: ReceivedFile<Refusal>,
  target: string,
  options: ReadUploadOptions<Refusal>,
): Promise<void> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return;
  file.size = first.value.length;
  file.refusal = await options.admit?.({ field: file.field, name: file.name });
  if (file.refusal !== undefined) {
    // Dropped as it comes: the parser needs the bytes read to find the next part.
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      file.size += next.value.length;
    }
    return;
  }
  const handle = await open(target, "wx");
  file.path = target;
  try {
    await handle.write(first.value);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      file.size += next.value.length;
      await handle.write(next.value);
    }
  } finally {
    await handle.close();
  }
  file.tooLarge = stream.truncated === true;
}
