import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, unlink } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createSlots } from "../app/lib/slots";

/**
 * A request's body is read in full before the request takes its turn (ADR 57): a body that
 * arrives a byte at a time then holds up nobody but its sender. Small bodies are kept in memory,
 * larger ones (photos) in a file of their own, so waiting bodies cost the process little memory
 * however many there are. Each client may have a few bodies arriving at once, the process a
 * bounded number, and each body must arrive within a time its size sets.
 */
export interface BodyArrivalOptions {
  /** Bodies up to this many bytes are kept in memory; larger ones go to a temporary file. */
  inMemoryBytes: number;
  /** Bodies arriving at once from one client address. */
  perClient: number;
  /** Bodies arriving at once in the process. */
  total: number;
  /** How long any body may take, however small. */
  shortestMs: number;
  /** The slowest rate a body's size is allowed on top of `shortestMs`. */
  bytesPerSecond: number;
  /** How long a body may take, however large. */
  longestMs: number;
  /** Where the folder for bodies kept in files is made; the system's temporary folder if unset. */
  spoolParent?: string;
}

export type Arrival =
  /** The whole body is here: `body()` reads it (once). */
  | { kind: "arrived"; body: () => ReadableStream<Uint8Array> }
  /** Too many bodies arriving from this client (429) or in the process (503). */
  | { kind: "refused"; status: 429 | 503; retryAfterSeconds: number }
  /** The body did not arrive in the time its size allows. */
  | { kind: "too-slow" }
  /** The connection ended, or broke, before the body was complete. */
  | { kind: "gone" };

export function createBodyArrival(options: BodyArrivalOptions) {
  const arriving = createSlots(options.perClient, options.total);
  let fileNumber = 0;
  let spoolDir: Promise<string> | undefined;
  /** What to remove once each response is closed: the file its body was kept in. */
  const leftovers = new WeakMap<ServerResponse, () => void>();
  const retryAfterSeconds = Math.ceil(options.shortestMs / 1000);

  const deadlineMs = (length: number) =>
    Math.min(options.longestMs, options.shortestMs + (length / options.bytesPerSecond) * 1000);

  function inMemory(req: IncomingMessage): Promise<Arrival> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.once("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ kind: "arrived", body: () => Readable.toWeb(Readable.from([body])) as never });
      });
      req.once("close", () => resolve({ kind: "gone" }));
      req.once("error", () => resolve({ kind: "gone" }));
    });
  }

  async function inFile(req: IncomingMessage, res: ServerResponse): Promise<Arrival> {
    const dir = await (spoolDir ??= mkdtemp(
      path.join(options.spoolParent ?? tmpdir(), "plukweide-bodies-"),
    ));
    const file = path.join(dir, String(++fileNumber));
    leftovers.set(res, () => void unlink(file).catch(() => {}));
    try {
      await pipeline(req, createWriteStream(file));
    } catch {
      return { kind: "gone" };
    }
    if (!req.complete) return { kind: "gone" };
    return {
      kind: "arrived",
      body: () => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    };
  }

  return {
    /**
     * Reads the body of `req`, announced as `length` bytes, from client `client`. Call `end(res)`
     * once `res` is closed.
     */
    async wait(
      req: IncomingMessage,
      res: ServerResponse,
      client: string,
      length: number,
    ): Promise<Arrival> {
      const slot = arriving.take(client);
      if (slot === "tooManyAtOnce") return { kind: "refused", status: 429, retryAfterSeconds };
      if (slot === "busy") return { kind: "refused", status: 503, retryAfterSeconds };
      let timer: NodeJS.Timeout | undefined;
      const tooSlow = new Promise<Arrival>((resolve) => {
        timer = setTimeout(() => resolve({ kind: "too-slow" }), deadlineMs(length));
      });
      try {
        const reading = length <= options.inMemoryBytes ? inMemory(req) : inFile(req, res);
        const arrival = await Promise.race([reading, tooSlow]);
        // What is still arriving of a body cut off is not read: the connection closes.
        if (arrival.kind === "too-slow") req.pause();
        return arrival;
      } finally {
        clearTimeout(timer);
        slot.release();
      }
    },
    /** Removes what was kept of the body of `res`'s request, if anything. */
    end(res: ServerResponse): void {
      leftovers.get(res)?.();
      leftovers.delete(res);
    },
    /** Bodies arriving now: for /metrics. */
    load: () => ({ arriving: arriving.load().active }),
    /** Removes the folder of bodies kept in files. */
    async close(): Promise<void> {
      if (spoolDir) await rm(await spoolDir, { recursive: true, force: true });
    },
  };
}

export type BodyArrival = ReturnType<typeof createBodyArrival>;
