import { describe, expect, it } from "vitest";
import { createCoalescingStream } from "./coalescing-stream.server";

function collect(stream: NodeJS.ReadableStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("the coalescing stream", () => {
  it("hands on what is written in one turn as one chunk, and later writes as they come", async () => {
    let ended = false;
    const stream = createCoalescingStream(() => (ended = true));
    const chunks = collect(stream);
    stream.write("<html>");
    stream.write("<body>");
    stream.write("<p>first</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body><p>first</p>"]);

    await new Promise((resolve) => setTimeout(resolve, 10));
    stream.write("<p>later</p>");
    stream.end("</body></html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks.join("")).toBe("<html><body><p>first</p><p>later</p></body></html>");
    expect(chunks).toHaveLength(2);
    expect(ended).toBe(true);
  });

  it("rewrites the first chunk it hands on, and only that one", async () => {
    const stream = createCoalescingStream(undefined, (chunk) =>
      Buffer.from(chunk.toString().toUpperCase()),
    );
    const chunks = collect(stream);
    stream.write("<head>");
    stream.write("<title>");
    await new Promise((resolve) => setImmediate(resolve));
    stream.end("</title>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["<HEAD><TITLE>", "</title>"]);
  });

  it("stays quiet once destroyed", async () => {
    const stream = createCoalescingStream();
    const chunks = collect(stream);
    stream.write("<html>");
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([]);
  });
});
