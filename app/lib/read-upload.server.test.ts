import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readUpload, type ReadUploadOptions } from "./read-upload.server";

const BOUNDARY = "----unit-boundary";

function part(name: string, value: string | Buffer, filename?: string): Buffer {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream`
    : `form-data; name="${name}"`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from("\r\n"),
  ]);
}

function multipart(parts: Buffer[], { end = true } = {}): Buffer {
  return Buffer.concat([...parts, Buffer.from(end ? `--${BOUNDARY}--\r\n` : "")]);
}

/** A request whose body arrives in small chunks, and may stop short with an error. */
function request(body: Buffer, { cutOff = false } = {}): Request {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) {
        if (cutOff) controller.error(new Error("the client went away"));
        else controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + 1000)));
      offset += 1000;
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body: stream,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
}

describe("readUpload", () => {
  let tempDir: string;
  const left = () => (existsSync(tempDir) ? readdirSync(tempDir) : []);
  const options = (more: Partial<ReadUploadOptions<string>> = {}): ReadUploadOptions<string> => ({
    tempDir,
    fileFields: ["photo"],
    maxFiles: 2,
    maxFileBytes: 10_000,
    ...more,
  });
  beforeEach(async () => {
    tempDir = path.join(await mkdtemp(path.join(tmpdir(), "plukweide-read-upload-")), "uploads");
  });
  afterEach(async () => {
    await rm(path.dirname(tempDir), { recursive: true, force: true });
  });

  it("writes each file to a temporary file, hands over the fields, and removes the files after", async () => {
    const bytes = Buffer.alloc(5000, 7);
    const body = multipart([
      part("caption", "Tul\0pen"),
      part("photo", bytes, "a.jpg"),
      part("other", Buffer.from("ignored"), "b.txt"),
      // No file chosen: an empty part, left out.
      part("photo", Buffer.alloc(0), ""),
    ]);
    const seen = await readUpload(request(body), options(), async (upload) => {
      expect(upload.fields.get("caption")).toBe("Tulpen");
      expect(upload.files).toHaveLength(1);
      const [file] = upload.files;
      expect(file).toMatchObject({ field: "photo", name: "a.jpg", size: 5000, tooLarge: false });
      expect(readFileSync(file!.path!).equals(bytes)).toBe(true);
      return file!.path!;
    });
    expect(existsSync(seen)).toBe(false);
    expect(left()).toEqual([]);
  });

  it("removes the files when the handler throws", async () => {
    const body = multipart([part("photo", Buffer.alloc(3000, 1), "a.jpg")]);
    await expect(
      readUpload(request(body), options(), () => Promise.reject(new Error("store down"))),
    ).rejects.toThrow("store down");
    expect(left()).toEqual([]);
  });

  it("answers 400 for a body cut off in a file, and leaves nothing behind", async () => {
    const body = multipart([part("photo", Buffer.alloc(8000, 1), "a.jpg")], { end: false });
    const cut = body.subarray(0, 4000);
    const error = await readUpload(request(cut, { cutOff: true }), options(), () =>
      Promise.resolve("handled"),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(400);
    expect(left()).toEqual([]);
  });

  it("marks a file over the size limit, keeps no more of it, and drops files past maxFiles", async () => {
    const body = multipart([
      part("photo", Buffer.alloc(25_000, 1), "big.jpg"),
      part("photo", Buffer.alloc(10, 2), "two.jpg"),
      part("photo", Buffer.alloc(10, 3), "three.jpg"),
    ]);
    await readUpload(request(body), options(), async (upload) => {
      expect(upload.tooManyFiles).toBe(true);
      expect(upload.files.map((file) => [file.name, file.size, file.tooLarge])).toEqual([
        ["big.jpg", 10_000, true],
        ["two.jpg", 10, false],
      ]);
    });
    expect(left()).toEqual([]);
  });

  it("asks admit once per file and keeps nothing of a refused one", async () => {
    const asked: string[] = [];
    const admit = async ({ name }: { name: string }) => {
      asked.push(name);
      return name === "no.jpg" ? "rateLimited" : undefined;
    };
    const body = multipart([
      part("photo", Buffer.alloc(4000, 1), "yes.jpg"),
      part("photo", Buffer.alloc(4000, 2), "no.jpg"),
    ]);
    await readUpload(request(body), options({ admit }), async (upload) => {
      expect(
        upload.files.map((file) => [file.name, file.refusal, file.path !== undefined]),
      ).toEqual([
        ["yes.jpg", undefined, true],
        ["no.jpg", "rateLimited", false],
      ]);
    });
    expect(asked).toEqual(["yes.jpg", "no.jpg"]);
  });

  it("answers 415 for another type and 400 for a multipart type without a boundary", async () => {
    const plain = new Request("http://localhost/upload", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "text/plain" },
    });
    const noBoundary = new Request("http://localhost/upload", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "multipart/form-data" },
    });
    for (const [sent, status] of [
      [plain, 415],
      [noBoundary, 400],
    ] as const) {
      const error = await readUpload(sent, options(), () => Promise.resolve()).catch(
        (caught: unknown) => caught,
      );
      expect((error as Response).status).toBe(status);
    }
  });
});
