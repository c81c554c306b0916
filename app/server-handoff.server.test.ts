import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { settleServerHandoff } from "./server-handoff.server";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

interface Cached {
  result: { done: boolean; value: string };
}

describe("settleServerHandoff", () => {
  it("puts the whole handoff in React Router's stream cache as one read and its end", async () => {
    // "Köln" with its ö split between two chunks, as a stream may cut it.
    const bytes = new TextEncoder().encode('["Köln"]');
    const context = {
      serverHandoffStream: streamOf([bytes.subarray(0, 3), bytes.subarray(3)]),
      renderMeta: {},
    } as unknown as EntryContext & { renderMeta: { streamCache: Record<number, Cached> } };

    await settleServerHandoff(context);

    const cache = context.renderMeta.streamCache;
    expect(cache[0]?.result).toEqual({ done: false, value: '["Köln"]' });
    expect(cache[1]?.result).toEqual({ done: true, value: "" });
    await expect(cache[0]).resolves.toBeUndefined();
    // React Router takes its own reader of the stream, which has nothing left.
    const reader = context.serverHandoffStream!.getReader();
    await expect(reader.read()).resolves.toEqual({ done: true, value: undefined });
  });

  it("leaves a context without a handoff as it is", async () => {
    const context = { renderMeta: {} } as unknown as EntryContext & { renderMeta: object };
    await settleServerHandoff(context);
    expect(context.renderMeta).toEqual({});
  });
});
